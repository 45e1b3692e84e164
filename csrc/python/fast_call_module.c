// ireec._fast_call: the hot path of a Pythonic call, numpy arrays in and out,
// in one crossing into C.
//
// ireec's raw face is cffi, and so is every other path. A cffi call with its
// arguments marshalled in Python costs a few hundred nanoseconds per step,
// and a call of a small program takes a dozen such steps (an array's buffer,
// its shape, its element type, per argument; the result's the same way), run
// right after the thread handoff of the invoke has left the interpreter's
// caches cold. This module does those steps in C for the common case only:
// every argument an open ireec.BufferView or an exact numpy array whose
// buffer format names an IREE element type. Anything else it declines
// before touching anything, and the general path (ireec/_values.py)
// converts it or says what is wrong.
//
// Pointers cross as Python ints (the ireec objects that own them check they
// are open before passing them). Failed IREE statuses cross back as ints too,
// for ireec.errors to raise as typed exceptions with the rest of the API's.
//
// The C work runs without the GIL, as cffi's calls do; the arrays' buffers
// stay exported (so pinned) and the buffer views retained until it is done.

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "ireec/api.h"

// The most arguments, results and dims this path handles; more go the
// general way (which has no such limits).
#define IREEC_FAST_MAX_ARGS 16
#define IREEC_FAST_MAX_RESULTS 16
#define IREEC_FAST_MAX_RANK 16

// What configure() was given: numpy.ndarray, ireec.BufferView (whose
// "_ptr" is None once closed and "_address" is its pointer as an int),
// {element type: numpy dtype}
// (owned by ireec's Python side, which fills it as it meets element types)
// and numpy.empty; and its {buffer format: element type}, copied into a
// table (a call looks formats up there, without making Python strings).
static PyObject* ireec_ndarray_type = NULL;
static PyObject* ireec_buffer_view_type = NULL;
static PyObject* ireec_dtypes_by_element_type = NULL;
static PyObject* ireec_numpy_empty = NULL;
// "_ptr" and "_address", interned when the module is made.
static PyObject* ireec_ptr_name = NULL;
static PyObject* ireec_address_name = NULL;

#define IREEC_FAST_MAX_FORMATS 32
typedef struct {
  char format[8];
  iree_hal_element_type_t element_type;
} ireec_format_entry_t;
static ireec_format_entry_t ireec_formats[IREEC_FAST_MAX_FORMATS];
static Py_ssize_t ireec_format_count = 0;

// Reads {format: element type} into ireec_formats; -1 (a Python error,
// the table unchanged) if an entry does not fit.
static int ireec_read_formats(PyObject* element_types_by_format) {
  ireec_format_entry_t formats[IREEC_FAST_MAX_FORMATS];
  Py_ssize_t position = 0, count = 0;
  PyObject *key, *value;
  while (PyDict_Next(element_types_by_format, &position, &key, &value)) {
    Py_ssize_t length = 0;
    const char* text = PyUnicode_Check(key) ? PyUnicode_AsUTF8AndSize(key, &length) : NULL;
    unsigned long element_type = PyLong_Check(value) ? PyLong_AsUnsignedLong(value) : 0;
    if (!text || length >= (Py_ssize_t)sizeof(ireec_formats[0].format) ||
        count == IREEC_FAST_MAX_FORMATS || PyErr_Occurred() || !element_type) {
      PyErr_Clear();
      PyErr_Format(PyExc_ValueError,
                   "element_types_by_format takes at most %d entries of a "
                   "format of up to 7 characters and a nonzero element type",
                   IREEC_FAST_MAX_FORMATS);
      return -1;
    }
    memcpy(formats[count].format, text, (size_t)length + 1);
    formats[count].element_type = (iree_hal_element_type_t)element_type;
    ++count;
  }
  memcpy(ireec_formats, formats, sizeof(formats[0]) * (size_t)count);
  ireec_format_count = count;
  return 0;
}

// The element type of a buffer format, or IREE_HAL_ELEMENT_TYPE_NONE. The
// entry found last is tried first: a program's arrays mostly share one.
// (Callers hold the GIL, which guards ireec_last_format.)
static Py_ssize_t ireec_last_format = 0;
static iree_hal_element_type_t ireec_lookup_format(const char* format) {
  if (ireec_last_format < ireec_format_count &&
      strcmp(ireec_formats[ireec_last_format].format, format) == 0) {
    return ireec_formats[ireec_last_format].element_type;
  }
  for (Py_ssize_t i = 0; i < ireec_format_count; ++i) {
    if (strcmp(ireec_formats[i].format, format) == 0) {
      ireec_last_format = i;
      return ireec_formats[i].element_type;
    }
  }
  return IREE_HAL_ELEMENT_TYPE_NONE;
}

