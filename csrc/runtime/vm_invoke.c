// ireec_runtime_vm_invoke: IREE's synchronous invocation (iree_vm_invoke)
// made from IREE's exported steps, without zero-filling the 8 KiB of VM
// stack storage inside the invocation state on every call.
//
// iree_vm_invoke declares its iree_vm_invoke_state_t as `= {0}`, which
// clears the whole struct, stack storage included, before each call. Nothing
// reads that storage before writing it: iree_vm_begin_invoke clears the
// results it places there, iree_vm_stack_initialize the stack header, and
// iree_vm_stack_function_enter each frame it pushes. Clearing only the
// state's header is the same invocation without 8 KiB of stores per call:
// about a fifth of the instructions of a small call (simple_mul), and 1-4% of
// its time from Python, where the interpreter's work between two calls has
// evicted that storage from the cache.

#include <stddef.h>
#include <string.h>

#include "runtime_internal.h"

iree_status_t ireec_runtime_vm_invoke(iree_vm_context_t* context,
                                      iree_vm_function_t function,
                                      iree_vm_invocation_flags_t flags,
                                      const iree_vm_list_t* inputs,
                                      iree_vm_list_t* outputs,
                                      iree_allocator_t host_allocator) {
  iree_vm_invoke_state_t state;
  memset(&state, 0, offsetof(iree_vm_invoke_state_t, stack_storage));

  // The steps and their order are iree_vm_invoke's: begin (which may run the
  // whole call), then while it yields, the wait its top frame asks for (no
  // deadline of its own: the wait frame's) and a resume; end on success,
  // abort otherwise.
  iree_status_t status = iree_vm_begin_invoke(
      &state, context, function, flags, /*policy=*/NULL, inputs, host_allocator);
  while (iree_status_is_deferred(status)) {
    iree_vm_stack_frame_t* frame = iree_vm_stack_current_frame(state.stack);
    if (!frame) {
      status = iree_make_status(IREE_STATUS_FAILED_PRECONDITION,
                                "unbalanced stack after yield");
      break;
    }
    if (frame->type == IREE_VM_STACK_FRAME_WAIT) {
      status = iree_vm_wait_invoke(
          &state, (iree_vm_wait_frame_t*)iree_vm_stack_frame_storage(frame),
          IREE_TIME_INFINITE_FUTURE);
      if (!iree_status_is_ok(status)) break;
    }
    status = iree_vm_resume_invoke(&state);
  }

  // |status| says whether invoking worked; |invoke_status| what the function
  // returned.
  iree_status_t invoke_status = iree_ok_status();
  if (iree_status_is_ok(status)) {
    status = iree_vm_end_invoke(&state, outputs, &invoke_status);
  }
  if (!iree_status_is_ok(status)) iree_vm_abort_invoke(&state);
  if (!iree_status_is_ok(invoke_status)) {
    iree_status_ignore(status);
    return invoke_status;
  }
  return status;
}
