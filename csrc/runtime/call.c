// iree_runtime_call_t: a reusable builder for synchronous calls to one
// function of a session, holding the input and output lists.
//
// The struct is the caller's (stack-allocated or embedded); IREE's layout is
// session, function, inputs, outputs. A zeroed call, and a call after
// iree_runtime_call_deinitialize (which zeroes it again), is "not
// initialized": every entry point detects that instead of crashing, since the
// callers include scripts that get such sequencing wrong.

#include <string.h>

#include "iree/modules/hal/types.h"
#include "runtime_internal.h"

//===----------------------------------------------------------------------===//
// iree_runtime_call_t
//===----------------------------------------------------------------------===//

// Fails unless |call| points at an initialized call.
static iree_status_t iree_runtime_call_check_initialized(
    const iree_runtime_call_t* call) {
  if (!call) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "call must not be NULL");
  }
  if (!call->session || !call->inputs || !call->outputs) {
    return iree_make_status(
        IREE_STATUS_FAILED_PRECONDITION,
        "call is not initialized (use iree_runtime_call_initialize or "
        "iree_runtime_call_initialize_by_name, and do not use it after "
        "iree_runtime_call_deinitialize)");
  }
  return iree_ok_status();
}

IREE_API_EXPORT iree_status_t iree_runtime_call_initialize(
    iree_runtime_session_t* session, iree_vm_function_t function,
    iree_runtime_call_t* out_call) {
  if (!out_call) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_call must not be NULL");
  }
  // Zeroed before anything can fail, so that deinitializing after a failed
  // initialize is harmless.
  memset(out_call, 0, sizeof(*out_call));
  if (!session) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "session must not be NULL");
  }
  if (!function.module) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "function must be a resolved function (from "
                            "iree_runtime_session_lookup_function)");
  }

  // The calling convention gives the argument and result counts, used as the
  // initial capacities so that filling the lists for this function never
  // reallocates.
  iree_vm_function_signature_t signature =
      iree_vm_function_signature(&function);
  iree_string_view_t argument_cconv = iree_string_view_empty();
  iree_string_view_t result_cconv = iree_string_view_empty();
  IREE_RETURN_IF_ERROR(iree_vm_function_call_get_cconv_fragments(
      &signature, &argument_cconv, &result_cconv));

  iree_allocator_t host_allocator =
      iree_runtime_session_host_allocator(session);
  iree_vm_list_t* inputs = NULL;
  iree_vm_list_t* outputs = NULL;
  // Lists of any element type: inputs mix buffer views and scalars freely.
  iree_status_t status =
      iree_vm_list_create(iree_vm_make_undefined_type_def(),
                          argument_cconv.size, host_allocator, &inputs);
  if (iree_status_is_ok(status)) {
    status = iree_vm_list_create(iree_vm_make_undefined_type_def(),
                                 result_cconv.size, host_allocator, &outputs);
  }
  if (!iree_status_is_ok(status)) {
    iree_vm_list_release(inputs);
    iree_vm_list_release(outputs);
    return status;
  }

  // The call keeps the session (and through it the function's module) alive.
  iree_runtime_session_retain(session);
  out_call->session = session;
  out_call->function = function;
  out_call->inputs = inputs;
  out_call->outputs = outputs;
  return iree_ok_status();
}

IREE_API_EXPORT iree_status_t iree_runtime_call_initialize_by_name(
    iree_runtime_session_t* session, iree_string_view_t full_name,
    iree_runtime_call_t* out_call) {
  if (!out_call) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_call must not be NULL");
  }
  memset(out_call, 0, sizeof(*out_call));
  iree_vm_function_t function;
  IREE_RETURN_IF_ERROR(
      iree_runtime_session_lookup_function(session, full_name, &function));
  return iree_runtime_call_initialize(session, function, out_call);
}

IREE_API_EXPORT void iree_runtime_call_deinitialize(iree_runtime_call_t* call) {
  if (!call) return;
  iree_vm_list_release(call->inputs);
  iree_vm_list_release(call->outputs);
  iree_runtime_session_release(call->session);
  // Back to "not initialized", so a second deinitialize (or a stray use) is
  // caught rather than releasing everything twice.
  memset(call, 0, sizeof(*call));
}

IREE_API_EXPORT void iree_runtime_call_reset(iree_runtime_call_t* call) {
  if (!call) return;
  // Shrinking a list only releases its elements; it cannot fail.
  if (call->inputs) iree_status_ignore(iree_vm_list_resize(call->inputs, 0));
  if (call->outputs) iree_status_ignore(iree_vm_list_resize(call->outputs, 0));
}

