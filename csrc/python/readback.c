// A buffer view read back into a new numpy array: BufferView.to_numpy(),
// whose common case (a dense, host-mappable view, copied) is one C step,
// and the one route to the mapped reads: small views straight into a new
// array of their shape (ireec_hal_buffer_view_map_read_dense), large ones
// into storage placed at the source's offset within a page
// (ireec_hal_buffer_view_map_read_dense_page_matched). What it declines
// (another encoding, memory the host cannot map, an element type numpy
// lacks until ml_dtypes is imported, an empty view, copy other than True)
// goes to the installed Python function (BufferView._to_numpy), which reads
// it another way or says why it cannot.

#include "cext.h"

// The most dims of a view read here: numpy 1.x's limit.
#define IREEC_READ_MAX_RANK 32

// Whether a map-read |status| means "not this way" (code-only statuses for
// another encoding, a size the shape does not explain, or memory that is
// not host-mappable): ignored, for the general path to take.
static bool ireec_read_declined(iree_status_t status) {
  iree_status_code_t code = iree_status_code(status);
  if (code != IREE_STATUS_INVALID_ARGUMENT && code != IREE_STATUS_OUT_OF_RANGE &&
      code != IREE_STATUS_UNAVAILABLE) {
    return false;
  }
  iree_status_ignore(status);
  return true;
}

// The view of |self| (an open BufferViewHandle) read into a new array, or
// None when declined; NULL with a Python error (IREE's failure to map
// raised as its ireec.errors class).
static PyObject* ireec_buffer_view_read_mapped(ireec_handle_t* self) {
  iree_hal_buffer_view_t* view = self->buffer_view;
  iree_device_size_t length = iree_hal_buffer_view_byte_length(view);
  iree_host_size_t rank = iree_hal_buffer_view_shape_rank(view);
  PyArray_Descr* dtype = ireec_dtype_for(iree_hal_buffer_view_element_type(view));
  if (!length || !dtype || rank > IREEC_READ_MAX_RANK) Py_RETURN_NONE;
  npy_intp dims[IREEC_READ_MAX_RANK];
  uint64_t elements = 1;
  for (iree_host_size_t i = 0; i < rank; ++i) {
    iree_hal_dim_t dim = iree_hal_buffer_view_shape_dim(view, i);
    if (dim > (iree_hal_dim_t)NPY_MAX_INTP) Py_RETURN_NONE;
    dims[i] = (npy_intp)dim;
    elements *= dim;  // (no overflow: the view's |length| bytes hold them)
  }
  // A size its shape does not explain is the general path's to refuse.
  if (elements * (uint64_t)PyDataType_ELSIZE(dtype) != length) Py_RETURN_NONE;

  iree_status_t status;
  PyObject* array;
  if (length < IREEC_PAGE_MATCHED_READ_MIN_BYTES) {
    Py_INCREF(dtype);  // (stolen)
    array = PyArray_NewFromDescr(&PyArray_Type, dtype, (int)rank, dims, NULL, NULL, 0,
                                 NULL);
    if (!array) return NULL;
    // Small: with the GIL, which a thread handoff would cost more than.
    status = ireec_hal_buffer_view_map_read_dense(
        view, PyArray_DATA((PyArrayObject*)array), (iree_host_size_t)length);
  } else {
    npy_intp storage_length = (npy_intp)(length + IREEC_PAGE_MATCH_SPAN - 1);
    PyObject* storage = PyArray_SimpleNew(1, &storage_length, NPY_UINT8);
    if (!storage) return NULL;
    iree_host_size_t offset = 0;
    uint8_t* data = PyArray_DATA((PyArrayObject*)storage);
    // Large: without the GIL, holding a use of the view meanwhile (so a
    // close() on another thread waits for the read).
    ++self->users;
    Py_BEGIN_ALLOW_THREADS;
    status = ireec_hal_buffer_view_map_read_dense_page_matched(
        view, data, (iree_host_size_t)storage_length, &offset);
    Py_END_ALLOW_THREADS;
    ireec_handle_release_use((PyObject*)self);
    array = NULL;
    if (iree_status_is_ok(status)) {
      Py_INCREF(dtype);  // (stolen)
      array = PyArray_NewFromDescr(&PyArray_Type, dtype, (int)rank, dims, NULL,
                                   data + offset, NPY_ARRAY_CARRAY, NULL);
      if (array && PyArray_SetBaseObject((PyArrayObject*)array, storage) != 0) {
        Py_CLEAR(array);
        storage = NULL;  // (stolen even on failure)
      } else if (array) {
        storage = NULL;  // the array's base now
      }
    }
    Py_XDECREF(storage);
    if (iree_status_is_ok(status) && !array) return NULL;
  }
  if (iree_status_is_ok(status)) return array;
  Py_XDECREF(array);
  if (ireec_read_declined(status)) Py_RETURN_NONE;
  return ireec_raise_status(status, NULL);
}

// _read_mapped(): for the general path (which has learned the dtype).
static PyObject* ireec_buffer_view_read_mapped_method(PyObject* self, PyObject* unused) {
  if (ireec_handle_is_closed(self)) {
    ireec_handle_raise_closed(self);
    return NULL;
  }
  return ireec_buffer_view_read_mapped((ireec_handle_t*)self);
}

// to_numpy(copy=True).
static PyObject* ireec_buffer_view_to_numpy(PyObject* self, PyObject* const* args,
                                            Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* copy = nargs ? args[0] : Py_True;
  Py_ssize_t keywords = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  if (nargs + keywords > 1 ||
      (keywords && !PyUnicode_Check(PyTuple_GET_ITEM(kwnames, 0))) ||
      (keywords &&
       PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "copy") != 0)) {
    PyErr_SetString(PyExc_TypeError, "to_numpy(copy=True) takes one argument, copy");
    return NULL;
  }
  if (keywords) copy = args[nargs];
  if (copy == Py_True) {
    if (ireec_handle_is_closed(self)) {
      ireec_handle_raise_closed(self);
      return NULL;
    }
    PyObject* array = ireec_buffer_view_read_mapped((ireec_handle_t*)self);
    if (array != Py_None) return array;
    Py_DECREF(array);
  }
  if (!ireec_require_installed()) return NULL;
  PyObject* call_args[2] = {self, copy};
  return PyObject_Vectorcall(ireec_read_back, call_args, 2, NULL);
}

PyMethodDef ireec_buffer_view_methods[] = {
    {"to_numpy", (PyCFunction)(void (*)(void))ireec_buffer_view_to_numpy,
     METH_FASTCALL | METH_KEYWORDS,
     // The first lines are CPython's text signature (inspect.signature).
     "to_numpy($self, /, copy=True)\n--\n\n"
     "The values as a numpy array.\n\n"
     "- copy=True (default): a new array, read by mapping\n"
     "  (iree_hal_buffer_map_read) when the buffer is mappable, else by\n"
     "  iree_hal_device_transfer_d2h.\n"
     "- copy=None: an array aliasing the buffer (a persistent\n"
     "  iree_hal_buffer_map_range) where that is safe, else a copy.\n"
     "- copy=False: aliasing or ValueError, as numpy's copy=False."},
    {"_read_mapped", ireec_buffer_view_read_mapped_method, METH_NOARGS,
     "A dense, host-mappable view read into a new array, or None."},
    {NULL, NULL, 0, NULL},
};
