// A call's results as Python values, decoded in C: the one result decoder
// of the call paths. Buffer views become ireec.BufferViews
// (ireec_handle_new), i8/i16/i32/i64 values ints and f32/f64 values floats;
// the kinds of result C does not convert (fences, lists, other refs) go to
// the one Python function installed for them (ireec/_core/marshal.py's
// decode_result), called by C as a plain function.

#include "cext.h"

// A new BufferView owning the reference |view| (released if that fails),
// holding a use of |device|.
static PyObject* ireec_view_adopt(iree_hal_buffer_view_t* view, PyObject* device) {
  return ireec_handle_new(ireec_buffer_view_class, &ireec_buffer_view_handle_kind, view,
                          device);
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
    if (variant.ref.type == iree_hal_buffer_view_type()) {
      iree_hal_buffer_view_t* view = (iree_hal_buffer_view_t*)variant.ref.ptr;
      iree_hal_buffer_view_retain(view);
      return ireec_view_adopt(view, device);
    }
    PyObject* list = ireec_invoker_outputs_cdata(invoker);
    PyObject* name = list ? ireec_function_full_name(ireec_invoker_function(invoker)) : NULL;
    PyObject* result = name ? PyObject_CallFunction(ireec_decode_result, "OnOO", list,
                                                    index, device ? device : Py_None, name)
                            : NULL;
    Py_XDECREF(name);
    Py_XDECREF(list);
    return result;
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