IREE_API_EXPORT iree_vm_list_t* iree_runtime_call_inputs(
    const iree_runtime_call_t* call) {
  return call ? call->inputs : NULL;
}

IREE_API_EXPORT iree_vm_list_t* iree_runtime_call_outputs(
    const iree_runtime_call_t* call) {
  return call ? call->outputs : NULL;
}

IREE_API_EXPORT iree_status_t iree_runtime_call_invoke(
    iree_runtime_call_t* call, iree_runtime_call_flags_t flags) {
  IREE_RETURN_IF_ERROR(iree_runtime_call_check_initialized(call));
  // |flags| has no defined bits (IREE_RUNTIME_CALL_FLAG_RESERVED only).
  //
  // The inputs stay as they are, so the same call can be invoked again as-is
  // or after changing some inputs. Outputs a previous invoke left in the list
  // (not popped) are released first: a successful invoke replaces them anyway,
  // and after a failed one the list is then empty rather than holding results
  // of an earlier call that could be mistaken for this one's.
  IREE_RETURN_IF_ERROR(iree_vm_list_resize(call->outputs, 0));
  return iree_runtime_session_call(call->session, &call->function,
                                   call->inputs, call->outputs);
}

//===----------------------------------------------------------------------===//
// Helpers for defining call I/O
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_status_t iree_runtime_call_inputs_push_back_buffer_view(
    iree_runtime_call_t* call, iree_hal_buffer_view_t* buffer_view) {
  IREE_RETURN_IF_ERROR(iree_runtime_call_check_initialized(call));
  if (!buffer_view) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "buffer_view must not be NULL");
  }
  // The list takes its own reference; the caller keeps theirs.
  iree_vm_ref_t value = {0};
  IREE_RETURN_IF_ERROR(iree_vm_ref_wrap_assign(
      buffer_view, iree_hal_buffer_view_type(), &value));
  return iree_vm_list_push_ref_retain(call->inputs, &value);
}

IREE_API_EXPORT iree_status_t iree_runtime_call_outputs_pop_front_buffer_view(
    iree_runtime_call_t* call, iree_hal_buffer_view_t** out_buffer_view) {
  if (!out_buffer_view) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_buffer_view must not be NULL");
  }
  *out_buffer_view = NULL;
  IREE_RETURN_IF_ERROR(iree_runtime_call_check_initialized(call));

  if (iree_vm_list_size(call->outputs) == 0) {
    return iree_make_status(
        IREE_STATUS_OUT_OF_RANGE,
        "no outputs left to pop (the call was not invoked, the function has "
        "no more results, or they were all popped already)");
  }

  // Look before taking: an element that is not a buffer view stays where it
  // is, so the caller can still read it through iree_runtime_call_outputs.
  // (Popping first would also have to dispose of the element on mismatch.)
  iree_vm_variant_t front = iree_vm_variant_empty();
  IREE_RETURN_IF_ERROR(
      iree_vm_list_get_variant_assign(call->outputs, 0, &front));
  if (iree_vm_variant_is_value(front)) {
    return iree_make_status(
        IREE_STATUS_FAILED_PRECONDITION,
        "the next output is a primitive value (iree_vm_value_type_t %d), not "
        "a buffer view; read it from iree_runtime_call_outputs instead",
        (int)front.type.value_type_bits);
  }
  if (!front.ref.ptr) {
    return iree_make_status(
        IREE_STATUS_FAILED_PRECONDITION,
        "the next output is a null reference, not a buffer view");
  }
  if (front.ref.type != iree_hal_buffer_view_type()) {
    iree_string_view_t type_name = iree_vm_ref_type_name(front.ref.type);
    return iree_make_status(
        IREE_STATUS_FAILED_PRECONDITION,
        "the next output is a '%.*s' reference, not a buffer view; read it "
        "from iree_runtime_call_outputs instead",
        (int)type_name.size, type_name.data);
  }

  // Moves the list's reference out: the buffer view now belongs to the caller,
  // who releases it, and the remaining outputs shift forward by one.
  iree_vm_ref_t value = {0};
  IREE_RETURN_IF_ERROR(iree_vm_list_pop_front_ref_move(call->outputs, &value));
  *out_buffer_view = (iree_hal_buffer_view_t*)value.ptr;
  return iree_ok_status();
}
