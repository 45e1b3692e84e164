// A buffer view read back into host memory, all of it in C: BufferView.
// to_numpy() and the buffer protocol's export of the view.
//
// How data leaves a device. A buffer can be read through a mapping only if
// its memory is HOST_VISIBLE and its allowed usage includes MAPPING_SCOPED;
// otherwise it is read back with a device transfer
// (iree_hal_device_transfer_d2h on the view's device), which stages through
// host memory on the device's queue (ireec_hal_buffer_view_read_into). The
// common case, a dense host-mappable view copied, is one step
// (ireec_hal_buffer_view_map_read_dense: small views straight into a new
// array of their shape, large ones into storage placed at the source's
// offset within a page).
//
// How data leaves without a copy. to_numpy(copy=None), and the buffer
// protocol, alias the buffer through a persistent mapping when its memory is
// HOST_VISIBLE and it allows MAPPING_PERSISTENT and READ. The array's base is
// a Mapping (below), which holds the mapping and a buffer reference until
// the last array over it goes, so the array outlives close(). It is
// writeable only where host writes need no flush (HOST_COHERENT memory that
// allows WRITE); an export of the buffer protocol, which ends when released,
// may write non-coherent memory too, flushed when the mapping goes.
//
// Every read holds a use of the view (and a transfer one of its device), so
// a close() on another thread meanwhile waits for it.

#include "cext.h"

#include <string.h>

// The most dims of a view read here: numpy 1.x's limit.
#define IREEC_READ_MAX_RANK 32

// ---------------------------------------------------------------------------
// What a view is
// ---------------------------------------------------------------------------

// IREE's spelling of |element_type| ("f32", "bf16", ...), for messages.
static PyObject* ireec_element_type_name(iree_hal_element_type_t element_type) {
  char text[64];
  iree_host_size_t length = 0;
  iree_status_t status =
      iree_hal_format_element_type(element_type, sizeof(text), text, &length);
  if (!iree_status_is_ok(status)) {
    iree_status_ignore(status);
    return PyUnicode_FromFormat("element type 0x%x", (unsigned)element_type);
  }
  return PyUnicode_FromStringAndSize(text, (Py_ssize_t)length);
}

// IREE's names for the buffer's memory type, usage and access, e.g.
// "DEVICE_LOCAL; usage TRANSFER|DISPATCH_STORAGE; access ALL".
static PyObject* ireec_describe_memory(iree_hal_buffer_t* buffer) {
  iree_bitfield_string_temp_t temps[3];
  iree_string_view_t type =
      iree_hal_memory_type_format(iree_hal_buffer_memory_type(buffer), &temps[0]);
  iree_string_view_t usage =
      iree_hal_buffer_usage_format(iree_hal_buffer_allowed_usage(buffer), &temps[1]);
  iree_string_view_t access =
      iree_hal_memory_access_format(iree_hal_buffer_allowed_access(buffer), &temps[2]);
  PyObject* parts[3] = {
      PyUnicode_DecodeUTF8(type.data, (Py_ssize_t)type.size, "replace"),
      PyUnicode_DecodeUTF8(usage.data, (Py_ssize_t)usage.size, "replace"),
      PyUnicode_DecodeUTF8(access.data, (Py_ssize_t)access.size, "replace")};
  PyObject* text = parts[0] && parts[1] && parts[2]
                       ? PyUnicode_FromFormat("%U; usage %U; access %U", parts[0],
                                              parts[1], parts[2])
                       : NULL;
  for (int i = 0; i < 3; ++i) Py_XDECREF(parts[i]);
  return text;
}

static bool ireec_mappable(iree_hal_buffer_t* buffer) {
  return (iree_hal_buffer_memory_type(buffer) & IREE_HAL_MEMORY_TYPE_HOST_VISIBLE) &&
         (iree_hal_buffer_allowed_usage(buffer) & IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED);
}

