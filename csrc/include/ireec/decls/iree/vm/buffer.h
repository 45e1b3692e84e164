// Declarations of IREE's iree/vm/buffer.h: VM buffers: byte buffers programs
// and hosts share.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_BUFFER_H_
#define IREEC_DECLS_IREE_VM_BUFFER_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/vm/ref.h"

enum iree_vm_buffer_access_bits_t {
  IREE_VM_BUFFER_ACCESS_MUTABLE = 0x1,
  IREE_VM_BUFFER_ACCESS_ORIGIN_MODULE = 0x2,
  IREE_VM_BUFFER_ACCESS_ORIGIN_GUEST = 0x4,
  IREE_VM_BUFFER_ACCESS_ORIGIN_HOST = 0x8,
};

typedef uint32_t iree_vm_buffer_access_t;

typedef struct iree_vm_buffer_t iree_vm_buffer_t;

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
iree_status_t iree_vm_buffer_create(
    iree_vm_buffer_access_t access,
    iree_host_size_t length,
    iree_host_size_t alignment,
    iree_allocator_t allocator,
    iree_vm_buffer_t**out_buffer);
void iree_vm_buffer_retain(iree_vm_buffer_t* buffer);
void iree_vm_buffer_release(iree_vm_buffer_t* buffer);
iree_status_t iree_vm_buffer_clone(
    iree_vm_buffer_access_t access,
    const iree_vm_buffer_t* source_buffer,
    iree_host_size_t source_offset,
    iree_host_size_t length,
    iree_host_size_t alignment,
    iree_allocator_t allocator,
    iree_vm_buffer_t**out_buffer);
iree_host_size_t iree_vm_buffer_length(const iree_vm_buffer_t* buffer);
uint8_t* iree_vm_buffer_data(const iree_vm_buffer_t* buffer);
iree_byte_span_t iree_vm_buffer_contents(const iree_vm_buffer_t* buffer);
iree_const_byte_span_t iree_vm_buffer_const_contents(
    const iree_vm_buffer_t* buffer);
iree_status_t iree_vm_buffer_copy_bytes(
    const iree_vm_buffer_t* source_buffer,
    iree_host_size_t source_offset,
    const iree_vm_buffer_t* target_buffer,
    iree_host_size_t target_offset,
    iree_host_size_t length);
iree_status_t iree_vm_buffer_compare_bytes(
    const iree_vm_buffer_t* lhs_buffer,
    iree_host_size_t lhs_offset,
    const iree_vm_buffer_t* rhs_buffer,
    iree_host_size_t rhs_offset,
    iree_host_size_t length,
    bool* out_result);
iree_status_t iree_vm_buffer_fill_bytes(
    const iree_vm_buffer_t* target_buffer,
    iree_host_size_t target_offset,
    iree_host_size_t length,
    uint8_t value);
iree_status_t iree_vm_buffer_fill_elements(
    const iree_vm_buffer_t* target_buffer,
    iree_host_size_t target_offset,
    iree_host_size_t element_count,
    iree_host_size_t element_length,
    const void* value);
iree_status_t iree_vm_buffer_map_ro(
    const iree_vm_buffer_t* buffer,
    iree_host_size_t offset,
    iree_host_size_t length,
    iree_host_size_t alignment,
    iree_const_byte_span_t* out_span);
iree_status_t iree_vm_buffer_map_rw(
    const iree_vm_buffer_t* buffer,
    iree_host_size_t offset,
    iree_host_size_t length,
    iree_host_size_t alignment,
    iree_byte_span_t* out_span);
iree_status_t iree_vm_buffer_read_elements(
    const iree_vm_buffer_t* source_buffer,
    iree_host_size_t source_offset,
    void* target_ptr,
    iree_host_size_t element_count,
    iree_host_size_t element_length);
iree_status_t iree_vm_buffer_write_elements(
    const void* source_ptr,
    const iree_vm_buffer_t* target_buffer,
    iree_host_size_t target_offset,
    iree_host_size_t element_count,
    iree_host_size_t element_length);
iree_status_t iree_vm_buffer_hash(
    const iree_vm_buffer_t* source_buffer,
    iree_host_size_t source_offset,
    iree_host_size_t length,
    int64_t* result);

// The VM ref type adapters of VM buffers, as IREE's
// IREE_VM_DECLARE_TYPE_ADAPTERS declares them.
iree_status_t iree_vm_buffer_check_deref(
    const iree_vm_ref_t ref,
    iree_vm_buffer_t**out_ptr);
iree_status_t iree_vm_buffer_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_vm_buffer_t**out_ptr);
iree_vm_ref_t iree_vm_buffer_move_ref(iree_vm_buffer_t* value);
iree_vm_ref_t iree_vm_buffer_retain_ref(iree_vm_buffer_t* value);
extern iree_vm_ref_type_t iree_vm_buffer_registration;
iree_vm_ref_type_t iree_vm_buffer_type(void);
bool iree_vm_buffer_isa(const iree_vm_ref_t ref);
iree_vm_buffer_t* iree_vm_buffer_deref(const iree_vm_ref_t ref);

#endif  // IREEC_DECLS_IREE_VM_BUFFER_H_