static PyObject* ireec_fast_configure(PyObject* module, PyObject* const* args,
                                      Py_ssize_t nargs) {
  if (nargs != 5 || !PyType_Check(args[0]) || !PyType_Check(args[1]) ||
      !PyDict_Check(args[2]) || !PyDict_Check(args[3]) ||
      !PyCallable_Check(args[4])) {
    PyErr_SetString(PyExc_TypeError,
                    "configure(ndarray_type, buffer_view_type, "
                    "element_types_by_format, dtypes_by_element_type, empty)");
    return NULL;
  }
  if (ireec_read_formats(args[2]) != 0) return NULL;
  PyObject** slots[4] = {&ireec_ndarray_type, &ireec_buffer_view_type,
                         &ireec_dtypes_by_element_type, &ireec_numpy_empty};
  PyObject* values[4] = {args[0], args[1], args[3], args[4]};
  for (int i = 0; i < 4; ++i) {
    Py_INCREF(values[i]);
    Py_XSETREF(*slots[i], values[i]);
  }
  Py_RETURN_NONE;
}

// False, with a RuntimeError set, before configure() has run.
static bool ireec_require_configured(void) {
  if (ireec_ndarray_type) return true;
  PyErr_SetString(PyExc_RuntimeError, "ireec._fast_call is not configured");
  return false;
}

// Pointer arguments arrive as ints; NULL (with a Python error set) if one
// is not.
static int ireec_read_addresses(PyObject* const* args, Py_ssize_t count,
                                void** out) {
  for (Py_ssize_t i = 0; i < count; ++i) {
    out[i] = PyLong_AsVoidPtr(args[i]);
    if (!out[i]) {
      if (!PyErr_Occurred()) {
        PyErr_Format(PyExc_ValueError, "address argument %zd is 0", i);
      }
      return -1;
    }
  }
  return 0;
}

// Exports |array|'s buffer into |buffer| and describes it in |host_array|
// (dims in |dims|) when it is an exact numpy array, C-contiguous (writable
// if asked), of a format with an element type and at most
// IREEC_FAST_MAX_RANK dims. True when described (the buffer is then
// exported and must be released), false when declined.
static bool ireec_describe_array(PyObject* array, bool writable,
                                Py_buffer* buffer, iree_hal_dim_t* dims,
                                ireec_host_array_t* host_array) {
  if ((PyObject*)Py_TYPE(array) != ireec_ndarray_type) return false;
  int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT;
  if (writable) flags |= PyBUF_WRITABLE;
  if (PyObject_GetBuffer(array, buffer, flags) != 0) {
    // Non-contiguous, read-only where writing, or a dtype without a buffer
    // format: the general path copies it or says which.
    PyErr_Clear();
    return false;
  }
  iree_hal_element_type_t element_type = IREE_HAL_ELEMENT_TYPE_NONE;
  if (buffer->format && buffer->ndim <= IREEC_FAST_MAX_RANK) {
    element_type = ireec_lookup_format(buffer->format);
  }
  if (element_type == IREE_HAL_ELEMENT_TYPE_NONE) {
    PyBuffer_Release(buffer);
    return false;
  }
  for (int i = 0; i < buffer->ndim; ++i) dims[i] = (iree_hal_dim_t)buffer->shape[i];
  host_array->data = buffer->buf;
  host_array->data_length = (iree_host_size_t)buffer->len;
  host_array->element_type = element_type;
  host_array->shape_rank = (iree_host_size_t)buffer->ndim;
  host_array->shape = dims;
  return true;
}

// A BufferView argument's iree_hal_buffer_view_t, retained (so a close()
// meanwhile cannot free it); NULL when it is not an open ireec.BufferView
// (a Python error set only if reading it failed).
static iree_hal_buffer_view_t* ireec_retain_buffer_view(PyObject* arg) {
  if ((PyObject*)Py_TYPE(arg) != ireec_buffer_view_type) return NULL;
  PyObject* ptr = PyObject_GetAttr(arg, ireec_ptr_name);
  if (!ptr) return NULL;
  bool closed = ptr == Py_None;
  Py_DECREF(ptr);
  if (closed) return NULL;  // the general path raises ClosedError
  PyObject* address = PyObject_GetAttr(arg, ireec_address_name);
  if (!address) return NULL;
  iree_hal_buffer_view_t* view = PyLong_AsVoidPtr(address);
  Py_DECREF(address);
  if (view) iree_hal_buffer_view_retain(view);
  return view;
}

