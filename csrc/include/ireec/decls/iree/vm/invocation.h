// Declarations of IREE's iree/vm/invocation.h: invoking VM functions:
// synchronously, resumably, or on a loop.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_INVOCATION_H_
#define IREEC_DECLS_IREE_VM_INVOCATION_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/loop.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"
#include "ireec/decls/iree/vm/context.h"
#include "ireec/decls/iree/vm/list.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls/iree/vm/stack.h"

typedef struct iree_vm_invocation_policy_t iree_vm_invocation_policy_t;

iree_status_t iree_vm_invoke(
    iree_vm_context_t* context,
    iree_vm_function_t function,
    iree_vm_invocation_flags_t flags,
    const iree_vm_invocation_policy_t* policy,
    const iree_vm_list_t* inputs,
    iree_vm_list_t* outputs,
    iree_allocator_t host_allocator);

// iree_vm_begin_invoke runs a function until it finishes or must wait
// (DEFERRED); the caller then waits (iree_vm_wait_invoke, or its own way),
// calls iree_vm_resume_invoke, and when it is done iree_vm_end_invoke hands
// over the results and the function's status.

typedef struct iree_vm_invoke_state_t {
  iree_vm_context_t* context;
  iree_status_t status;
  iree_string_view_t cconv_results;
  iree_byte_span_t results;
  iree_vm_stack_t* stack;
  uint8_t stack_storage[8192];
} iree_vm_invoke_state_t;

iree_status_t iree_vm_begin_invoke(iree_vm_invoke_state_t* state,
                                   iree_vm_context_t* context,
                                   iree_vm_function_t function,
                                   iree_vm_invocation_flags_t flags,
                                   const iree_vm_invocation_policy_t* policy,
                                   const iree_vm_list_t* inputs,
                                   iree_allocator_t host_allocator);
iree_status_t iree_vm_resume_invoke(iree_vm_invoke_state_t* state);
// Performs the wait of |wait_frame| (the stack's top frame) up to
// |deadline_ns|.
iree_status_t iree_vm_wait_invoke(iree_vm_invoke_state_t* state,
                                  iree_vm_wait_frame_t* wait_frame,
                                  iree_time_t deadline_ns);
// Moves the results into |outputs| and the function's own status into
// |out_status|; the return value is whether ending itself worked.
iree_status_t iree_vm_end_invoke(iree_vm_invoke_state_t* state,
                                 iree_vm_list_t* outputs,
                                 iree_status_t* out_status);
// Abandons an invocation that will not be resumed.
void iree_vm_abort_invoke(iree_vm_invoke_state_t* state);

// The same, driven by a loop: waits become loop waits and |callback| receives
// the outputs and status when the function finishes.

typedef int64_t iree_vm_invocation_id_t;

typedef iree_status_t (*iree_vm_async_invoke_callback_fn_t)(
    void* user_data, iree_loop_t loop, iree_status_t status,
    iree_vm_list_t* outputs);

typedef struct iree_vm_async_invoke_state_t {
  union {
    // The arguments, kept until the invocation begins on the loop.
    struct {
      iree_vm_context_t* context;
      iree_vm_function_t function;
      iree_vm_invocation_flags_t flags;
      const iree_vm_invocation_policy_t* policy;
      iree_vm_list_t* inputs;
    } begin_params;
    iree_vm_invoke_state_t base;
  };
  iree_vm_invocation_id_t invocation_id;
  iree_time_t deadline_ns;
  iree_allocator_t host_allocator;
  iree_vm_list_t* outputs;
  iree_vm_async_invoke_callback_fn_t callback;
  void* user_data;
} iree_vm_async_invoke_state_t;

// |state| must stay alive until |callback| has run.
iree_status_t iree_vm_async_invoke(
    iree_loop_t loop, iree_vm_async_invoke_state_t* state,
    iree_vm_context_t* context, iree_vm_function_t function,
    iree_vm_invocation_flags_t flags, const iree_vm_invocation_policy_t* policy,
    iree_vm_list_t* inputs, iree_vm_list_t* outputs,
    iree_allocator_t host_allocator,
    iree_vm_async_invoke_callback_fn_t callback, void* user_data);

#endif  // IREEC_DECLS_IREE_VM_INVOCATION_H_
