// A call's `out`: numpy arrays its results are read into instead of being
// returned as BufferViews (one array for a single result, or a list or
// tuple with an entry per result, None for a result returned as usual).
// Checked when a BoundCall is made (ireec_out_check) and read after a call
// whose `out` ireec_invoke did not read in its own crossing
// (ireec_out_read): several results, a list, or a coarse-fences call,
// read once its signal fence is reached.

#include "cext.h"

// |out| as a new list of |count| entries; NULL with TypeError (not an
// array, list or tuple) or ValueError (another count).
static PyObject* ireec_out_entries(PyObject* out, Py_ssize_t count, PyObject* name) {
  PyObject* entries;
  if (PyArray_CheckExact(out)) {
    entries = PyList_New(1);
    if (entries) PyList_SET_ITEM(entries, 0, Py_NewRef(out));
  } else if (PyList_Check(out) || PyTuple_Check(out)) {
    entries = PySequence_List(out);
  } else {
    PyErr_Format(PyExc_TypeError,
                 "out must be a numpy array or a list or tuple of them (None for results "
                 "to return as usual), not %s",
                 _PyType_Name(Py_TYPE(out)));
    return NULL;
  }
  if (!entries) return NULL;
  Py_ssize_t given = PyList_GET_SIZE(entries);
  if (given != count) {
    PyErr_Format(PyExc_ValueError, "out has %zd entr%s for the %zd result%s of %U", given,
                 given == 1 ? "y" : "ies", count, count == 1 ? "" : "s", name);
    Py_DECREF(entries);
    return NULL;
  }
  return entries;
}

static PyObject* ireec_not_a_view(Py_ssize_t index, PyObject* name) {
  PyErr_Format(PyExc_TypeError,
               "result %zd of %U is not a buffer view: its out entry must be None", index,
               name);
  return NULL;
}

// Describes `out` entry |index|, |target|, in |*host|: its shape in |dims|
// when it has at most IREEC_FAST_MAX_RANK, else in a new PyMem array in
// |*owned| (freed by the caller). 0, or -1 with a Python error saying what
// is wrong with it: not a numpy array (TypeError), of non-native byte
// order (ValueError), of a dtype with no element type (the element-type
// table's TypeError), not C-contiguous and writeable (ValueError).
static int ireec_out_describe(PyObject* target, Py_ssize_t index, iree_hal_dim_t* dims,
                              iree_hal_dim_t** owned, ireec_host_array_t* host) {
  *owned = NULL;
  if (!PyArray_CheckExact(target)) {
    PyErr_Format(PyExc_TypeError, "out entry %zd must be a numpy array, not %s", index,
                 _PyType_Name(Py_TYPE(target)));
    return -1;
  }
  if (ireec_array_describe(target, /*writable=*/true, dims, host)) return 0;
  PyArrayObject* array = (PyArrayObject*)target;
  PyArray_Descr* dtype = PyArray_DESCR(array);
  if (!PyArray_ISNBO(dtype->byteorder)) {
    PyErr_Format(PyExc_ValueError, "out entry %zd has non-native byte order (%S)", index,
                 (PyObject*)dtype);
    return -1;
  }
  // The table's own lookup: it learns ml_dtypes' types, and raises the
  // TypeError naming a dtype with none.
  PyObject* found = PyObject_GetItem(ireec_element_types_by_dtype, (PyObject*)dtype);
  if (!found) return -1;
  unsigned long element_type = PyLong_AsUnsignedLong(found);
  Py_DECREF(found);
  if (element_type == (unsigned long)-1 && PyErr_Occurred()) return -1;
  int flags = PyArray_FLAGS(array);
  if (!(flags & NPY_ARRAY_C_CONTIGUOUS) || !(flags & NPY_ARRAY_WRITEABLE)) {
    PyErr_Format(PyExc_ValueError, "out entry %zd must be C-contiguous and writeable", index);
    return -1;
  }
  int rank = PyArray_NDIM(array);
  if (rank > IREEC_FAST_MAX_RANK) {
    dims = *owned = PyMem_Malloc(sizeof(iree_hal_dim_t) * (size_t)rank);
    if (!dims) {
      PyErr_NoMemory();
      return -1;
    }
  }
  const npy_intp* shape = PyArray_DIMS(array);
  for (int i = 0; i < rank; ++i) dims[i] = (iree_hal_dim_t)shape[i];
  host->data = PyArray_DATA(array);
  host->data_length = (iree_host_size_t)PyArray_NBYTES(array);
  host->element_type = (iree_hal_element_type_t)element_type;
  host->shape_rank = (iree_host_size_t)rank;
  host->shape = dims;
  return 0;
}