// (status, stage, index): how a failure crosses back. |stage| is "copy" (of
// array argument |index| to the device), "push" (of BufferView argument
// |index|), "call" (the invoke) or "read" (of result |index| into `out`; a
// NULL status there means the result is not a buffer view).
static PyObject* ireec_failure(iree_status_t status, const char* stage,
                               Py_ssize_t index) {
  return Py_BuildValue("(Nsn)", PyLong_FromVoidPtr(status), stage, index);
}

// invoke((session, function, inputs, outputs, device, allocator), args, out,
// bound): the addresses of an iree_runtime_session_t, iree_vm_function_t,
// two iree_vm_list_t, an iree_hal_device_t and its iree_hal_allocator_t (one
// tuple, made once per prepared call); the call's arguments (a tuple); `out`,
// None or one numpy array for a function with a single result; `bound`,
// false for a call whose |inputs| list starts empty and is emptied by the
// call, true for a bound call, whose |inputs| already holds its arguments
// and keeps them (`args` is then empty).
//
// Pushes every argument, an array copied to a new buffer view on the device
// (ireec_vm_list_push_buffer_view_copy) and a BufferView as a new reference
// (ireec_vm_list_push_ref_object_retain), invokes
// (ireec_runtime_session_invoke), reads result 0 into `out` if given
// (ireec_hal_buffer_view_read_into) and returns a list with one entry per
// result: an int, the address of a new reference to a buffer-view result,
// for the caller to own; `out`, read into; None, for a result left in
// |outputs| for the caller to read (and then empty the list). Returns None,
// having done nothing, when the call is not one this path handles;
// (status, stage, index) when IREE failed (the lists are then empty).
static PyObject* ireec_fast_invoke(PyObject* module, PyObject* const* args,
                                   Py_ssize_t nargs) {
  if (nargs != 4 || !PyTuple_Check(args[0]) || PyTuple_GET_SIZE(args[0]) != 6 ||
      !PyTuple_Check(args[1]) || !PyBool_Check(args[3]) ||
      (args[3] == Py_True && PyTuple_GET_SIZE(args[1]))) {
    PyErr_SetString(PyExc_TypeError,
                    "invoke((session, function, inputs, outputs, device, "
                    "allocator), args: tuple, out, bound: bool), with no args "
                    "when bound");
    return NULL;
  }
  if (!ireec_require_configured()) return NULL;
  void* addresses[6];
  if (ireec_read_addresses(&PyTuple_GET_ITEM(args[0], 0), 6, addresses) != 0) {
    return NULL;
  }
  iree_runtime_session_t* session = addresses[0];
  const iree_vm_function_t* function = addresses[1];
  iree_vm_list_t* inputs = addresses[2];
  iree_vm_list_t* outputs = addresses[3];
  iree_hal_device_t* device = addresses[4];
  iree_hal_allocator_t* allocator = addresses[5];
  PyObject* call_args = args[1];
  PyObject* out = args[2];
  bool bound = args[3] == Py_True;
  Py_ssize_t arg_count = PyTuple_GET_SIZE(call_args);
  if (arg_count > IREEC_FAST_MAX_ARGS) Py_RETURN_NONE;

  Py_buffer buffers[IREEC_FAST_MAX_ARGS + 1];
  iree_hal_dim_t dims[IREEC_FAST_MAX_ARGS + 1][IREEC_FAST_MAX_RANK];
  ireec_host_array_t arrays[IREEC_FAST_MAX_ARGS + 1];
  // Per argument: a retained buffer view (an ireec.BufferView's), or NULL
  // for an array, whose buffer is exported.
  iree_hal_buffer_view_t* arg_views[IREEC_FAST_MAX_ARGS];
  Py_ssize_t exported = 0;
  bool views_released = false;
  PyObject* result = NULL;

  // `out` first (it is buffers[arg_count]): declining must leave nothing done.
  bool has_out = out != Py_None;
  Py_buffer* out_buffer = &buffers[IREEC_FAST_MAX_ARGS];
  if (has_out) {
    if (!ireec_describe_array(out, /*writable=*/true, out_buffer,
                              dims[IREEC_FAST_MAX_ARGS],
                              &arrays[IREEC_FAST_MAX_ARGS])) {
      Py_RETURN_NONE;
    }
  }
  for (; exported < arg_count; ++exported) {
    PyObject* arg = PyTuple_GET_ITEM(call_args, exported);
    arg_views[exported] = ireec_retain_buffer_view(arg);
    if (arg_views[exported]) continue;
    if (PyErr_Occurred() ||
        !ireec_describe_array(arg, /*writable=*/false, &buffers[exported],
                              dims[exported], &arrays[exported])) {
      result = PyErr_Occurred() ? NULL : Py_NewRef(Py_None);
      goto release;
    }
  }

  iree_status_t status = iree_ok_status();
  const char* stage = "copy";
  Py_ssize_t failed_arg = 0;
  iree_hal_buffer_view_t* views[IREEC_FAST_MAX_RESULTS];
  iree_host_size_t result_count = 0;
  Py_BEGIN_ALLOW_THREADS;
  iree_vm_ref_type_t view_type = iree_hal_buffer_view_type();
  for (; failed_arg < arg_count && iree_status_is_ok(status); ++failed_arg) {
    if (arg_views[failed_arg]) {
      stage = "push";
      status = ireec_vm_list_push_ref_object_retain(inputs, arg_views[failed_arg],
                                                    view_type);
    } else {
      stage = "copy";
      status = ireec_vm_list_push_buffer_view_copy(
          inputs, device, allocator, arrays[failed_arg].shape_rank,
          arrays[failed_arg].shape, arrays[failed_arg].element_type,
          arrays[failed_arg].data, arrays[failed_arg].data_length);
    }
  }
  // The list holds its own references to the buffer views now.
  for (Py_ssize_t i = 0; i < arg_count; ++i) {
    if (arg_views[i]) iree_hal_buffer_view_release(arg_views[i]);
  }
  views_released = true;
  if (!iree_status_is_ok(status)) {
    --failed_arg;
    iree_vm_list_clear(inputs);
  } else {
    stage = "call";
    status = ireec_runtime_session_invoke(
        session, function, inputs, /*keep_inputs=*/bound, outputs,
        IREEC_FAST_MAX_RESULTS, views, &result_count);
  }
  if (iree_status_is_ok(status) && has_out) {
    // Result 0 read into `out` (a single-result function's): a NULL status
    // with the "read" stage means it is not a buffer view.
    stage = "read";
    failed_arg = 0;
    if (result_count && views[0]) {
      status = ireec_hal_buffer_view_read_into(views[0], device,
                                               &arrays[IREEC_FAST_MAX_ARGS]);
      iree_hal_buffer_view_release(views[0]);
      views[0] = NULL;
      if (iree_status_is_ok(status)) stage = NULL;
    }
    if (stage) {
      for (iree_host_size_t i = 1; i < result_count && i < IREEC_FAST_MAX_RESULTS; ++i) {
        if (views[i]) iree_hal_buffer_view_release(views[i]);
      }
      iree_vm_list_clear(outputs);
    }
  } else if (iree_status_is_ok(status)) {
    stage = NULL;
  }
  Py_END_ALLOW_THREADS;

  if (stage) {
    result = ireec_failure(status, stage, failed_arg);
    goto release;
  }
  // The ints only name the views: the caller owns them once it has the
  // whole list, so a failure building it releases every one.
  result = PyList_New((Py_ssize_t)result_count);
  for (iree_host_size_t i = 0; result && i < result_count; ++i) {
    PyObject* item;
    if (has_out && i == 0) {
      item = Py_NewRef(out);
    } else if (i < IREEC_FAST_MAX_RESULTS && views[i]) {
      item = PyLong_FromVoidPtr(views[i]);
    } else {
      item = Py_NewRef(Py_None);
    }
    if (!item) {
      Py_CLEAR(result);
      break;
    }
    PyList_SET_ITEM(result, (Py_ssize_t)i, item);
  }
  if (!result) {
    for (iree_host_size_t i = 0; i < result_count && i < IREEC_FAST_MAX_RESULTS;
         ++i) {
      if (views[i]) iree_hal_buffer_view_release(views[i]);
    }
    iree_vm_list_clear(outputs);
  }

release:
  for (Py_ssize_t i = 0; i < exported; ++i) {
    if (arg_views[i]) {
      if (!views_released) iree_hal_buffer_view_release(arg_views[i]);
    } else {
      PyBuffer_Release(&buffers[i]);
    }
  }
  if (has_out) PyBuffer_Release(out_buffer);
  return result;
}