// Why the buffer cannot be lent out as host memory (a new str), or None.
static PyObject* ireec_export_obstacle(iree_hal_buffer_t* buffer) {
  iree_hal_memory_type_t memory_type = iree_hal_buffer_memory_type(buffer);
  if (!(memory_type & IREE_HAL_MEMORY_TYPE_HOST_VISIBLE)) {
    iree_bitfield_string_temp_t temp;
    iree_string_view_t text = iree_hal_memory_type_format(memory_type, &temp);
    PyObject* name = PyUnicode_DecodeUTF8(text.data, (Py_ssize_t)text.size, "replace");
    PyObject* obstacle =
        name ? PyUnicode_FromFormat("its memory is %U, not HOST_VISIBLE", name) : NULL;
    Py_XDECREF(name);
    return obstacle;
  }
  if (!(iree_hal_buffer_allowed_usage(buffer) & IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT)) {
    return PyUnicode_FromString("the buffer does not allow MAPPING_PERSISTENT");
  }
  if (!(iree_hal_buffer_allowed_access(buffer) & IREE_HAL_MEMORY_ACCESS_READ)) {
    return PyUnicode_FromString("the buffer does not allow READ access");
  }
  Py_RETURN_NONE;
}

// A view's layout as numpy takes it.
typedef struct {
  PyArray_Descr* dtype;  // owned
  int rank;
  npy_intp dims[IREEC_READ_MAX_RANK];
  iree_device_size_t length;  // the view's bytes, which the shape explains
} ireec_layout_t;

// The shape as Python prints a tuple of it, for messages.
static PyObject* ireec_shape_text(const ireec_layout_t* layout) {
  PyObject* shape = PyTuple_New(layout->rank);
  for (int i = 0; shape && i < layout->rank; ++i) {
    PyObject* dim = PyLong_FromSsize_t(layout->dims[i]);
    if (!dim) Py_CLEAR(shape);
    else PyTuple_SET_ITEM(shape, i, dim);
  }
  if (!shape) return NULL;
  PyObject* text = PyObject_Repr(shape);
  Py_DECREF(shape);
  return text;
}

// The layout of a dense row-major view whose byte length its shape
// explains, its dtype the element-type table's (which learns ml_dtypes'
// types when it first needs them); 0, or -1 with ValueError (TypeError for
// an element type numpy lacks).
static int ireec_checked_layout(iree_hal_buffer_view_t* view, ireec_layout_t* layout) {
  layout->dtype = ireec_dtype_of(iree_hal_buffer_view_element_type(view));
  if (!layout->dtype) return -1;
  iree_host_size_t rank = iree_hal_buffer_view_shape_rank(view);
  if (rank > IREEC_READ_MAX_RANK) {
    Py_CLEAR(layout->dtype);
    PyErr_Format(PyExc_ValueError, "buffer view has %zu dimensions; numpy takes at most %d",
                 (size_t)rank, IREEC_READ_MAX_RANK);
    return -1;
  }
  layout->rank = (int)rank;
  uint64_t elements = 1;
  bool too_large = false;
  for (iree_host_size_t i = 0; i < rank; ++i) {
    iree_hal_dim_t dim = iree_hal_buffer_view_shape_dim(view, i);
    layout->dims[i] = (npy_intp)dim;
    too_large |= dim > (iree_hal_dim_t)NPY_MAX_INTP;
    if (dim && elements > UINT64_MAX / dim) too_large = true;
    else elements *= dim;
  }
  iree_hal_encoding_type_t encoding = iree_hal_buffer_view_encoding_type(view);
  if (encoding != IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR) {
    Py_CLEAR(layout->dtype);
    PyObject* hex = PyUnicode_FromFormat("%x", (unsigned)encoding);
    if (hex) {
      PyErr_Format(PyExc_ValueError,
                   "buffer view has encoding 0x%U; only dense row-major views become "
                   "numpy arrays",
                   hex);
      Py_DECREF(hex);
    }
    return -1;
  }
  layout->length = iree_hal_buffer_view_byte_length(view);
  uint64_t itemsize = (uint64_t)PyDataType_ELSIZE(layout->dtype);
  if (too_large || (itemsize && elements > UINT64_MAX / itemsize) ||
      elements * itemsize != layout->length) {
    PyObject* shape = ireec_shape_text(layout);
    PyObject* dtype = PyObject_Str((PyObject*)layout->dtype);
    if (shape && dtype) {
      PyErr_Format(PyExc_ValueError, "buffer view holds %llu bytes; shape %U of %U needs %llu",
                   (unsigned long long)layout->length, shape, dtype,
                   (unsigned long long)(elements * itemsize));
    }
    Py_XDECREF(shape);
    Py_XDECREF(dtype);
    Py_CLEAR(layout->dtype);
    return -1;
  }
  return 0;
}

