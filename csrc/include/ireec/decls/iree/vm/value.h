// Declarations of IREE's iree/vm/value.h: VM values: typed scalars.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_VALUE_H_
#define IREEC_DECLS_IREE_VM_VALUE_H_

#include <stdint.h>

typedef enum iree_vm_value_type_e {
  IREE_VM_VALUE_TYPE_NONE = 0,
  IREE_VM_VALUE_TYPE_I8 = 1,
  IREE_VM_VALUE_TYPE_I16 = 2,
  IREE_VM_VALUE_TYPE_I32 = 3,
  IREE_VM_VALUE_TYPE_I64 = 4,
  IREE_VM_VALUE_TYPE_F32 = 5,
  IREE_VM_VALUE_TYPE_F64 = 6,
  IREE_VM_VALUE_TYPE_MAX = 6,
  IREE_VM_VALUE_TYPE_COUNT = 7,
} iree_vm_value_type_t;

#define IREE_VM_VALUE_STORAGE_SIZE 8

typedef struct iree_vm_value_t iree_vm_value_t;

struct iree_vm_value_t {
  iree_vm_value_type_t type;
  union {
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    float f32;
    double f64;
    uint8_t value_storage[8];
  };
};

iree_vm_value_t iree_vm_value_make_none(void);
iree_vm_value_t iree_vm_value_make_i8(int8_t value);
iree_vm_value_t iree_vm_value_make_i16(int16_t value);
iree_vm_value_t iree_vm_value_make_i32(int32_t value);
int32_t iree_vm_value_get_i32(iree_vm_value_t* value);
iree_vm_value_t iree_vm_value_make_i64(int64_t value);
int64_t iree_vm_value_get_i64(iree_vm_value_t* value);
iree_vm_value_t iree_vm_value_make_f32(float value);
float iree_vm_value_get_f32(iree_vm_value_t* value);
iree_vm_value_t iree_vm_value_make_f64(double value);
double iree_vm_value_get_f64(iree_vm_value_t* value);

#endif  // IREEC_DECLS_IREE_VM_VALUE_H_