// read_dense(view): the address of an iree_hal_buffer_view_t read into a
// new numpy array, for views of fewer than |max_bytes| bytes whose element
// type has a dtype in dtypes_by_element_type; None when this path declines
// (nothing done); an int, a failed status, when IREE's map failed.
static PyObject* ireec_fast_read_dense(PyObject* module, PyObject* const* args,
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

// ViewReference: owns one reference to an iree_hal_buffer_view_t, dropped
// when the object is (ireec.BufferView holds one). What ffi.gc would do, for
// a fraction of its cost: no Python destructor to call, no cffi call with
// its GIL release to make, for every result a call hands over.
typedef struct {
  PyObject_HEAD
  iree_hal_buffer_view_t* view;
} ireec_view_reference_t;

static void ireec_view_reference_dealloc(PyObject* self) {
  iree_hal_buffer_view_t* view = ((ireec_view_reference_t*)self)->view;
  ((ireec_view_reference_t*)self)->view = NULL;
  if (view) iree_hal_buffer_view_release(view);
  Py_TYPE(self)->tp_free(self);
}

static PyTypeObject ireec_view_reference_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ireec._fast_call.ViewReference",
    .tp_basicsize = sizeof(ireec_view_reference_t),
    .tp_dealloc = ireec_view_reference_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One reference to an iree_hal_buffer_view_t, released with the object.",
};

