// Declarations of IREE's iree/vm/list.h: VM lists: typed or variant sequences
// of values and refs.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_LIST_H_
#define IREEC_DECLS_IREE_VM_LIST_H_

#include <stdbool.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/vm/ref.h"
#include "ireec/decls/iree/vm/type_def.h"
#include "ireec/decls/iree/vm/value.h"
#include "ireec/decls/iree/vm/variant.h"

typedef struct iree_vm_list_t iree_vm_list_t;

// Bytes a list of |capacity| elements of |element_type| needs.
iree_host_size_t iree_vm_list_storage_size(
    const iree_vm_type_def_t* element_type, iree_host_size_t capacity);
// Makes a list in |storage| (which must outlive it; it never grows).
iree_status_t iree_vm_list_initialize(iree_byte_span_t storage,
                                      const iree_vm_type_def_t* element_type,
                                      iree_host_size_t capacity,
                                      iree_vm_list_t** out_list);
void iree_vm_list_deinitialize(iree_vm_list_t* list);
iree_status_t iree_vm_list_create(
    const iree_vm_type_def_t element_type,
    iree_host_size_t initial_capacity,
    iree_allocator_t allocator,
    iree_vm_list_t**out_list);
iree_status_t iree_vm_list_clone(
    iree_vm_list_t* source,
    iree_allocator_t host_allocator,
    iree_vm_list_t**out_target);
void iree_vm_list_retain(iree_vm_list_t* list);
void iree_vm_list_release(iree_vm_list_t* list);
iree_vm_type_def_t iree_vm_list_element_type(const iree_vm_list_t* list);
iree_host_size_t iree_vm_list_capacity(const iree_vm_list_t* list);
iree_status_t iree_vm_list_reserve(
    iree_vm_list_t* list,
    iree_host_size_t minimum_capacity);
iree_host_size_t iree_vm_list_size(const iree_vm_list_t* list);
iree_status_t iree_vm_list_resize(
    iree_vm_list_t* list,
    iree_host_size_t new_size);
void iree_vm_list_clear(iree_vm_list_t* list);

// Exchanges the contents (and storage) of two lists.
void iree_vm_list_swap_storage(iree_vm_list_t* list_a, iree_vm_list_t* list_b);

iree_status_t iree_vm_list_copy(
    iree_vm_list_t* src_list,
    iree_host_size_t src_i,
    iree_vm_list_t* dst_list,
    iree_host_size_t dst_i,
    iree_host_size_t count);
iree_status_t iree_vm_list_get_value(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_value_t* out_value);
iree_status_t iree_vm_list_get_value_as(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_value_type_t value_type,
    iree_vm_value_t* out_value);
iree_status_t iree_vm_list_set_value(
    iree_vm_list_t* list,
    iree_host_size_t i,
    const iree_vm_value_t* value);
iree_status_t iree_vm_list_push_value(
    iree_vm_list_t* list,
    const iree_vm_value_t* value);
void* iree_vm_list_get_ref_deref(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_ref_type_t type);
iree_status_t iree_vm_list_get_ref_assign(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_ref_t* out_value);
iree_status_t iree_vm_list_get_ref_retain(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_ref_t* out_value);
iree_status_t iree_vm_list_set_ref_retain(
    iree_vm_list_t* list,
    iree_host_size_t i,
    const iree_vm_ref_t* value);
iree_status_t iree_vm_list_push_ref_retain(
    iree_vm_list_t* list,
    const iree_vm_ref_t* value);
iree_status_t iree_vm_list_set_ref_move(
    iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_ref_t* value);
iree_status_t iree_vm_list_push_ref_move(
    iree_vm_list_t* list,
    iree_vm_ref_t* value);
iree_status_t iree_vm_list_pop_front_ref_move(
    iree_vm_list_t* list,
    iree_vm_ref_t* out_value);
iree_status_t iree_vm_list_get_variant_assign(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_variant_t* out_variant);
iree_status_t iree_vm_list_get_variant_retain(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_variant_t* out_variant);
iree_status_t iree_vm_list_get_variant_move(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_variant_t* out_variant);
iree_status_t iree_vm_list_set_variant_retain(
    iree_vm_list_t* list,
    iree_host_size_t i,
    const iree_vm_variant_t* variant);
iree_status_t iree_vm_list_set_variant_move(
    iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_variant_t* variant);
iree_status_t iree_vm_list_push_variant_retain(
    iree_vm_list_t* list,
    const iree_vm_variant_t* variant);
iree_status_t iree_vm_list_push_variant_move(
    iree_vm_list_t* list,
    iree_vm_variant_t* variant);

// The VM ref type adapters of VM lists, as IREE's IREE_VM_DECLARE_TYPE_ADAPTERS
// declares them.
iree_status_t iree_vm_list_check_deref(
    const iree_vm_ref_t ref,
    iree_vm_list_t**out_ptr);
iree_status_t iree_vm_list_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_vm_list_t**out_ptr);
iree_vm_ref_t iree_vm_list_move_ref(iree_vm_list_t* value);
iree_vm_ref_t iree_vm_list_retain_ref(iree_vm_list_t* value);
extern iree_vm_ref_type_t iree_vm_list_registration;
iree_vm_ref_type_t iree_vm_list_type(void);
bool iree_vm_list_isa(const iree_vm_ref_t ref);
iree_vm_list_t* iree_vm_list_deref(const iree_vm_ref_t ref);

#endif  // IREEC_DECLS_IREE_VM_LIST_H_