int ireec_out_check(PyObject* out, PyObject* result_kinds, PyObject* name) {
  Py_ssize_t count = PyBytes_GET_SIZE(result_kinds);
  PyObject* entries = ireec_out_entries(out, count, name);
  if (!entries) return -1;
  int failed = 0;
  for (Py_ssize_t i = 0; i < count && !failed; ++i) {
    PyObject* target = PyList_GET_ITEM(entries, i);
    if (target == Py_None) continue;
    if (PyBytes_AS_STRING(result_kinds)[i] != 'r') {
      ireec_not_a_view(i, name);
      failed = -1;
      break;
    }
    iree_hal_dim_t dims[IREEC_FAST_MAX_RANK];
    iree_hal_dim_t* owned = NULL;
    ireec_host_array_t host;
    failed = ireec_out_describe(target, i, dims, &owned, &host);
    PyMem_Free(owned);
  }
  Py_DECREF(entries);
  return failed;
}

// Reads the BufferView |view| into |target|, `out` entry |index| (a use of
// the view and of |device| held meanwhile); 0, or -1 with a Python error
// (IREE's, noted with the result and entry).
static int ireec_out_read_one(PyObject* view, PyObject* target, Py_ssize_t index,
                              PyObject* name, PyObject* device) {
  iree_hal_dim_t dims[IREEC_FAST_MAX_RANK];
  iree_hal_dim_t* owned = NULL;
  ireec_host_array_t host;
  if (ireec_out_describe(target, index, dims, &owned, &host) != 0) return -1;
  int failed = -1;
  if (ireec_handle_acquire(view) == 0) {
    if (ireec_handle_acquire(device) == 0) {
      iree_hal_buffer_view_t* view_ptr = ((ireec_handle_t*)view)->buffer_view;
      iree_hal_device_t* device_ptr = ((ireec_handle_t*)device)->device;
      iree_status_t status;
      // The array stays referenced by `out` meanwhile.
      Py_BEGIN_ALLOW_THREADS;
      status = ireec_hal_buffer_view_read_into(view_ptr, device_ptr, &host);
      Py_END_ALLOW_THREADS;
      if (iree_status_is_ok(status)) {
        failed = 0;
      } else {
        PyObject* note = PyUnicode_FromFormat(
            "while reading result %zd of %U into out entry %zd", index, name, index);
        if (note) {
          ireec_raise_status(status, note);
          Py_DECREF(note);
        } else {
          iree_status_free(status);
        }
      }
      ireec_handle_release_use(device);
    }
    ireec_handle_release_use(view);
  }
  PyMem_Free(owned);
  return failed;
}

int ireec_out_read(PyObject* out, PyObject* results, PyObject* name, PyObject* device) {
  Py_ssize_t count = PyList_GET_SIZE(results);
  PyObject* entries = ireec_out_entries(out, count, name);
  if (!entries) return -1;
  int failed = 0;
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject* target = PyList_GET_ITEM(entries, i);
    if (target == Py_None) continue;
    PyObject* view = PyList_GET_ITEM(results, i);
    if (Py_TYPE(view) != ireec_buffer_view_class) {
      ireec_not_a_view(i, name);
      failed = -1;
      break;
    }
    if (ireec_out_read_one(view, target, i, name, device) != 0) {
      failed = -1;
      break;
    }
    // The view is not returned: released now, the array in its place.
    PyObject* closed = PyObject_CallMethod(view, "close", NULL);
    if (!closed) {
      failed = -1;
      break;
    }
    Py_DECREF(closed);
    PyList_SetItem(results, i, Py_NewRef(target));  // (steals; drops the view)
  }
  Py_DECREF(entries);
  return failed;
}