// own_view(address): a ViewReference taking over the caller's reference to
// the iree_hal_buffer_view_t at |address|.
static PyObject* ireec_fast_own_view(PyObject* module, PyObject* address) {
  void* view = NULL;
  if (ireec_read_addresses(&address, 1, &view) != 0) return NULL;
  ireec_view_reference_t* self =
      PyObject_New(ireec_view_reference_t, &ireec_view_reference_type);
  if (!self) return NULL;  // the caller still owns its reference
  self->view = view;
  return (PyObject*)self;
}

// BoundInvoker: the base of ireec.BoundCall, whose call it makes in C when
// _set_fast gave it what that needs: the session's lock taken, the session
// and the call's input list checked open, ireec_fast_invoke with the bound
// arguments kept, the lock released; a BufferView result adopted by
// `adopt(address, device)`. Anything else (arguments to the call, no fast
// path, a closed object, a declined call) goes to the subclass's
// _call_general, and results that need more than that to its _take_fast
// (still under the lock). Calling it from Python cost as much again as the
// C call it makes; this is that call without the Python.
typedef struct {
  PyObject_HEAD
  PyObject* invoke_args;  // ((addresses), (), out or None, True), or NULL
  PyObject* lock;
  PyObject* session;      // "_ptr" is None once it is closed
  PyObject* inputs;       // the bound VmList; "_ptr" is None once closed
  PyObject* adopt;
  PyObject* device;
  bool reads_out;
} ireec_bound_invoker_t;

static PyObject* ireec_acquire_name = NULL;
static PyObject* ireec_release_name = NULL;
static PyObject* ireec_call_general_name = NULL;
static PyObject* ireec_take_fast_name = NULL;

// The object fields, in _set_fast's argument order.
#define IREEC_BOUND_INVOKER_FIELD_COUNT 6
static void ireec_bound_invoker_fields(
    ireec_bound_invoker_t* invoker,
    PyObject** fields[IREEC_BOUND_INVOKER_FIELD_COUNT]) {
  fields[0] = &invoker->invoke_args;
  fields[1] = &invoker->lock;
  fields[2] = &invoker->session;
  fields[3] = &invoker->inputs;
  fields[4] = &invoker->adopt;
  fields[5] = &invoker->device;
}

static int ireec_bound_invoker_traverse(PyObject* self, visitproc visit, void* arg) {
  PyObject** fields[IREEC_BOUND_INVOKER_FIELD_COUNT];
  ireec_bound_invoker_fields((ireec_bound_invoker_t*)self, fields);
  for (int i = 0; i < IREEC_BOUND_INVOKER_FIELD_COUNT; ++i) Py_VISIT(*fields[i]);
  return 0;
}

