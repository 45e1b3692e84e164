// Declarations of IREE's iree/vm/context.h: VM contexts: modules linked
// together with their state.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_CONTEXT_H_
#define IREEC_DECLS_IREE_VM_CONTEXT_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls/iree/vm/ref.h"
#include "ireec/decls/iree/vm/stack.h"

typedef struct iree_vm_context_t iree_vm_context_t;

enum iree_vm_context_flag_bits_t {
  IREE_VM_CONTEXT_FLAG_NONE = 0x0,
  IREE_VM_CONTEXT_FLAG_TRACE_EXECUTION = 0x1,
  IREE_VM_CONTEXT_FLAG_CONCURRENT = 0x2,
};

typedef uint32_t iree_vm_context_flags_t;
typedef int64_t iree_vm_context_id_t;

iree_status_t iree_vm_context_create(
    iree_vm_instance_t* instance,
    iree_vm_context_flags_t flags,
    iree_allocator_t allocator,
    iree_vm_context_t**out_context);
iree_status_t iree_vm_context_create_with_modules(
    iree_vm_instance_t* instance,
    iree_vm_context_flags_t flags,
    iree_host_size_t module_count,
    iree_vm_module_t**modules,
    iree_allocator_t allocator,
    iree_vm_context_t**out_context);
iree_status_t iree_vm_context_fork(
    const iree_vm_context_t* parent_context,
    iree_allocator_t allocator,
    iree_vm_context_t**out_child_context);
void iree_vm_context_retain(iree_vm_context_t* context);
void iree_vm_context_release(iree_vm_context_t* context);
iree_vm_instance_t* iree_vm_context_instance(const iree_vm_context_t* context);
iree_vm_context_id_t iree_vm_context_id(const iree_vm_context_t* context);
iree_vm_context_flags_t iree_vm_context_flags(const iree_vm_context_t* context);
iree_host_size_t iree_vm_context_module_count(const iree_vm_context_t* context);
iree_vm_module_t* iree_vm_context_module_at(
    const iree_vm_context_t* context,
    iree_host_size_t i);
iree_status_t iree_vm_context_register_modules(
    iree_vm_context_t* context,
    iree_host_size_t module_count,
    iree_vm_module_t**modules);
iree_status_t iree_vm_context_freeze(iree_vm_context_t* context);
iree_vm_state_resolver_t iree_vm_context_state_resolver(
    const iree_vm_context_t* context);
iree_status_t iree_vm_context_resolve_module_state(
    const iree_vm_context_t* context,
    iree_vm_module_t* module,
    iree_vm_module_state_t** out_module_state);
iree_status_t iree_vm_context_resolve_function(
    const iree_vm_context_t* context,
    iree_string_view_t full_name,
    iree_vm_function_t* out_function);
iree_status_t iree_vm_context_notify(
    iree_vm_context_t* context,
    iree_vm_signal_t signal);

#endif  // IREEC_DECLS_IREE_VM_CONTEXT_H_
