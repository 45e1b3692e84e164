// invoke(): a call whose arguments are numpy arrays or ireec.BufferViews,
// pushed, invoked and its result handed over or read into `out`, in one
// crossing into C; it declines (doing nothing) whatever else it is given,
// and raises IREE's failures itself (errors.c) with the general path's
// notes.

#include "cext.h"

#include <string.h>

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
  // An ireec.BufferView: its C base (a Handle) holds the pointer.
  if (ireec_handle_is_closed(arg)) return NULL;  // the general path raises
  iree_hal_buffer_view_t* view = ((ireec_handle_t*)arg)->ptr;
  iree_hal_buffer_view_retain(view);
  return view;
}

PyObject* ireec_function_full_name(const iree_vm_function_t* function) {
  iree_string_view_t module = iree_vm_module_name(function->module);
  iree_string_view_t name = iree_vm_function_name(function);
  PyObject* parts[2] = {
      PyUnicode_DecodeUTF8(module.data, (Py_ssize_t)module.size, "replace"),
      PyUnicode_DecodeUTF8(name.data, (Py_ssize_t)name.size, "replace")};
  PyObject* full = parts[0] && parts[1]
                       ? PyUnicode_FromFormat("%U.%U", parts[0], parts[1])
                       : NULL;
  Py_XDECREF(parts[0]);
  Py_XDECREF(parts[1]);
  return full;
}

// Raises what failed, as the general path words it: |stage| "copy" (of
// array argument |index| to the device: a note says so), "push" (of a
// BufferView argument) or "call" (the invoke: no note), "read" (of result
// |index| into `out`: a note says so; a NULL status there means the result
// is not a buffer view, a TypeError). Returns NULL.
static PyObject* ireec_raise_failure(const iree_vm_function_t* function,
                                     iree_status_t status, const char* stage,
                                     Py_ssize_t index) {
  bool copy = strcmp(stage, "copy") == 0, read = strcmp(stage, "read") == 0;
  if (!copy && !read) return ireec_raise_status(status, NULL);
  PyObject* name = ireec_function_full_name(function);
  if (!name) {
    iree_status_free(status);
    return NULL;
  }
  if (read && iree_status_is_ok(status)) {
    PyErr_Format(PyExc_TypeError,
                 "result %zd of %U is not a buffer view: its out entry must be None",
                 index, name);
    Py_DECREF(name);
    return NULL;
  }
  PyObject* note =
      copy ? PyUnicode_FromFormat("while copying argument %zd of %U to the device",
                                  index, name)
           : PyUnicode_FromFormat("while reading result %zd of %U into out entry %zd",
                                  index, name, index);
  Py_DECREF(name);
  if (!note) {
    iree_status_free(status);
    return NULL;
  }
  ireec_raise_status(status, note);
  Py_DECREF(note);
  return NULL;
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
// having done nothing, when the call is not one this path handles; raises
// the ireec.errors exception when IREE failed, with the notes the general
// path adds (the lists are then empty).
PyObject* ireec_invoke_once(PyObject* const* args, Py_ssize_t nargs,
                            bool* out_failed) {
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
    *out_failed = true;
    result = ireec_raise_failure(function, status, stage, failed_arg);
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

// What trace_invokes() was given: a list each invoke appends "handled"
// (results, or an IREE failure raised) or "declined" to (for tests to see which path a call took), or NULL.
static PyObject* ireec_invoke_trace = NULL;

PyObject* ireec_fast_invoke(PyObject* module, PyObject* const* args,
                            Py_ssize_t nargs) {
  bool failed = false;  // raised what IREE reported: handled too
  PyObject* result = ireec_invoke_once(args, nargs, &failed);
  if ((result || failed) && ireec_invoke_trace) {
    PyObject *type, *error, *traceback;
    PyErr_Fetch(&type, &error, &traceback);
    PyObject* what = PyUnicode_FromString(result == Py_None ? "declined" : "handled");
    if (!what || PyList_Append(ireec_invoke_trace, what) != 0) {
      // (Tests only: the trace's own failure wins.)
      Py_CLEAR(result);
      Py_XDECREF(type);
      Py_XDECREF(error);
      Py_XDECREF(traceback);
    } else {
      PyErr_Restore(type, error, traceback);
    }
    Py_XDECREF(what);
  }
  return result;
}

PyObject* ireec_trace_invokes(PyObject* module, PyObject* trace) {
  if (trace != Py_None && !PyList_Check(trace)) {
    PyErr_SetString(PyExc_TypeError, "trace_invokes(list or None)");
    return NULL;
  }
  Py_XSETREF(ireec_invoke_trace, trace == Py_None ? NULL : Py_NewRef(trace));
  Py_RETURN_NONE;
}