static int ireec_bound_invoker_clear(PyObject* self) {
  PyObject** fields[IREEC_BOUND_INVOKER_FIELD_COUNT];
  ireec_bound_invoker_fields((ireec_bound_invoker_t*)self, fields);
  for (int i = 0; i < IREEC_BOUND_INVOKER_FIELD_COUNT; ++i) Py_CLEAR(*fields[i]);
  return 0;
}

static void ireec_bound_invoker_dealloc(PyObject* self) {
  PyObject_GC_UnTrack(self);
  ireec_bound_invoker_clear(self);
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
}

// _set_fast(invoke_args, lock, session, inputs, adopt, device), or
// _set_fast(None) to call the Python way from then on.
static PyObject* ireec_bound_invoker_set_fast(PyObject* self, PyObject* const* args,
                                              Py_ssize_t nargs) {
  ireec_bound_invoker_t* invoker = (ireec_bound_invoker_t*)self;
  if (nargs == 1 && args[0] == Py_None) {
    ireec_bound_invoker_clear(self);
    Py_RETURN_NONE;
  }
  if (nargs != IREEC_BOUND_INVOKER_FIELD_COUNT || !PyTuple_Check(args[0]) ||
      PyTuple_GET_SIZE(args[0]) != 4) {
    PyErr_SetString(PyExc_TypeError,
                    "_set_fast(invoke_args, lock, session, inputs, adopt, "
                    "device) or _set_fast(None)");
    return NULL;
  }
  PyObject** fields[IREEC_BOUND_INVOKER_FIELD_COUNT];
  ireec_bound_invoker_fields(invoker, fields);
  for (int i = 0; i < IREEC_BOUND_INVOKER_FIELD_COUNT; ++i) {
    Py_XSETREF(*fields[i], Py_NewRef(args[i]));
  }
  invoker->reads_out = PyTuple_GET_ITEM(args[0], 2) != Py_None;
  Py_RETURN_NONE;
}

// Whether |object|.|name| is None: 1 yes, 0 no, -1 a Python error.
static int ireec_attribute_is_none(PyObject* object, PyObject* name) {
  PyObject* value = PyObject_GetAttr(object, name);
  if (!value) return -1;
  int is_none = value == Py_None;
  Py_DECREF(value);
  return is_none;
}

// Releases |lock|, keeping whatever exception is set.
static int ireec_release_lock(PyObject* lock) {
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyObject* released = PyObject_CallMethodNoArgs(lock, ireec_release_name);
  if (!released) {
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(traceback);
    return -1;
  }
  Py_DECREF(released);
  PyErr_Restore(type, value, traceback);
  return 0;
}

static PyObject* ireec_fast_invoke(PyObject* module, PyObject* const* args,
                                   Py_ssize_t nargs);

static PyObject* ireec_bound_invoker_call(PyObject* self, PyObject* args,
                                          PyObject* kwargs) {
  ireec_bound_invoker_t* invoker = (ireec_bound_invoker_t*)self;
  if (!invoker->invoke_args || PyTuple_GET_SIZE(args) ||
      (kwargs && PyDict_GET_SIZE(kwargs))) {
    goto general;
  }
  // Held for the call: a close() meanwhile waits for the lock, but the
  // fields are read once.
  PyObject* invoke_args = Py_NewRef(invoker->invoke_args);
  PyObject* lock = Py_NewRef(invoker->lock);
  PyObject* acquired = PyObject_CallMethodNoArgs(lock, ireec_acquire_name);
  if (!acquired) goto fail;
  Py_DECREF(acquired);
  // close() of either takes the lock, so the addresses are valid while both
  // are open; a closed one is reported by the general path.
  int closed = ireec_attribute_is_none(invoker->session, ireec_ptr_name);
  if (closed == 0) closed = ireec_attribute_is_none(invoker->inputs, ireec_ptr_name);
  PyObject* results = NULL;
  if (closed == 0) {
    results = ireec_fast_invoke(NULL, &PyTuple_GET_ITEM(invoke_args, 0), 4);
  }
  PyObject* returned = NULL;
  bool general = false;
  if (closed < 0 || (closed == 0 && !results)) {
    // A Python error: returned stays NULL.
  } else if (closed || results == Py_None) {
    general = true;  // closed, or declined: the general path says why
  } else if (PyList_CheckExact(results) && invoker->reads_out) {
    returned = Py_NewRef(results);  // [the bound out array], read into
  } else if (PyList_CheckExact(results) && PyList_GET_SIZE(results) == 1 &&
             PyLong_CheckExact(PyList_GET_ITEM(results, 0))) {
    PyObject* view = PyObject_CallFunctionObjArgs(
        invoker->adopt, PyList_GET_ITEM(results, 0), invoker->device, NULL);
    if (view) {
      returned = PyList_New(1);
      if (returned) {
        PyList_SET_ITEM(returned, 0, view);
      } else {
        Py_DECREF(view);
      }
    }
  } else {
    // Values to read from the output list, or a failure: under the lock.
    returned = PyObject_CallMethodOneArg(self, ireec_take_fast_name, results);
  }
  Py_XDECREF(results);
  if (ireec_release_lock(lock) != 0) Py_CLEAR(returned);
  Py_DECREF(lock);
  Py_DECREF(invoke_args);
  if (!general) return returned;
  goto general;

fail:
  Py_DECREF(lock);
  Py_DECREF(invoke_args);
  return NULL;

general: {
    PyObject* method = PyObject_GetAttr(self, ireec_call_general_name);
    if (!method) return NULL;
    PyObject* result = PyObject_Call(method, args, kwargs);
    Py_DECREF(method);
    return result;
  }
}

