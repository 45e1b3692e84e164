// Declarations of IREE's iree/vm/type_def.h: VM type definitions: value or ref
// types of list elements.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_TYPE_DEF_H_
#define IREEC_DECLS_IREE_VM_TYPE_DEF_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/vm/ref.h"
#include "ireec/decls/iree/vm/value.h"

typedef struct iree_vm_type_def_t iree_vm_type_def_t;

struct iree_vm_type_def_t {
  uintptr_t value_type_bits : 3;
  uintptr_t ref_type_bits : 61;
};

bool iree_vm_type_def_equal(iree_vm_type_def_t a, iree_vm_type_def_t b);
iree_vm_type_def_t iree_vm_make_undefined_type_def(void);
iree_vm_type_def_t iree_vm_make_value_type_def(iree_vm_value_type_t value_type);
iree_vm_type_def_t iree_vm_make_ref_type_def(iree_vm_ref_type_t ref_type);

#endif  // IREEC_DECLS_IREE_VM_TYPE_DEF_H_
