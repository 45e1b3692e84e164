// Private to csrc/runtime/: what the iree_runtime_* implementation needs
// beyond the public headers.
//
// The runtime library exports a few functions (and the layouts they need) that
// ireec's public headers do not declare because Python has no use for them:
// VM stacks, module state lookup, calling-convention fragments, file
// contents. They are declared here with IREE 0f64f41a0ae3's signatures and
// layouts (checked against the ABI facts). If a public ireec header starts
// declaring one of them, the compiler reports the duplicate definition here;
// delete the entry below then.
#ifndef IREEC_RUNTIME_RUNTIME_INTERNAL_H_
#define IREEC_RUNTIME_RUNTIME_INTERNAL_H_

#include <stdalign.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "iree/runtime/api.h"

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
// VM: calling conventions, module state, stacks (iree/vm/*.h)
//===----------------------------------------------------------------------===//

typedef struct iree_vm_stack_t iree_vm_stack_t;

// How a stack finds each module's state within the context it runs in.
typedef struct iree_vm_state_resolver_t {
  void* self;
  iree_status_t (*query_module_state)(void* state_resolver,
                                      iree_vm_module_t* module,
                                      iree_vm_module_state_t** out_module_state);
} iree_vm_state_resolver_t;

iree_status_t iree_vm_function_call_get_cconv_fragments(
    const iree_vm_function_signature_t* signature,
    iree_string_view_t* out_arguments, iree_string_view_t* out_results);

iree_status_t iree_vm_context_resolve_module_state(
    const iree_vm_context_t* context, iree_vm_module_t* module,
    iree_vm_module_state_t** out_module_state);

iree_vm_state_resolver_t iree_vm_context_state_resolver(
    const iree_vm_context_t* context);

iree_status_t iree_vm_stack_initialize(iree_byte_span_t storage,
                                       iree_vm_invocation_flags_t flags,
                                       iree_vm_state_resolver_t state_resolver,
                                       iree_allocator_t allocator,
                                       iree_vm_stack_t** out_stack);

void iree_vm_stack_deinitialize(iree_vm_stack_t* stack);

// Host-stack storage for one VM stack: IREE's default size, aligned for the
// stack header iree_vm_stack_initialize places at its start.
typedef union ireec_runtime_vm_stack_storage_t {
  max_align_t alignment;
  uint8_t bytes[IREE_VM_STACK_DEFAULT_SIZE];
} ireec_runtime_vm_stack_storage_t;

// iree_vm_module_t is opaque in the public headers, but entering a module
// directly (iree_runtime_session_call_direct) goes through its begin_call
// entry. This mirrors the leading part of IREE's layout, under a tag of our
// own so that it can never clash with a future public definition; only
// ireec_runtime_module_begin_call reads it.
typedef struct ireec_runtime_vm_module_layout_t {
  void* self;
  intptr_t ref_count;
  void* entries_before_begin_call[14];  // destroy ... notify
  iree_status_t (*begin_call)(void* self, iree_vm_stack_t* stack,
                              iree_vm_function_call_t call);
  iree_status_t (*resume_call)(void* self, iree_vm_stack_t* stack,
                               iree_byte_span_t call_results);
} ireec_runtime_vm_module_layout_t;
_Static_assert(offsetof(ireec_runtime_vm_module_layout_t, begin_call) == 128,
               "iree_vm_module_t::begin_call is at byte 128 in IREE 3.9");
_Static_assert(sizeof(ireec_runtime_vm_module_layout_t) == 144,
               "iree_vm_module_t is 144 bytes in IREE 3.9");

static inline iree_status_t ireec_runtime_module_begin_call(
    iree_vm_module_t* module, iree_vm_stack_t* stack,
    iree_vm_function_call_t call) {
  const ireec_runtime_vm_module_layout_t* layout =
      (const ireec_runtime_vm_module_layout_t*)module;
  if (!layout->begin_call) {
    return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                            "the module cannot be called directly");
  }
  return layout->begin_call(layout->self, stack, call);
}

//===----------------------------------------------------------------------===//
// HAL module debug sink (iree/modules/hal/debugging.h)
//===----------------------------------------------------------------------===//

// Where hal.buffer_view.trace and friends print; sessions use stderr, as
// IREE's do.
iree_hal_module_debug_sink_t iree_hal_module_debug_sink_stdio(FILE* file);

//===----------------------------------------------------------------------===//
// File contents (iree/io/file_contents.h)
//===----------------------------------------------------------------------===//

typedef struct iree_io_file_mapping_t iree_io_file_mapping_t;

// A file read (or mapped) into memory. Read contents live in the same
// allocation as this header, at a page-aligned offset.
typedef struct iree_io_file_contents_t {
  iree_allocator_t allocator;
  union {
    iree_byte_span_t buffer;
    iree_const_byte_span_t const_buffer;
  };
  iree_io_file_mapping_t* mapping;
} iree_io_file_contents_t;
_Static_assert(sizeof(iree_io_file_contents_t) == 40,
               "iree_io_file_contents_t is 40 bytes in IREE 3.9");
_Static_assert(offsetof(iree_io_file_contents_t, const_buffer) == 16,
               "iree_io_file_contents_t::const_buffer is at byte 16");

iree_status_t iree_io_file_contents_read(iree_string_view_t path,
                                         iree_allocator_t host_allocator,
                                         iree_io_file_contents_t** out_contents);

iree_status_t iree_io_file_contents_read_stdin(
    iree_allocator_t host_allocator, iree_io_file_contents_t** out_contents);

// An allocator whose only valid use is freeing the contents' buffer, which
// frees the whole iree_io_file_contents_t: handing it to a module together
// with the buffer transfers ownership of the contents to the module.
iree_allocator_t iree_io_file_contents_deallocator(
    iree_io_file_contents_t* contents);

#endif  // IREEC_RUNTIME_RUNTIME_INTERNAL_H_