// ---------------------------------------------------------------------------
// Mapping: the base of arrays aliasing a buffer
// ---------------------------------------------------------------------------

typedef struct {
  PyObject_HEAD
  iree_hal_buffer_t* buffer;  // retained: persistent mappings do not
  iree_hal_buffer_mapping_t mapping;
  iree_device_size_t length;
  bool flush;  // host writes to non-coherent memory, flushed when it goes
} ireec_mapping_t;

static void ireec_mapping_dealloc(PyObject* object) {
  ireec_mapping_t* self = (ireec_mapping_t*)object;
  if (self->buffer) {
    if (self->flush) {
      iree_status_ignore(iree_hal_buffer_mapping_flush_range(&self->mapping, 0, self->length));
    }
    iree_status_ignore(iree_hal_buffer_unmap_range(&self->mapping));
    iree_hal_buffer_release(self->buffer);
  }
  Py_TYPE(object)->tp_free(object);
}

PyTypeObject ireec_mapping_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ireec._cext.Mapping",
    .tp_basicsize = sizeof(ireec_mapping_t),
    .tp_dealloc = ireec_mapping_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A persistent mapping of a buffer, the base of the arrays over it.",
};

// An array of |layout| aliasing |buffer| through a persistent mapping
// (iree_hal_buffer_map_range), owning the mapping and a buffer reference
// (see the file's comment for when it is writeable); NULL with a Python
// error.
static PyObject* ireec_mapped_array(iree_hal_buffer_t* buffer, ireec_layout_t* layout,
                                    bool flush_writes) {
  if (!layout->length) {
    Py_INCREF(layout->dtype);  // (stolen)
    return PyArray_Empty(layout->rank, layout->dims, layout->dtype, 0);
  }
  bool coherent = iree_hal_buffer_memory_type(buffer) & IREE_HAL_MEMORY_TYPE_HOST_COHERENT;
  bool writable = (coherent || flush_writes) &&
                  (iree_hal_buffer_allowed_access(buffer) & IREE_HAL_MEMORY_ACCESS_WRITE);
  iree_hal_memory_access_t access = IREE_HAL_MEMORY_ACCESS_READ;
  if (writable) access |= IREE_HAL_MEMORY_ACCESS_WRITE;
  ireec_mapping_t* mapping = PyObject_New(ireec_mapping_t, &ireec_mapping_type);
  if (!mapping) return NULL;
  mapping->buffer = NULL;
  mapping->length = layout->length;
  mapping->flush = writable && !coherent;
  iree_status_t status = iree_hal_buffer_map_range(
      buffer, IREE_HAL_MAPPING_MODE_PERSISTENT, access, 0, layout->length, &mapping->mapping);
  if (iree_status_is_ok(status) && !coherent) {
    // What the device wrote by now, visible to the host.
    status = iree_hal_buffer_mapping_invalidate_range(&mapping->mapping, 0, layout->length);
    if (!iree_status_is_ok(status)) {
      iree_status_ignore(iree_hal_buffer_unmap_range(&mapping->mapping));
    }
  }
  if (!iree_status_is_ok(status)) {
    Py_DECREF(mapping);
    return ireec_raise_status(status, NULL);
  }
  iree_hal_buffer_retain(buffer);
  mapping->buffer = buffer;
  Py_INCREF(layout->dtype);  // (stolen)
  PyObject* array = PyArray_NewFromDescr(
      &PyArray_Type, layout->dtype, layout->rank, layout->dims, NULL,
      mapping->mapping.contents.data, writable ? NPY_ARRAY_CARRAY : NPY_ARRAY_CARRAY_RO,
      NULL);
  if (!array || PyArray_SetBaseObject((PyArrayObject*)array, (PyObject*)mapping) != 0) {
    Py_XDECREF(array);
    Py_DECREF(mapping);  // (not stolen when the array was not made)
    return NULL;
  }
  return array;
}