static PyMethodDef ireec_bound_invoker_methods[] = {
    {"_set_fast", (PyCFunction)(void (*)(void))ireec_bound_invoker_set_fast,
     METH_FASTCALL,
     "_set_fast(invoke_args, lock, session, inputs, adopt, device), or "
     "_set_fast(None)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ireec_bound_invoker_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ireec._fast_call.BoundInvoker",
    .tp_basicsize = sizeof(ireec_bound_invoker_t),
    .tp_dealloc = ireec_bound_invoker_dealloc,
    .tp_call = ireec_bound_invoker_call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The base of ireec.BoundCall: its call, made in C.",
    .tp_traverse = ireec_bound_invoker_traverse,
    .tp_clear = ireec_bound_invoker_clear,
    .tp_methods = ireec_bound_invoker_methods,
    .tp_new = PyType_GenericNew,
};

static PyMethodDef ireec_fast_call_methods[] = {
    {"configure", (PyCFunction)(void (*)(void))ireec_fast_configure,
     METH_FASTCALL, "configure(ndarray_type, element_types_by_format, "
                    "dtypes_by_element_type, empty)"},
    {"invoke", (PyCFunction)(void (*)(void))ireec_fast_invoke, METH_FASTCALL,
     "invoke((session, function, inputs, outputs, device, allocator), args, "
     "out, bound): a call with numpy or BufferView arguments in one "
     "crossing, or None"},
    {"read_dense", (PyCFunction)(void (*)(void))ireec_fast_read_dense,
     METH_FASTCALL,
     "read_dense(view, max_bytes): a small mappable view as a new array, or "
     "None"},
    {"own_view", ireec_fast_own_view, METH_O,
     "own_view(address): a ViewReference taking over a reference to the "
     "iree_hal_buffer_view_t at address"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef ireec_fast_call_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "ireec._fast_call",
    .m_doc = "The numpy-in, numpy-out call path of ireec in one crossing into C.",
    .m_size = -1,
    .m_methods = ireec_fast_call_methods,
};

PyMODINIT_FUNC PyInit__fast_call(void) {
  PyObject** names[6] = {&ireec_ptr_name, &ireec_address_name,
                         &ireec_acquire_name, &ireec_release_name,
                         &ireec_call_general_name, &ireec_take_fast_name};
  const char* texts[6] = {"_ptr", "_address", "acquire", "release",
                          "_call_general", "_take_fast"};
  for (int i = 0; i < 6; ++i) {
    *names[i] = PyUnicode_InternFromString(texts[i]);
    if (!*names[i]) return NULL;
  }
  if (PyType_Ready(&ireec_view_reference_type) != 0 ||
      PyType_Ready(&ireec_bound_invoker_type) != 0) {
    return NULL;
  }
  PyObject* module = PyModule_Create(&ireec_fast_call_module);
  if (module && (PyModule_AddObjectRef(module, "ViewReference",
                                       (PyObject*)&ireec_view_reference_type) != 0 ||
                 PyModule_AddObjectRef(module, "BoundInvoker",
                                       (PyObject*)&ireec_bound_invoker_type) != 0)) {
    Py_CLEAR(module);
  }
  return module;
}
