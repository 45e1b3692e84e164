// A call's results as Python values, decoded in C: the one result decoder
// of the call paths. Refs become the ireec objects of their types, each
// holding its own reference, made without running Python code
// (ireec_handle_new, of the classes install() was given): buffer views
// ireec.BufferViews, fences ireec.Fences, semaphores ireec.Semaphores (each
// holding a use of the call's device), lists ireec.vm.Lists (their
// tensors' device the call's), vm.buffers ireec.vm.Buffers; a value of a
// type registered with ireec.vm.register_type the Python object it stands
// for (ireec/vm/ref_type.py's tables); a null ref None; any other ref a
// TypeError naming its type. i8/i16/i32/i64 values become ints and f32/f64
// values floats.

#include "cext.h"

// A new BufferView owning the reference |view| (released if that fails),
// holding a use of |device|.
static PyObject* ireec_view_adopt(iree_hal_buffer_view_t* view, PyObject* device) {
  return ireec_handle_new(ireec_buffer_view_class, &ireec_buffer_view_handle_kind, view,
                          device);
}

// Where a registered type's C object keeps the number of the Python object
// it stands for: after its counter, at a whole word (ireec/vm/ref_type.py).
#define IREEC_REF_OBJECT_TOKEN_OFFSET 8

// Keeps the module of |function| (if any) until after |object| (a new
// list or vm.buffer result) is released: either may be, or hold, one of the
// module's constants (util.buffer.constant), which IREE aborts the process
// for if they are still referenced when the module goes (at a session's
// close). 0, or -1 with a Python error.
static int ireec_keep_module(PyObject* object, const iree_vm_function_t* function) {
  if (!function || !function->module) return 0;
  iree_vm_module_retain(function->module);
  PyObject* module = ireec_handle_new(&ireec_vm_module_handle_kind.type,
                                      &ireec_vm_module_handle_kind, function->module, NULL);
  if (!module) return -1;
  ireec_handle_t* handle = (ireec_handle_t*)object;
  Py_XSETREF(handle->keep_alive, module);
  return 0;
}

PyObject* ireec_ref_object(const iree_vm_ref_t* ref, PyObject* device,
                           const iree_vm_function_t* function, Py_ssize_t index) {
  if (!ref->ptr) Py_RETURN_NONE;
  iree_vm_ref_type_t type = ref->type;
  // The ireec classes of IREE's ref types, each retained for its object.
  struct {
    iree_vm_ref_type_t type;
    PyObject* cls;
    const ireec_handle_kind_t* kind;
    bool on_device;
  } kinds[] = {
      {iree_hal_buffer_view_type(), (PyObject*)ireec_buffer_view_class,
       &ireec_buffer_view_handle_kind, true},
      {iree_hal_fence_type(), ireec_fence_class, &ireec_fence_handle_kind, true},
      {iree_hal_semaphore_type(), ireec_semaphore_class, &ireec_semaphore_handle_kind, true},
      {iree_vm_list_type(), ireec_vm_list_class, &ireec_vm_list_handle_kind, true},
      {iree_vm_buffer_type(), ireec_vm_buffer_class, &ireec_vm_buffer_handle_kind, false},
  };
  for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); ++i) {
    if (kinds[i].type != type) continue;
    iree_vm_ref_object_retain(ref->ptr, type);
    bool on_device = kinds[i].on_device && device && device != Py_None;
    PyObject* object = ireec_handle_new((PyTypeObject*)kinds[i].cls, kinds[i].kind, ref->ptr,
                                        on_device ? device : NULL);
    if (object && (type == iree_vm_list_type() || type == iree_vm_buffer_type())) {
      if (ireec_keep_module(object, function) != 0) Py_CLEAR(object);
    }
    return object;
  }
  // A value of a type of Python objects: the object itself.
  PyObject* key = PyLong_FromUnsignedLongLong((unsigned long long)type);
  if (!key) return NULL;
  PyObject* registered = PyDict_GetItemWithError(ireec_ref_types, key);
  Py_DECREF(key);
  if (registered) {
    uint64_t token = *(const uint64_t*)((const char*)ref->ptr + IREEC_REF_OBJECT_TOKEN_OFFSET);
    PyObject* number = PyLong_FromUnsignedLongLong(token);
    if (!number) return NULL;
    PyObject* object = PyDict_GetItemWithError(ireec_ref_objects, number);
    Py_DECREF(number);
    if (object) return Py_NewRef(object);
    if (!PyErr_Occurred()) {
      PyErr_SetString(PyExc_RuntimeError, "a value of a registered ref type whose object "
                                          "is gone");
    }
    return NULL;
  }
  if (PyErr_Occurred()) return NULL;
  iree_string_view_t type_name = iree_vm_ref_type_name(type);
  PyObject* name = ireec_function_full_name(function);
  PyObject* kind =
      PyUnicode_DecodeUTF8(type_name.data, (Py_ssize_t)type_name.size, "replace");
  if (name && kind) {
    PyErr_Format(PyExc_TypeError,
                 "result %zd of %U is a '%U' ref, which ireec does not convert", index, name,
                 kind);
  }
  Py_XDECREF(name);
  Py_XDECREF(kind);
  return NULL;
}

