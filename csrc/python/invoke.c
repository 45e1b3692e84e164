// ireec_invoke(): a call whose arguments are numpy arrays or
// ireec.BufferViews, pushed, invoked and its result handed over or read into
// `out`, in one crossing into C; it declines (doing nothing) whatever else
// it is given, and raises IREE's failures itself (errors.c) with the notes
// naming the argument or result. With no arguments it invokes what the
// invoker pushed (ireec_invoke_push, below, and its converter).
//
// The C work runs without the GIL, as cffi's calls do; the arrays stay
// referenced by the caller's arguments and the buffer views retained until
// it is done.

#include "cext.h"

#include <string.h>

// A BufferView argument's iree_hal_buffer_view_t, retained (so a close()
// meanwhile cannot free it); NULL when it is not an open ireec.BufferView.
static iree_hal_buffer_view_t* ireec_retain_buffer_view(PyObject* arg) {
  if (Py_TYPE(arg) != ireec_buffer_view_class) return NULL;
  if (ireec_handle_is_closed(arg)) return NULL;  // ireec_invoke_push raises
  iree_hal_buffer_view_t* view = ((ireec_handle_t*)arg)->buffer_view;
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

// Where an invoke failed, for the note naming the argument or result.
typedef enum {
  IREEC_FAILED_COPY,  // copying array argument |index| to the device (a note)
  IREEC_FAILED_PUSH,  // pushing a BufferView argument (no note)
  IREEC_FAILED_CALL,  // the invoke itself (no note)
  IREEC_FAILED_READ,  // reading result 0 into `out` (a note; an OK status
                      // there: the result is not a buffer view, a TypeError)
} ireec_failure_t;

// Raises what failed at |stage|, noted with the argument or result.
static void ireec_raise_failure(const iree_vm_function_t* function,
                                iree_status_t status, ireec_failure_t stage,
                                Py_ssize_t index) {
  if (stage == IREEC_FAILED_PUSH || stage == IREEC_FAILED_CALL) {
    ireec_raise_status(status, NULL);
    return;
  }
  PyObject* name = ireec_function_full_name(function);
  if (!name) {
    iree_status_free(status);
    return;
  }
  if (stage == IREEC_FAILED_READ && iree_status_is_ok(status)) {
    PyErr_Format(PyExc_TypeError,
                 "result %zd of %U is not a buffer view: its out entry must be None",
                 index, name);
    Py_DECREF(name);
    return;
  }
  PyObject* note =
      stage == IREEC_FAILED_COPY
          ? PyUnicode_FromFormat("while copying argument %zd of %U to the device",
                                 index + 1, name)  // (1-based, as people count)
          : PyUnicode_FromFormat("while reading result %zd of %U into out entry %zd",
                                 index, name, index);
  Py_DECREF(name);
  if (!note) {
    iree_status_free(status);
    return;
  }
  ireec_raise_status(status, note);
  Py_DECREF(note);
}

// Pushes every argument (an array copied to a new buffer view on the
// device: ireec_vm_list_push_buffer_view_copy; a BufferView as a new
// reference: ireec_vm_list_push_ref_object_retain), invokes
// (ireec_runtime_session_invoke), and reads result 0 into `out` if given
// (ireec_hal_buffer_view_read_into). Without the GIL. False when it failed:
// |*out_status|, |*out_stage| and |*out_index| say what and where (an OK
// status at the read stage: result 0 is not a buffer view).
static bool ireec_invoke_nogil(const ireec_invocation_t* invocation,
                               const ireec_host_array_t* arrays,
                               iree_hal_buffer_view_t* const* arg_views,
                               const ireec_host_array_t* out_array,
                               ireec_invoke_results_t* results,
                               iree_status_t* out_status, ireec_failure_t* out_stage,
                               Py_ssize_t* out_index) {
  iree_vm_list_t* inputs = invocation->inputs;
  iree_status_t status = iree_ok_status();
  iree_vm_ref_type_t view_type = iree_hal_buffer_view_type();
  iree_hal_allocator_t* allocator = NULL;
  Py_ssize_t i = 0;
  for (; i < invocation->arg_count && iree_status_is_ok(status); ++i) {
    if (arg_views[i]) {
      *out_stage = IREEC_FAILED_PUSH;
      status = ireec_vm_list_push_ref_object_retain(inputs, arg_views[i], view_type);
    } else {
      *out_stage = IREEC_FAILED_COPY;
      if (!allocator) allocator = iree_hal_device_allocator(invocation->device);
      status = ireec_vm_list_push_buffer_view_copy(
          inputs, invocation->device, allocator, arrays[i].shape_rank,
          arrays[i].shape, arrays[i].element_type, arrays[i].data,
          arrays[i].data_length);
    }
  }
  *out_status = status;
  if (!iree_status_is_ok(status)) {
    *out_index = i - 1;
    iree_vm_list_clear(inputs);
    return false;
  }
  *out_stage = IREEC_FAILED_CALL;
  *out_status = status = ireec_runtime_session_invoke(
      invocation->session, invocation->function, inputs, invocation->keep_inputs,
      invocation->outputs, IREEC_FAST_MAX_RESULTS, results->views, &results->count);
  if (!iree_status_is_ok(status)) return false;
  if (!out_array) return true;
  // Result 0 read into `out` (a single-result function's): an OK status
  // with the read stage means it is not a buffer view.
  *out_stage = IREEC_FAILED_READ;
  *out_index = 0;
  iree_hal_buffer_view_t* view = results->count ? results->views[0] : NULL;
  if (view) {
    *out_status = status =
        ireec_hal_buffer_view_read_into(view, invocation->device, out_array);
    iree_hal_buffer_view_release(view);
    results->views[0] = NULL;
    if (iree_status_is_ok(status)) return true;
  }
  // Failed (with an OK status if result 0 is not a buffer view): nothing is
  // handed back.
  for (iree_host_size_t r = 1; r < results->count && r < IREEC_FAST_MAX_RESULTS; ++r) {
    if (results->views[r]) iree_hal_buffer_view_release(results->views[r]);
    results->views[r] = NULL;
  }
  results->count = 0;
  iree_vm_list_clear(invocation->outputs);
  return false;
}

int ireec_invoke_push(iree_vm_list_t* inputs, iree_hal_device_t* device,
                      const iree_vm_function_t* function, Py_ssize_t index, PyObject* arg) {
  iree_status_t status;
  if (Py_TYPE(arg) == ireec_buffer_view_class) {
    // A closed view raises ClosedError; a close() meanwhile waits.
    if (ireec_handle_acquire(arg) != 0) return -1;
    status = ireec_vm_list_push_ref_object_retain(
        inputs, ((ireec_handle_t*)arg)->buffer_view, iree_hal_buffer_view_type());
    ireec_handle_release_use(arg);
    if (!iree_status_is_ok(status)) {
      ireec_raise_failure(function, status, IREEC_FAILED_PUSH, index);
      return -1;
    }
    return 1;
  }
  iree_hal_dim_t dims[IREEC_FAST_MAX_RANK];
  ireec_host_array_t array;
  if (!ireec_array_describe(arg, /*writable=*/false, dims, &array)) return 0;
  // The array stays referenced by the caller's arguments meanwhile.
  Py_BEGIN_ALLOW_THREADS;
  status = ireec_vm_list_push_buffer_view_copy(
      inputs, device, iree_hal_device_allocator(device), array.shape_rank, array.shape,
      array.element_type, array.data, array.data_length);
  Py_END_ALLOW_THREADS;
  if (!iree_status_is_ok(status)) {
    ireec_raise_failure(function, status, IREEC_FAILED_COPY, index);
    return -1;
  }
  return 1;
}

int ireec_invoke(const ireec_invocation_t* invocation, ireec_invoke_results_t* results) {
  Py_ssize_t arg_count = invocation->arg_count;
  if (arg_count > IREEC_FAST_MAX_ARGS) return 0;

  iree_hal_dim_t dims[IREEC_FAST_MAX_ARGS + 1][IREEC_FAST_MAX_RANK];
  ireec_host_array_t arrays[IREEC_FAST_MAX_ARGS + 1];
  // Per argument: a retained buffer view (an ireec.BufferView's), or NULL
  // for an array.
  iree_hal_buffer_view_t* arg_views[IREEC_FAST_MAX_ARGS];
  ireec_host_array_t* out_array = NULL;
  if (invocation->out) {
    out_array = &arrays[IREEC_FAST_MAX_ARGS];
    if (!ireec_array_describe(invocation->out, /*writable=*/true,
                              dims[IREEC_FAST_MAX_ARGS], out_array)) {
      return 0;
    }
  }
  Py_ssize_t described = 0;
  for (; described < arg_count; ++described) {
    PyObject* arg = invocation->args[described];
    arg_views[described] = ireec_retain_buffer_view(arg);
    if (arg_views[described]) continue;
    if (!ireec_array_describe(arg, /*writable=*/false, dims[described],
                              &arrays[described])) {
      // Declining leaves nothing done.
      for (Py_ssize_t i = 0; i < described; ++i) {
        if (arg_views[i]) iree_hal_buffer_view_release(arg_views[i]);
      }
      return 0;
    }
  }

  ireec_failure_t stage = IREEC_FAILED_CALL;
  Py_ssize_t failed_index = 0;
  iree_status_t status = iree_ok_status();
  bool done;
  Py_BEGIN_ALLOW_THREADS;
  done = ireec_invoke_nogil(invocation, arrays, arg_views, out_array, results, &status,
                            &stage, &failed_index);
  // The list holds its own references to the buffer views (or failed).
  for (Py_ssize_t i = 0; i < arg_count; ++i) {
    if (arg_views[i]) iree_hal_buffer_view_release(arg_views[i]);
  }
  Py_END_ALLOW_THREADS;
  if (done) return 1;
  ireec_raise_failure(invocation->function, status, stage, failed_index);
  return -1;
}