// ---------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------

// Whether a map-read |status| means "not this way" (code-only statuses for
// another encoding, a size the shape does not explain, or memory that is
// not host-mappable): ignored, for the general read to take.
static bool ireec_read_declined(iree_status_t status) {
  iree_status_code_t code = iree_status_code(status);
  if (code != IREE_STATUS_INVALID_ARGUMENT && code != IREE_STATUS_OUT_OF_RANGE &&
      code != IREE_STATUS_UNAVAILABLE) {
    return false;
  }
  iree_status_ignore(status);
  return true;
}

// The view of |self| (an open BufferViewHandle in use) read into a new array
// in one step, or None when that way declines it; NULL with a Python error
// (IREE's failure to map raised as its ireec.errors class).
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
  // A size its shape does not explain is the general read's to refuse.
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
    // Large: without the GIL (the caller holds a use of the view).
    Py_BEGIN_ALLOW_THREADS;
    status = ireec_hal_buffer_view_map_read_dense_page_matched(
        view, data, (iree_host_size_t)storage_length, &offset);
    Py_END_ALLOW_THREADS;
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

// The view's first |length| bytes copied to |data| (host memory of the
// caller's): by mapping (iree_hal_buffer_map_read) when the buffer is
// mappable, else with iree_hal_device_transfer_d2h on the view's device,
// without the GIL; 0, or -1 with a Python error.
static int ireec_buffer_view_read_bytes(ireec_handle_t* self, void* data,
                                        iree_device_size_t length) {
  if (!length) return 0;
  iree_hal_buffer_t* buffer = iree_hal_buffer_view_buffer(self->buffer_view);
  // The device that reads it back when the host cannot map it: the view's
  // (the first object it holds a use of), which must be open.
  PyObject* device = NULL;
  if (!ireec_mappable(buffer)) {
    PyObject* parent = self->parent;
    PyObject* first = parent && PyTuple_CheckExact(parent) ? PyTuple_GET_ITEM(parent, 0)
                                                            : parent;
    if (!first || !ireec_handle_check(first, &ireec_device_handle_kind)) {
      PyObject* memory = ireec_describe_memory(buffer);
      if (memory) {
        PyErr_Format(PyExc_ValueError,
                     "this buffer is not host-mappable (%U) and the BufferView has no "
                     "device to read it back with; pass device=",
                     memory);
        Py_DECREF(memory);
      }
      return -1;
    }
    if (ireec_handle_acquire(first) != 0) return -1;  // ClosedError for a closed Device
    device = first;
  }
  iree_status_t status;
  Py_BEGIN_ALLOW_THREADS;
  status = device ? iree_hal_device_transfer_d2h(
                        ((ireec_handle_t*)device)->device, buffer, 0, data,
                        (iree_host_size_t)length, IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
                        iree_infinite_timeout())
                  : iree_hal_buffer_map_read(buffer, 0, data, (iree_host_size_t)length);
  Py_END_ALLOW_THREADS;
  if (device) ireec_handle_release_use(device);
  if (iree_status_is_ok(status)) return 0;
  ireec_raise_status(status, NULL);
  return -1;
}

