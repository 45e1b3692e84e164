// Declarations of IREE's iree/vm/stack.h: VM stacks: the frames of running
// functions and their waits.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_STACK_H_
#define IREEC_DECLS_IREE_VM_STACK_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_builder.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"
#include "ireec/decls/iree/base/tracing.h"
#include "ireec/decls/iree/base/wait_source.h"
#include "ireec/decls/iree/vm/module.h"

#define IREE_VM_STACK_DEFAULT_SIZE 8192
#define IREE_VM_STACK_MIN_SIZE 1024
#define IREE_VM_STACK_MAX_SIZE 1048576

enum iree_vm_invocation_flag_bits_t {
  IREE_VM_INVOCATION_FLAG_NONE = 0x0,
  IREE_VM_INVOCATION_FLAG_TRACE_EXECUTION = 0x1,
  IREE_VM_INVOCATION_FLAG_TRACE_INLINE = 0x2,
};

typedef uint32_t iree_vm_invocation_flags_t;

typedef enum iree_vm_stack_frame_type_e {
  IREE_VM_STACK_FRAME_EXTERNAL = 0,
  IREE_VM_STACK_FRAME_NATIVE = 1,
  IREE_VM_STACK_FRAME_BYTECODE = 2,
  IREE_VM_STACK_FRAME_WAIT = 3,
} iree_vm_stack_frame_type_t;

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

enum iree_vm_wait_type_e {
  IREE_VM_WAIT_UNTIL = 0,
  IREE_VM_WAIT_ANY = 1,
  IREE_VM_WAIT_ALL = 2,
};

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

// The storage that follows |frame| (IREE's static inline, exported by us).
void* iree_vm_stack_frame_storage(iree_vm_stack_frame_t* frame);

typedef void (*iree_vm_stack_frame_cleanup_fn_t)(iree_vm_stack_frame_t* frame);
typedef struct iree_vm_state_resolver_t iree_vm_state_resolver_t;

struct iree_vm_state_resolver_t {
  void* self;
  iree_status_t (*query_module_state)(void*, iree_vm_module_t*, iree_vm_module_state_t**);
};

// Makes a stack in |storage|, for entering a module without iree_vm_invoke.
iree_status_t iree_vm_stack_initialize(
    iree_byte_span_t storage,
    iree_vm_invocation_flags_t flags,
    iree_vm_state_resolver_t state_resolver,
    iree_allocator_t allocator,
    iree_vm_stack_t** out_stack);

// Pops every frame (running their cleanups).
void iree_vm_stack_reset(iree_vm_stack_t* stack);

void iree_vm_stack_deinitialize(iree_vm_stack_t* stack);

// A stack on the heap; iree_vm_stack_initialize makes one in the caller's
// storage.
iree_status_t iree_vm_stack_allocate(iree_vm_invocation_flags_t flags,
                                     iree_vm_state_resolver_t state_resolver,
                                     iree_allocator_t allocator,
                                     iree_vm_stack_t** out_stack);
void iree_vm_stack_free(iree_vm_stack_t* stack);
iree_allocator_t iree_vm_stack_allocator(const iree_vm_stack_t* stack);
iree_vm_invocation_flags_t iree_vm_stack_invocation_flags(
    const iree_vm_stack_t* stack);
iree_vm_stack_frame_t* iree_vm_stack_top(iree_vm_stack_t* stack);

// The innermost frame, or NULL when the stack is empty.
iree_vm_stack_frame_t* iree_vm_stack_current_frame(iree_vm_stack_t* stack);
iree_vm_stack_frame_t* iree_vm_stack_parent_frame(iree_vm_stack_t* stack);
iree_status_t iree_vm_stack_query_module_state(
    iree_vm_stack_t* stack, iree_vm_module_t* module,
    iree_vm_module_state_t** out_module_state);
iree_status_t iree_vm_stack_wait_enter(iree_vm_stack_t* stack,
                                       iree_vm_wait_type_t wait_type,
                                       iree_host_size_t wait_count,
                                       iree_timeout_t timeout,
                                       iree_zone_id_t trace_zone,
                                       iree_vm_wait_frame_t** out_wait_frame);
iree_status_t iree_vm_stack_wait_leave(iree_vm_stack_t* stack,
                                       iree_vm_wait_result_t* out_wait_result);

// Pushes a frame for |function| with |frame_size| bytes of storage after it.
iree_status_t iree_vm_stack_function_enter(
    iree_vm_stack_t* stack, const iree_vm_function_t* function,
    iree_vm_stack_frame_type_t frame_type, iree_host_size_t frame_size,
    iree_vm_stack_frame_cleanup_fn_t frame_cleanup_fn,
    iree_vm_stack_frame_t* restrict* out_callee_frame);
// Pops the innermost frame.
iree_status_t iree_vm_stack_function_leave(iree_vm_stack_t* stack);

// Adds the stack's frames, as text, to |builder| / to |base_status|.
iree_status_t iree_vm_stack_format_backtrace(iree_vm_stack_t* stack,
                                             iree_string_builder_t* builder);
iree_status_t iree_vm_stack_annotate_backtrace(iree_vm_stack_t* stack,
                                               iree_status_t base_status);

// Tracing bookkeeping around a stack that leaves and re-enters its thread.
void iree_vm_stack_suspend_trace_zones(iree_vm_stack_t* stack);
void iree_vm_stack_resume_trace_zones(iree_vm_stack_t* stack);

#endif  // IREEC_DECLS_IREE_VM_STACK_H_