// Result |index|, read from the invoker's output list; NULL with a Python
// error.
static PyObject* ireec_read_result(PyObject* invoker, Py_ssize_t index) {
  iree_vm_list_t* outputs = ireec_invoker_outputs(invoker);
  PyObject* device = ireec_invoker_device(invoker);
  iree_vm_variant_t variant = iree_vm_variant_empty();
  // Borrowed: whatever is made of it takes its own reference.
  iree_status_t status =
      iree_vm_list_get_variant_assign(outputs, (iree_host_size_t)index, &variant);
  if (!iree_status_is_ok(status)) return ireec_raise_status(status, NULL);
  if (iree_vm_type_def_is_ref(variant.type)) {
    if (!variant.ref.ptr) Py_RETURN_NONE;
    return ireec_ref_object(&variant.ref, device, ireec_invoker_function(invoker), index);
  }
  switch (iree_vm_type_def_as_value(variant.type)) {
    case IREE_VM_VALUE_TYPE_I8:
      return PyLong_FromLong(variant.i8);
    case IREE_VM_VALUE_TYPE_I16:
      return PyLong_FromLong(variant.i16);
    case IREE_VM_VALUE_TYPE_I32:
      return PyLong_FromLong(variant.i32);
    case IREE_VM_VALUE_TYPE_I64:
      return PyLong_FromLongLong(variant.i64);
    case IREE_VM_VALUE_TYPE_F32:
      return PyFloat_FromDouble(variant.f32);
    case IREE_VM_VALUE_TYPE_F64:
      return PyFloat_FromDouble(variant.f64);
    default:
      Py_RETURN_NONE;
  }
}

int ireec_results_fill(PyObject* invoker, PyObject* results) {
  int failed = 0;
  Py_ssize_t count = PyList_GET_SIZE(results);
  for (Py_ssize_t i = 0; i < count && !failed; ++i) {
    if (PyList_GET_ITEM(results, i) != Py_None) continue;
    PyObject* value = ireec_read_result(invoker, i);
    if (!value) {
      failed = -1;
      break;
    }
    PyList_SetItem(results, i, value);  // (steals; drops the None)
  }
  iree_vm_list_clear(ireec_invoker_outputs(invoker));
  return failed;
}

PyObject* ireec_results_new(PyObject* invoker, ireec_invoke_results_t* raw, PyObject* out) {
  Py_ssize_t count = (Py_ssize_t)raw->count;
  Py_ssize_t held = count < IREEC_FAST_MAX_RESULTS ? count : IREEC_FAST_MAX_RESULTS;
  PyObject* device = ireec_invoker_device(invoker);
  PyObject* results = PyList_New(count);
  // Every view is handed to a BufferView, or released once anything failed.
  bool pending = false;
  for (Py_ssize_t i = 0; i < count; ++i) {
    iree_hal_buffer_view_t* view = i < held ? raw->views[i] : NULL;
    if (i < held) raw->views[i] = NULL;
    if (!results) {
      if (view) iree_hal_buffer_view_release(view);
      continue;
    }
    PyObject* item;
    if (i == 0 && out) {
      item = Py_NewRef(out);
    } else if (view) {
      item = ireec_view_adopt(view, device);  // (releases |view| if it fails)
      if (!item) {
        Py_CLEAR(results);
        continue;
      }
    } else {
      pending = true;  // read from the output list below
      item = Py_NewRef(Py_None);
    }
    PyList_SET_ITEM(results, i, item);
  }
  if (results && pending) {
    if (ireec_results_fill(invoker, results) != 0) Py_CLEAR(results);
  } else if (!results) {
    iree_vm_list_clear(ireec_invoker_outputs(invoker));
  }
  return results;
}
