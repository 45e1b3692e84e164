// IREE VM objects made in the caller's own storage (iree/vm/list.h,
// iree/vm/buffer.h, iree/vm/module.h) and the instance's builtin type
// registration (iree/vm/instance.h).
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_VM_STORAGE_H_
#define IREEC_DECLS_VM_STORAGE_H_

#include "ireec/decls/vm.h"

//===----------------------------------------------------------------------===//
// Lists
//===----------------------------------------------------------------------===//

// Bytes a list of |capacity| elements of |element_type| needs.
iree_host_size_t iree_vm_list_storage_size(
    const iree_vm_type_def_t* element_type, iree_host_size_t capacity);
// Makes a list in |storage| (which must outlive it; it never grows).
iree_status_t iree_vm_list_initialize(iree_byte_span_t storage,
                                      const iree_vm_type_def_t* element_type,
                                      iree_host_size_t capacity,
                                      iree_vm_list_t** out_list);
void iree_vm_list_deinitialize(iree_vm_list_t* list);
// Exchanges the contents (and storage) of two lists.
void iree_vm_list_swap_storage(iree_vm_list_t* list_a, iree_vm_list_t* list_b);

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

// The reference count every ref-counted VM object starts with.
typedef struct iree_vm_ref_object_t {
  iree_atomic_ref_count_t counter;
} iree_vm_ref_object_t;

struct iree_vm_buffer_t {
  iree_vm_ref_object_t ref_object;
  iree_vm_buffer_access_t access;
  iree_byte_span_t data;
  // Frees |data| when the buffer is destroyed (iree_allocator_null: never).
  iree_allocator_t allocator;
};

// Wraps |data| in a buffer at |out_buffer| (reference count 1).
void iree_vm_buffer_initialize(iree_vm_buffer_access_t access,
                               iree_byte_span_t data,
                               iree_allocator_t allocator,
                               iree_vm_buffer_t* out_buffer);
void iree_vm_buffer_deinitialize(iree_vm_buffer_t* buffer);

//===----------------------------------------------------------------------===//
// Modules and instances
//===----------------------------------------------------------------------===//

// Sets up the common fields of a module interface (zeroes it, sets |self|
// and a reference count of 1).
iree_status_t iree_vm_module_initialize(iree_vm_module_t* module, void* self);

// Looks the VM's builtin types (buffers, lists) up on |instance|: for code
// in a dynamically loaded library, whose copies of the type globals are its
// own.
iree_status_t iree_vm_resolve_builtin_types(iree_vm_instance_t* instance);

#endif  // IREEC_DECLS_VM_STORAGE_H_