// The view read into a new array of |layout| (ireec_buffer_view_read_bytes).
static PyObject* ireec_buffer_view_read_copy(ireec_handle_t* self, ireec_layout_t* layout) {
  Py_INCREF(layout->dtype);  // (stolen)
  PyObject* array = PyArray_Empty(layout->rank, layout->dims, layout->dtype, 0);
  if (array && ireec_buffer_view_read_bytes(self, PyArray_DATA((PyArrayObject*)array),
                                            layout->length) != 0) {
    Py_CLEAR(array);
  }
  return array;
}

// to_numpy(copy) of the view of |self|, which the caller holds a use of.
static PyObject* ireec_buffer_view_read(ireec_handle_t* self, PyObject* copy) {
  if (copy == Py_True) {
    PyObject* array = ireec_buffer_view_read_mapped(self);
    if (array != Py_None) return array;
    Py_DECREF(array);
  }
  ireec_layout_t layout;
  if (ireec_checked_layout(self->buffer_view, &layout) != 0) return NULL;
  PyObject* result = NULL;
  if (copy == Py_True) {
    // (The one-step read declined it: an element type numpy learnt just now,
    // or memory the host cannot map.)
    result = ireec_buffer_view_read_mapped(self);
    if (result == Py_None) {
      Py_DECREF(result);
      result = ireec_buffer_view_read_copy(self, &layout);
    }
  } else {
    iree_hal_buffer_t* buffer = iree_hal_buffer_view_buffer(self->buffer_view);
    PyObject* obstacle = ireec_export_obstacle(buffer);
    if (obstacle == Py_None) {
      result = ireec_mapped_array(buffer, &layout, /*flush_writes=*/false);
    } else if (obstacle && copy == Py_False) {
      PyErr_Format(PyExc_ValueError, "buffer view cannot be exported without a copy: %U",
                   obstacle);
    } else if (obstacle) {
      result = ireec_buffer_view_read_copy(self, &layout);
    }
    Py_XDECREF(obstacle);
  }
  Py_DECREF(layout.dtype);
  return result;
}

// _read_mapped(): the one-step read alone.
static PyObject* ireec_buffer_view_read_mapped_method(PyObject* self, PyObject* unused) {
  if (ireec_handle_acquire(self) != 0) return NULL;
  PyObject* array = ireec_buffer_view_read_mapped((ireec_handle_t*)self);
  ireec_handle_release_use(self);
  return array;
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
  if (!ireec_require_installed() || ireec_handle_acquire(self) != 0) return NULL;
  PyObject* array = ireec_buffer_view_read((ireec_handle_t*)self, copy);
  ireec_handle_release_use(self);
  return array;
}

// ---------------------------------------------------------------------------
// The buffer protocol
// ---------------------------------------------------------------------------

// Whether numpy's dtype for |element_type| has a PEP 3118 buffer format
// (numpy's own types do; ml_dtypes' and IREE's packed types have none).
static bool ireec_has_buffer_format(iree_hal_element_type_t element_type) {
  PyArray_Descr* dtype = ireec_dtype_of(element_type);
  if (!dtype) {
    PyErr_Clear();
    return false;
  }
  npy_intp zero = 0;
  PyObject* empty = PyArray_Empty(1, &zero, dtype, 0);  // (steals |dtype|)
  if (!empty) {
    PyErr_Clear();
    return false;
  }
  Py_buffer view;
  bool has = PyObject_GetBuffer(empty, &view, PyBUF_FORMAT | PyBUF_ND) == 0;
  if (has) PyBuffer_Release(&view);
  else PyErr_Clear();
  Py_DECREF(empty);
  return has;
}

