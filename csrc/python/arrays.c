// numpy arrays in and out of the extension, through numpy's C API: an
// argument's data, shape and element type read from its struct, and the
// dtype of a result's element type. Both derive from ireec's one
// element-type table (ireec/hal/element_type.py), given to install().
//
// The buffer protocol would do as well, at about three times the cost per
// array: numpy formats and compares a format string on every export.

#include "cext.h"

#include <string.h>

// The numpy type numbers of the builtin dtypes (bool ... float16) are
// below this.
#define IREEC_TYPE_NUMS 32

// {numpy type number: element type} of the native-order builtin dtypes
// with an element type (0: none). Read off the table for every type number,
// so that two numbers of one dtype (int64 is NPY_LONG, longlong
// NPY_LONGLONG) both count. ml_dtypes' types have numbers of their own,
// past these, and go the general way.
static iree_hal_element_type_t ireec_element_types_by_type_num[IREEC_TYPE_NUMS];

int ireec_arrays_install(PyObject* element_types_by_dtype) {
  iree_hal_element_type_t table[IREEC_TYPE_NUMS] = {0};
  for (int type_num = 0; type_num < IREEC_TYPE_NUMS; ++type_num) {
    PyArray_Descr* dtype = PyArray_DescrFromType(type_num);
    if (!dtype) {
      PyErr_Clear();  // no builtin dtype of that number
      continue;
    }
    PyObject* element_type =
        PyDict_GetItemWithError(element_types_by_dtype, (PyObject*)dtype);
    Py_DECREF(dtype);
    if (!element_type) {
      if (PyErr_Occurred()) return -1;
      continue;
    }
    table[type_num] = (iree_hal_element_type_t)PyLong_AsUnsignedLong(element_type);
    if (PyErr_Occurred()) return -1;
  }
  memcpy(ireec_element_types_by_type_num, table, sizeof(table));
  return 0;
}

bool ireec_array_describe(PyObject* object, bool writable, iree_hal_dim_t* dims,
                          ireec_host_array_t* host_array) {
  if (!PyArray_CheckExact(object)) return false;
  PyArrayObject* array = (PyArrayObject*)object;
  int flags = PyArray_FLAGS(array);
  if (!(flags & NPY_ARRAY_C_CONTIGUOUS)) return false;
  if (writable && !(flags & NPY_ARRAY_WRITEABLE)) return false;
  PyArray_Descr* dtype = PyArray_DESCR(array);
  if (dtype->type_num < 0 || dtype->type_num >= IREEC_TYPE_NUMS ||
      !PyArray_ISNBO(dtype->byteorder)) {
    return false;
  }
  iree_hal_element_type_t element_type = ireec_element_types_by_type_num[dtype->type_num];
  int rank = PyArray_NDIM(array);
  if (!element_type || rank > IREEC_FAST_MAX_RANK) return false;
  const npy_intp* shape = PyArray_DIMS(array);
  for (int i = 0; i < rank; ++i) dims[i] = (iree_hal_dim_t)shape[i];
  host_array->data = PyArray_DATA(array);
  host_array->data_length = (iree_host_size_t)PyArray_NBYTES(array);
  host_array->element_type = element_type;
  host_array->shape_rank = (iree_host_size_t)rank;
  host_array->shape = dims;
  return true;
}

// The dtypes of the element types met so far (the table is a dict of int
// keys, and a lookup would first make the key).
#define IREEC_DTYPE_CACHE 32
static struct {
  iree_hal_element_type_t element_type;
  PyArray_Descr* dtype;  // owned
} ireec_dtype_cache[IREEC_DTYPE_CACHE];
static int ireec_dtype_cache_count = 0;

PyArray_Descr* ireec_dtype_of(iree_hal_element_type_t element_type) {
  PyArray_Descr* known = ireec_dtype_for(element_type);
  if (known) return (PyArray_Descr*)Py_NewRef(known);
  if (!ireec_require_installed()) return NULL;
  PyObject* key = PyLong_FromUnsignedLong(element_type);
  if (!key) return NULL;
  // The table's own lookup: it learns ml_dtypes' types when it first needs
  // one, and raises the TypeError naming what it cannot hold.
  PyObject* dtype = PyObject_GetItem(ireec_dtypes_by_element_type, key);
  Py_DECREF(key);
  if (dtype && !PyArray_DescrCheck(dtype)) {
    Py_DECREF(dtype);
    PyErr_SetString(PyExc_TypeError, "the element-type table holds no numpy dtype");
    return NULL;
  }
  return (PyArray_Descr*)dtype;
}

PyArray_Descr* ireec_dtype_for(iree_hal_element_type_t element_type) {
  for (int i = ireec_dtype_cache_count - 1; i >= 0; --i) {
    if (ireec_dtype_cache[i].element_type == element_type) {
      return ireec_dtype_cache[i].dtype;
    }
  }
  if (!ireec_dtypes_by_element_type) return NULL;
  PyObject* key = PyLong_FromUnsignedLong(element_type);
  if (!key) {
    PyErr_Clear();
    return NULL;
  }
  // The table only grows (by ml_dtypes' types), so an entry found stays
  // right.
  PyObject* dtype = PyDict_GetItemWithError(ireec_dtypes_by_element_type, key);
  Py_DECREF(key);
  if (!dtype || !PyArray_DescrCheck(dtype)) {
    PyErr_Clear();
    return NULL;
  }
  if (ireec_dtype_cache_count < IREEC_DTYPE_CACHE) {
    ireec_dtype_cache[ireec_dtype_cache_count].element_type = element_type;
    ireec_dtype_cache[ireec_dtype_cache_count].dtype = (PyArray_Descr*)Py_NewRef(dtype);
    ++ireec_dtype_cache_count;
  }
  return (PyArray_Descr*)dtype;
}
