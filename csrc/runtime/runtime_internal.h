// Private to csrc/runtime/: what the iree_runtime_* implementation needs
// beyond the public headers.
//
// Everything IREE-defined that this code calls is declared in
// csrc/include/ireec/decls (and so checked against IREE's ABI facts); only
// ireec's own helpers live here.
#ifndef IREEC_RUNTIME_RUNTIME_INTERNAL_H_
#define IREEC_RUNTIME_RUNTIME_INTERNAL_H_

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "iree/io/file_contents.h"
#include "iree/runtime/api.h"
// ireec's own runtime functions, which these files define and call.
#include "ireec/decls/ireec/runtime/buffer_view_io.h"
#include "ireec/decls/ireec/runtime/instance.h"
#include "ireec/decls/ireec/runtime/session.h"
#include "ireec/decls/ireec/runtime/session_invoke.h"

//===----------------------------------------------------------------------===//
// Checks of a bytecode module's bytes (module_checks.c)
//===----------------------------------------------------------------------===//

// INCOMPATIBLE, naming them, when the CPU executables of this machine's
// architecture that |module_data| carries were compiled for CPU features
// this machine lacks (their code would die of SIGILL); OK otherwise.
__attribute__((visibility("hidden"))) iree_status_t
ireec_runtime_module_check_cpu_features(
    iree_const_byte_span_t module_data);

// |status| (IREE's refusal of |module_data| as a bytecode module), annotated
// with what the bytes are when they are something else people hand over by
// mistake (MLIR source or bytecode, a parameter file, a .npy file, ELF).
__attribute__((visibility("hidden"))) iree_status_t
ireec_runtime_module_describe_refused(
    iree_status_t status, iree_const_byte_span_t module_data);

//===----------------------------------------------------------------------===//
// Reference counting
//===----------------------------------------------------------------------===//
// IREE's own atomics header is internal to IREE, so the runtime objects count
// references with C11 atomics. Increments need no ordering; the decrement that
// reaches zero must see every write other owners made before their release,
// hence acquire-release there.

typedef struct ireec_runtime_ref_count_t {
  atomic_intptr_t value;
} ireec_runtime_ref_count_t;

static inline void ireec_runtime_ref_count_init(
    ireec_runtime_ref_count_t* ref_count) {
  atomic_init(&ref_count->value, 1);
}

static inline void ireec_runtime_ref_count_inc(
    ireec_runtime_ref_count_t* ref_count) {
  atomic_fetch_add_explicit(&ref_count->value, 1, memory_order_relaxed);
}

// Returns true when this was the last reference (the caller destroys).
static inline bool ireec_runtime_ref_count_dec(
    ireec_runtime_ref_count_t* ref_count) {
  return atomic_fetch_sub_explicit(&ref_count->value, 1,
                                   memory_order_acq_rel) == 1;
}

//===----------------------------------------------------------------------===//
// VM stacks for direct calls
//===----------------------------------------------------------------------===//

// Host-stack storage for one VM stack: IREE's default size, aligned for the
// stack header iree_vm_stack_initialize places at its start.
typedef union ireec_runtime_vm_stack_storage_t {
  max_align_t alignment;
  uint8_t bytes[IREE_VM_STACK_DEFAULT_SIZE];
} ireec_runtime_vm_stack_storage_t;

//===----------------------------------------------------------------------===//
// Synchronous invocation
//===----------------------------------------------------------------------===//

// iree_vm_invoke with no policy, without clearing the state's stack storage
// on every call (vm_invoke.c): what iree_runtime_session_call invokes with.
iree_status_t ireec_runtime_vm_invoke(iree_vm_context_t* context,
                                      iree_vm_function_t function,
                                      iree_vm_invocation_flags_t flags,
                                      const iree_vm_list_t* inputs,
                                      iree_vm_list_t* outputs,
                                      iree_allocator_t host_allocator);

//===----------------------------------------------------------------------===//
// Host data as buffer views
//===----------------------------------------------------------------------===//

// INVALID_ARGUMENT unless |data_length| bytes are exactly a dense row-major
// view of |shape| and |element_type| (session_invoke.c; used by the uploads
// there and the imports of buffer_view_io.c).
iree_status_t ireec_check_view_size(iree_host_size_t shape_rank,
                                    const iree_hal_dim_t* shape,
                                    iree_hal_element_type_t element_type,
                                    iree_host_size_t data_length);

#endif  // IREEC_RUNTIME_RUNTIME_INTERNAL_H_
