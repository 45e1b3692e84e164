// Declarations of IREE's iree/vm/variant.h: VM variants: a value or a ref.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_VARIANT_H_
#define IREEC_DECLS_IREE_VM_VARIANT_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/vm/ref.h"
#include "ireec/decls/iree/vm/type_def.h"

typedef struct iree_vm_variant_t iree_vm_variant_t;

struct iree_vm_variant_t {
  iree_vm_type_def_t type;
  union {
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    float f32;
    double f64;
    iree_vm_ref_t ref;
    uint8_t value_storage[8];
  };
};

iree_vm_variant_t iree_vm_variant_empty(void);
bool iree_vm_variant_is_empty(iree_vm_variant_t variant);
bool iree_vm_variant_is_value(iree_vm_variant_t variant);
bool iree_vm_variant_is_ref(iree_vm_variant_t variant);

#endif  // IREEC_DECLS_IREE_VM_VARIANT_H_