// What the buffer protocol exports for the view of |self| (in use): an
// array over the persistently mapped buffer, which holds the mapping and
// the buffer for as long as the export lives; BufferError saying why, and
// what to call instead, for memory the host cannot map, an element type
// without a buffer format, or a write the host may not make.
static PyObject* ireec_buffer_view_export(ireec_handle_t* self, bool writable) {
  iree_hal_buffer_view_t* view = self->buffer_view;
  iree_hal_buffer_t* buffer = iree_hal_buffer_view_buffer(view);
  PyObject* obstacle = ireec_export_obstacle(buffer);
  if (!obstacle) return NULL;
  if (obstacle != Py_None) {
    PyErr_Format(PyExc_BufferError,
                 "the buffer view's memory cannot be lent through the buffer protocol: %U; "
                 "read it with to_numpy(), which copies (through a device transfer where "
                 "needed), or numpy.asarray(view)",
                 obstacle);
    Py_DECREF(obstacle);
    return NULL;
  }
  Py_DECREF(obstacle);
  iree_hal_element_type_t element_type = iree_hal_buffer_view_element_type(view);
  if (!ireec_has_buffer_format(element_type)) {
    PyObject* name = ireec_element_type_name(element_type);
    if (name) {
      PyErr_Format(PyExc_BufferError,
                   "element type %U has no buffer-protocol format: use to_numpy() (numpy "
                   "with ml_dtypes) or numpy.from_dlpack(view)",
                   name);
      Py_DECREF(name);
    }
    return NULL;
  }
  ireec_layout_t layout;
  if (ireec_checked_layout(view, &layout) != 0) return NULL;
  // Writes through the export reach the buffer when it is released.
  PyObject* array = ireec_mapped_array(buffer, &layout, /*flush_writes=*/true);
  Py_DECREF(layout.dtype);
  if (array && writable && !PyArray_ISWRITEABLE((PyArrayObject*)array)) {
    Py_CLEAR(array);
    PyErr_SetString(PyExc_BufferError,
                    "the buffer view's memory is read-only to the host (its buffer allows "
                    "no WRITE access): export it read-only, or copy it with to_numpy()");
  }
  return array;
}

static int ireec_buffer_view_getbuffer(PyObject* self, Py_buffer* view, int flags) {
  if (!ireec_require_installed() || ireec_handle_acquire(self) != 0) return -1;
  PyObject* exported =
      ireec_buffer_view_export((ireec_handle_t*)self, (flags & PyBUF_WRITABLE) != 0);
  ireec_handle_release_use(self);
  if (!exported) return -1;
  // The array fills |view| (its format, shape, strides) and becomes its
  // owner (view->obj), so releasing the view releases the array.
  int result = PyObject_GetBuffer(exported, view, flags);
  Py_DECREF(exported);
  return result;
}

PyBufferProcs ireec_buffer_view_buffer_procs = {
    .bf_getbuffer = ireec_buffer_view_getbuffer,
    .bf_releasebuffer = NULL,
};

// _read_into(target): the view's bytes into the C-contiguous, writeable
// numpy array `target` (of its byte length or less), as they are: what
// BufferView.format formats a view the host cannot map from.
static PyObject* ireec_buffer_view_read_into_method(PyObject* self, PyObject* target) {
  if (!PyArray_Check(target) || !PyArray_IS_C_CONTIGUOUS((PyArrayObject*)target) ||
      !PyArray_ISWRITEABLE((PyArrayObject*)target)) {
    PyErr_SetString(PyExc_TypeError,
                    "_read_into(target): a C-contiguous, writeable numpy array");
    return NULL;
  }
  if (ireec_handle_acquire(self) != 0) return NULL;
  ireec_handle_t* handle = (ireec_handle_t*)self;
  iree_device_size_t length = (iree_device_size_t)PyArray_NBYTES((PyArrayObject*)target);
  int failed = length > iree_hal_buffer_view_byte_length(handle->buffer_view) ? -1 : 0;
  if (failed) {
    PyErr_SetString(PyExc_ValueError, "_read_into(target): the target is larger than the view");
  } else {
    failed = ireec_buffer_view_read_bytes(handle, PyArray_DATA((PyArrayObject*)target), length);
  }
  ireec_handle_release_use(self);
  if (failed) return NULL;
  Py_RETURN_NONE;
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
     "A dense, host-mappable view read into a new array in one step, or None."},
    {"_read_into", ireec_buffer_view_read_into_method, METH_O,
     "_read_into(target): the view's bytes into the array `target` of its shape."},
    {NULL, NULL, 0, NULL},
};
