// read_dense(): a small dense, host-mappable buffer view read into a new
// numpy array in one step (BufferView.to_numpy's common case).

#include "cext.h"

// read_dense(view): the address of an iree_hal_buffer_view_t read into a
// new numpy array, for views of fewer than |max_bytes| bytes whose element
// type has a dtype in dtypes_by_element_type; None when this path declines
// (nothing done); an int, a failed status, when IREE's map failed.
PyObject* ireec_fast_read_dense(PyObject* module, PyObject* const* args,
                                       Py_ssize_t nargs) {
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "read_dense(view, max_bytes)");
    return NULL;
  }
  if (!ireec_require_configured()) return NULL;
  void* address = NULL;
  if (ireec_read_addresses(args, 1, &address) != 0) return NULL;
  Py_ssize_t max_bytes = PyLong_AsSsize_t(args[1]);
  if (max_bytes < 0 && PyErr_Occurred()) return NULL;
  const iree_hal_buffer_view_t* view = address;
  iree_device_size_t length = iree_hal_buffer_view_byte_length(view);
  if (length == 0 || length >= (iree_device_size_t)max_bytes) Py_RETURN_NONE;

  PyObject* key = PyLong_FromUnsignedLong(iree_hal_buffer_view_element_type(view));
  if (!key) return NULL;
  PyObject* dtype = PyDict_GetItemWithError(ireec_dtypes_by_element_type, key);
  Py_DECREF(key);
  if (!dtype) return PyErr_Occurred() ? NULL : Py_NewRef(Py_None);
  iree_host_size_t rank = iree_hal_buffer_view_shape_rank(view);
  PyObject* shape = PyTuple_New((Py_ssize_t)rank);
  if (!shape) return NULL;
  for (iree_host_size_t i = 0; i < rank; ++i) {
    PyObject* dim = PyLong_FromUnsignedLongLong(iree_hal_buffer_view_shape_dim(view, i));
    if (!dim) {
      Py_DECREF(shape);
      return NULL;
    }
    PyTuple_SET_ITEM(shape, (Py_ssize_t)i, dim);
  }
  PyObject* array = PyObject_CallFunctionObjArgs(ireec_numpy_empty, shape, dtype, NULL);
  Py_DECREF(shape);
  if (!array) return NULL;
  Py_buffer buffer;
  if (PyObject_GetBuffer(array, &buffer, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) != 0) {
    Py_DECREF(array);
    return NULL;
  }
  // The dense, mappable case only; code-only statuses say "not this way".
  iree_status_t status = ireec_hal_buffer_view_map_read_dense(
      view, buffer.buf, (iree_host_size_t)buffer.len);
  PyBuffer_Release(&buffer);
  if (iree_status_is_ok(status)) return array;
  Py_DECREF(array);
  iree_status_code_t code = iree_status_code(status);
  if (code == IREE_STATUS_INVALID_ARGUMENT || code == IREE_STATUS_OUT_OF_RANGE ||
      code == IREE_STATUS_UNAVAILABLE) {
    iree_status_ignore(status);
    Py_RETURN_NONE;
  }
  return PyLong_FromVoidPtr(status);
}
