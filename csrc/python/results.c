// A call's results as Python values, decoded in C: the one result decoder
// of the call path. Buffer views become ireec.BufferViews (ireec_handle_new),
// i8/i16/i32/i64 values ints and f32/f64 values floats; the kinds of result
// C does not convert (fences, lists, other refs) go to the one Python
// function registered once (register_result_decoder: ireec/_marshal.py's
// decode_result), called by C as a plain function.

#include "cext.h"

static PyObject* ireec_result_decoder = NULL;

PyObject* ireec_register_result_decoder(PyObject* module, PyObject* decoder) {
  if (!PyCallable_Check(decoder)) {
    PyErr_SetString(PyExc_TypeError,
                    "register_result_decoder(function(outputs_address, index, "
                    "device, function_name))");
    return NULL;
  }
  Py_XSETREF(ireec_result_decoder, Py_NewRef(decoder));
  return Py_NewRef(Py_None);
}

// A new BufferView owning the reference |view| (released if that fails).
static PyObject* ireec_view_adopt(iree_hal_buffer_view_t* view, PyObject* device) {
  return ireec_handle_new((PyTypeObject*)ireec_buffer_view_type, view,
                          (void (*)(void*))iree_hal_buffer_view_release, device);
}

// A buffer view borrowed from a list, as a new BufferView of its own
// reference.
static PyObject* ireec_view_result(iree_hal_buffer_view_t* view, PyObject* device) {
  iree_hal_buffer_view_retain(view);
  return ireec_view_adopt(view, device);
}

// Result |index|, read from |outputs|; NULL with a Python error.
static PyObject* ireec_read_result(iree_vm_list_t* outputs, Py_ssize_t index,
                                   PyObject* device,
                                   const iree_vm_function_t* function) {
  iree_vm_variant_t variant = iree_vm_variant_empty();
  // Borrowed: whatever is made of it takes its own reference.
  iree_status_t status =
      iree_vm_list_get_variant_assign(outputs, (iree_host_size_t)index, &variant);
  if (!iree_status_is_ok(status)) return ireec_raise_status(status, NULL);
  if (iree_vm_type_def_is_ref(variant.type)) {
    if (!variant.ref.ptr) Py_RETURN_NONE;
    if (variant.ref.type == iree_hal_buffer_view_type()) {
      return ireec_view_result((iree_hal_buffer_view_t*)variant.ref.ptr, device);
    }
    if (!ireec_result_decoder) {
      PyErr_SetString(PyExc_RuntimeError, "ireec._cext: no result decoder registered");
      return NULL;
    }
    PyObject* name = ireec_function_full_name(function);
    if (!name) return NULL;
    PyObject* result = PyObject_CallFunction(ireec_result_decoder, "NnOO",
                                             PyLong_FromVoidPtr(outputs), index,
                                             device, name);
    Py_DECREF(name);
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

PyObject* ireec_results_decode(PyObject* results, iree_vm_list_t* outputs,
                               PyObject* device, const iree_vm_function_t* function) {
  Py_ssize_t count = PyList_GET_SIZE(results);
  // The ints own references: every one is handed to a BufferView (or
  // released) before anything else can fail.
  bool pending = false;
  PyObject* failed = NULL;
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject* entry = PyList_GET_ITEM(results, i);
    if (entry == Py_None) {
      pending = true;
      continue;
    }
    if (!PyLong_CheckExact(entry)) continue;  // an out array, read into
    void* view = PyLong_AsVoidPtr(entry);
    if (failed) {
      iree_hal_buffer_view_release(view);
      continue;
    }
    PyObject* made = ireec_view_adopt(view, device);
    if (!made) {
      failed = Py_None;  // the error stays set; the rest are released
      continue;
    }
    PyList_SetItem(results, i, made);  // (steals: drops the int)
  }
  for (Py_ssize_t i = 0; pending && !failed && i < count; ++i) {
    if (PyList_GET_ITEM(results, i) != Py_None) continue;
    PyObject* value = ireec_read_result(outputs, i, device, function);
    if (!value) {
      failed = Py_None;
      break;
    }
    PyList_SetItem(results, i, value);
  }
  if (pending) iree_vm_list_clear(outputs);
  if (failed) return NULL;
  return Py_NewRef(results);
}

// decode_results(results, outputs_address, device, function_address): the
// decoder for the Python call paths (the same results as the C invoker's).
PyObject* ireec_decode_results(PyObject* module, PyObject* const* args,
                               Py_ssize_t nargs) {
  if (nargs != 4 || !PyList_CheckExact(args[0]) ||
      (args[2] != Py_None && !PyObject_TypeCheck(args[2], &ireec_handle_type))) {
    PyErr_SetString(PyExc_TypeError,
                    "decode_results(results: list, outputs_address, device: "
                    "Handle or None, function_address)");
    return NULL;
  }
  if (!ireec_require_configured()) return NULL;
  void* addresses[2];
  PyObject* address_args[2] = {args[1], args[3]};
  if (ireec_read_addresses(address_args, 2, addresses) != 0) return NULL;
  return ireec_results_decode(args[0], addresses[0],
                              args[2] == Py_None ? NULL : args[2], addresses[1]);
}
