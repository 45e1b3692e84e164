// IREE VM stacks (iree/vm/stack.h) and the resumable and asynchronous forms
// of invocation (iree/vm/invocation.h): begin/resume/wait/end, and
// iree_vm_async_invoke on a loop.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_VM_INVOKE_H_
#define IREEC_DECLS_VM_INVOKE_H_

#include "ireec/decls/loop.h"
#include "ireec/decls/vm.h"

#define IREE_VM_STACK_MIN_SIZE 1024
#define IREE_VM_STACK_MAX_SIZE 1048576

// A tracing zone id (0 where tracing is compiled out, as in this runtime).
typedef uint32_t iree_zone_id_t;

//===----------------------------------------------------------------------===//
// Stack frames
//===----------------------------------------------------------------------===//
// A stack is a list of frames, one per function being run; native modules
// keep their per-call state in the storage that follows their frame.

typedef struct iree_vm_stack_frame_t {
  iree_vm_stack_frame_type_t type;
  iree_vm_function_t function;
  iree_vm_module_state_t* module_state;
  // The program counter, for bytecode frames.
  iree_vm_source_offset_t pc;
  int32_t depth;
} iree_vm_stack_frame_t;

typedef void (*iree_vm_stack_frame_cleanup_fn_t)(iree_vm_stack_frame_t* frame);

// A stack on the heap; iree_vm_stack_initialize (ireec/decls/vm.h) makes one
// in the caller's storage.
iree_status_t iree_vm_stack_allocate(iree_vm_invocation_flags_t flags,
                                     iree_vm_state_resolver_t state_resolver,
                                     iree_allocator_t allocator,
                                     iree_vm_stack_t** out_stack);
void iree_vm_stack_free(iree_vm_stack_t* stack);
// Pops every frame (running their cleanups).
void iree_vm_stack_reset(iree_vm_stack_t* stack);

iree_vm_invocation_flags_t iree_vm_stack_invocation_flags(
    const iree_vm_stack_t* stack);
iree_allocator_t iree_vm_stack_allocator(const iree_vm_stack_t* stack);
// The innermost frame, or NULL when the stack is empty.
iree_vm_stack_frame_t* iree_vm_stack_current_frame(iree_vm_stack_t* stack);
iree_vm_stack_frame_t* iree_vm_stack_parent_frame(iree_vm_stack_t* stack);
iree_vm_stack_frame_t* iree_vm_stack_top(iree_vm_stack_t* stack);
iree_status_t iree_vm_stack_query_module_state(
    iree_vm_stack_t* stack, iree_vm_module_t* module,
    iree_vm_module_state_t** out_module_state);

// Pushes a frame for |function| with |frame_size| bytes of storage after it.
iree_status_t iree_vm_stack_function_enter(
    iree_vm_stack_t* stack, const iree_vm_function_t* function,
    iree_vm_stack_frame_type_t frame_type, iree_host_size_t frame_size,
    iree_vm_stack_frame_cleanup_fn_t frame_cleanup_fn,
    iree_vm_stack_frame_t* restrict* out_callee_frame);
// Pops the innermost frame.
iree_status_t iree_vm_stack_function_leave(iree_vm_stack_t* stack);

// The storage that follows |frame| (IREE's static inline, exported by us).
void* iree_vm_stack_frame_storage(iree_vm_stack_frame_t* frame);

// Adds the stack's frames, as text, to |base_status| / to |builder|.
iree_status_t iree_vm_stack_annotate_backtrace(iree_vm_stack_t* stack,
                                               iree_status_t base_status);
iree_status_t iree_vm_stack_format_backtrace(iree_vm_stack_t* stack,
                                             iree_string_builder_t* builder);

// Tracing bookkeeping around a stack that leaves and re-enters its thread.
void iree_vm_stack_suspend_trace_zones(iree_vm_stack_t* stack);
void iree_vm_stack_resume_trace_zones(iree_vm_stack_t* stack);

//===----------------------------------------------------------------------===//
// Waits
//===----------------------------------------------------------------------===//
// A function that must wait pushes a wait frame listing what it waits on and
// returns DEFERRED; whoever runs the invocation performs the wait and resumes.

typedef uint8_t iree_vm_wait_type_t;

typedef struct iree_vm_wait_frame_t {
  iree_vm_wait_type_t wait_type;
  iree_status_t wait_status;
  iree_time_t deadline_ns;
  iree_host_size_t count;
  iree_wait_source_t wait_sources[];
} iree_vm_wait_frame_t;

typedef struct iree_vm_wait_result_t {
  iree_status_t status;
} iree_vm_wait_result_t;

iree_status_t iree_vm_stack_wait_enter(iree_vm_stack_t* stack,
                                       iree_vm_wait_type_t wait_type,
                                       iree_host_size_t wait_count,
                                       iree_timeout_t timeout,
                                       iree_zone_id_t trace_zone,
                                       iree_vm_wait_frame_t** out_wait_frame);
iree_status_t iree_vm_stack_wait_leave(iree_vm_stack_t* stack,
                                       iree_vm_wait_result_t* out_wait_result);

//===----------------------------------------------------------------------===//
// Resumable invocation
//===----------------------------------------------------------------------===//
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

//===----------------------------------------------------------------------===//
// Asynchronous invocation
//===----------------------------------------------------------------------===//
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

#endif  // IREEC_DECLS_VM_INVOKE_H_
