// Declarations of IREE's iree/vm/ref.h: VM refs: reference-counted objects and
// their registered types.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_REF_H_
#define IREEC_DECLS_IREE_VM_REF_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/internal/atomics.h"
#include "ireec/decls/iree/base/string_view.h"

typedef struct iree_vm_instance_t iree_vm_instance_t;

#define IREE_VM_REF_TYPE_TAG_BITS 3
#define IREE_VM_REF_TYPE_TAG_BIT_MASK 7
#define IREE_VM_REF_TYPE_PTR_BIT_MASK (-8)

enum iree_vm_ref_type_bits_t {
  IREE_VM_REF_TYPE_NULL = 0x0,
  IREE_VM_REF_TYPE_ANY = 0xfffffffffffffff8ull,
};

typedef void (*iree_vm_ref_destroy_t)(void*);
typedef struct iree_vm_ref_type_descriptor_t iree_vm_ref_type_descriptor_t;

struct iree_vm_ref_type_descriptor_t {
  iree_vm_ref_destroy_t destroy;
  iree_string_view_t type_name;
  uintptr_t offsetof_counter : 3;
  uintptr_t reserved : 61;
};

typedef uint64_t iree_vm_ref_type_t;

iree_string_view_t iree_vm_ref_type_name(iree_vm_ref_type_t type);

// The reference count every ref-counted VM object starts with.
typedef struct iree_vm_ref_object_t {
  iree_atomic_ref_count_t counter;
} iree_vm_ref_object_t;

typedef struct iree_vm_ref_t iree_vm_ref_t;

struct iree_vm_ref_t {
  void* ptr;
  iree_vm_ref_type_t type;
};

void iree_vm_ref_object_retain(void* ptr, iree_vm_ref_type_t type);
void iree_vm_ref_object_release(void* ptr, iree_vm_ref_type_t type);
iree_vm_ref_t iree_vm_ref_null(void);
iree_status_t iree_vm_ref_wrap_assign(
    void* ptr,
    iree_vm_ref_type_t type,
    iree_vm_ref_t* out_ref);
iree_status_t iree_vm_ref_wrap_retain(
    void* ptr,
    iree_vm_ref_type_t type,
    iree_vm_ref_t* out_ref);
void iree_vm_ref_retain_inplace(iree_vm_ref_t* ref);
void iree_vm_ref_retain(iree_vm_ref_t* ref, iree_vm_ref_t* out_ref);
iree_status_t iree_vm_ref_retain_checked(
    iree_vm_ref_t* ref,
    iree_vm_ref_type_t type,
    iree_vm_ref_t* out_ref);
void iree_vm_ref_retain_or_move(
    int is_move,
    iree_vm_ref_t* ref,
    iree_vm_ref_t* out_ref);
iree_status_t iree_vm_ref_retain_or_move_checked(
    int is_move,
    iree_vm_ref_t* ref,
    iree_vm_ref_type_t type,
    iree_vm_ref_t* out_ref);
void iree_vm_ref_release(iree_vm_ref_t* ref);
void iree_vm_ref_assign(iree_vm_ref_t* ref, iree_vm_ref_t* out_ref);
void iree_vm_ref_move(iree_vm_ref_t* ref, iree_vm_ref_t* out_ref);
bool iree_vm_ref_is_null(const iree_vm_ref_t* ref);
bool iree_vm_ref_equal(const iree_vm_ref_t* lhs, const iree_vm_ref_t* rhs);

#endif  // IREEC_DECLS_IREE_VM_REF_H_
