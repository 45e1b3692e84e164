// Declarations of IREE's iree/vm/instance.h: VM instances: the type registry
// shared by contexts.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_INSTANCE_H_
#define IREEC_DECLS_IREE_VM_INSTANCE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/vm/ref.h"

#define IREE_VM_TYPE_CAPACITY_DEFAULT 32

iree_status_t iree_vm_instance_create(
    iree_host_size_t type_capacity,
    iree_allocator_t allocator,
    iree_vm_instance_t**out_instance);
void iree_vm_instance_retain(iree_vm_instance_t* instance);
void iree_vm_instance_release(iree_vm_instance_t* instance);
iree_allocator_t iree_vm_instance_allocator(iree_vm_instance_t* instance);
iree_status_t iree_vm_instance_register_type(
    iree_vm_instance_t* instance,
    const iree_vm_ref_type_descriptor_t* descriptor,
    iree_vm_ref_type_t* out_registration);
void iree_vm_instance_unregister_type(
    iree_vm_instance_t* instance,
    const iree_vm_ref_type_descriptor_t* descriptor);
iree_vm_ref_type_t iree_vm_instance_lookup_type(
    iree_vm_instance_t* instance,
    iree_string_view_t full_name);

// Looks the VM's builtin types (buffers, lists) up on |instance|: for code
// in a dynamically loaded library, whose copies of the type globals are its
// own.
iree_status_t iree_vm_resolve_builtin_types(iree_vm_instance_t* instance);

#endif  // IREEC_DECLS_IREE_VM_INSTANCE_H_
