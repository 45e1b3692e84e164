// Helpers IREE's VM headers define as static inline functions; exported
// here under their IREE names (see csrc/base/inline_helpers.c for why).

#include <string.h>

#include "iree/vm/api.h"

//===----------------------------------------------------------------------===//
// Type definitions
//===----------------------------------------------------------------------===//
// iree_vm_type_def_t is one machine word of bit-fields and is passed by value.
// A ref type is an 8-byte aligned descriptor address, so its low tag bits are
// dropped when stored and restored as zero by iree_vm_type_def_as_ref.

IREE_API_EXPORT iree_vm_type_def_t iree_vm_make_undefined_type_def(void) {
  iree_vm_type_def_t type_def;
  type_def.value_type_bits = IREE_VM_VALUE_TYPE_NONE;
  type_def.ref_type_bits = 0;
  return type_def;
}

IREE_API_EXPORT iree_vm_type_def_t
iree_vm_make_value_type_def(iree_vm_value_type_t value_type) {
  iree_vm_type_def_t type_def;
  type_def.value_type_bits = (uintptr_t)value_type;
  type_def.ref_type_bits = 0;
  return type_def;
}

IREE_API_EXPORT iree_vm_type_def_t
iree_vm_make_ref_type_def(iree_vm_ref_type_t ref_type) {
  iree_vm_type_def_t type_def;
  type_def.value_type_bits = IREE_VM_VALUE_TYPE_NONE;
  type_def.ref_type_bits = (uintptr_t)(ref_type >> IREE_VM_REF_TYPE_TAG_BITS);
  return type_def;
}

IREE_API_EXPORT bool iree_vm_type_def_equal(iree_vm_type_def_t a,
                                            iree_vm_type_def_t b) {
  return a.value_type_bits == b.value_type_bits &&
         a.ref_type_bits == b.ref_type_bits;
}

//===----------------------------------------------------------------------===//
// Refs
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_vm_ref_t iree_vm_ref_null(void) {
  iree_vm_ref_t ref = {NULL, IREE_VM_REF_TYPE_NULL};
  return ref;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//
// The storage is cleared first so that bytes beyond a narrow member read as
// zero when the value is copied or compared as raw storage.

static iree_vm_value_t iree_vm_value_make_cleared(iree_vm_value_type_t type) {
  iree_vm_value_t value;
  memset(&value, 0, sizeof(value));
  value.type = type;
  return value;
}

IREE_API_EXPORT iree_vm_value_t iree_vm_value_make_none(void) {
  return iree_vm_value_make_cleared(IREE_VM_VALUE_TYPE_NONE);
}

IREE_API_EXPORT iree_vm_value_t iree_vm_value_make_i8(int8_t value) {
  iree_vm_value_t result = iree_vm_value_make_cleared(IREE_VM_VALUE_TYPE_I8);
  result.i8 = value;
  return result;
}

IREE_API_EXPORT iree_vm_value_t iree_vm_value_make_i16(int16_t value) {
  iree_vm_value_t result = iree_vm_value_make_cleared(IREE_VM_VALUE_TYPE_I16);
  result.i16 = value;
  return result;
}

IREE_API_EXPORT iree_vm_value_t iree_vm_value_make_i32(int32_t value) {
  iree_vm_value_t result = iree_vm_value_make_cleared(IREE_VM_VALUE_TYPE_I32);
  result.i32 = value;
  return result;
}

IREE_API_EXPORT iree_vm_value_t iree_vm_value_make_i64(int64_t value) {
  iree_vm_value_t result = iree_vm_value_make_cleared(IREE_VM_VALUE_TYPE_I64);
  result.i64 = value;
  return result;
}

IREE_API_EXPORT iree_vm_value_t iree_vm_value_make_f32(float value) {
  iree_vm_value_t result = iree_vm_value_make_cleared(IREE_VM_VALUE_TYPE_F32);
  result.f32 = value;
  return result;
}

IREE_API_EXPORT iree_vm_value_t iree_vm_value_make_f64(double value) {
  iree_vm_value_t result = iree_vm_value_make_cleared(IREE_VM_VALUE_TYPE_F64);
  result.f64 = value;
  return result;
}

// The getters read the member without checking the type, as IREE's do: the
// caller is expected to have checked or converted the value already.
IREE_API_EXPORT int32_t iree_vm_value_get_i32(iree_vm_value_t* value) {
  return value->i32;
}

IREE_API_EXPORT int64_t iree_vm_value_get_i64(iree_vm_value_t* value) {
  return value->i64;
}

IREE_API_EXPORT float iree_vm_value_get_f32(iree_vm_value_t* value) {
  return value->f32;
}

IREE_API_EXPORT double iree_vm_value_get_f64(iree_vm_value_t* value) {
  return value->f64;
}

//===----------------------------------------------------------------------===//
// Variants
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_vm_variant_t iree_vm_variant_empty(void) {
  iree_vm_variant_t variant;
  memset(&variant, 0, sizeof(variant));
  variant.type = iree_vm_make_undefined_type_def();
  variant.ref = iree_vm_ref_null();
  return variant;
}

IREE_API_EXPORT bool iree_vm_variant_is_value(iree_vm_variant_t variant) {
  return iree_vm_type_def_is_value(variant.type);
}

IREE_API_EXPORT bool iree_vm_variant_is_ref(iree_vm_variant_t variant) {
  return iree_vm_type_def_is_ref(variant.type);
}

// Empty means the type carries neither a value type nor a ref type; the
// payload is not looked at.
IREE_API_EXPORT bool iree_vm_variant_is_empty(iree_vm_variant_t variant) {
  return iree_vm_type_def_is_variant(variant.type);
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

// A function is null when it belongs to no module; linkage and ordinal are
// meaningless then.
IREE_API_EXPORT bool iree_vm_function_is_null(iree_vm_function_t function) {
  return function.module == NULL;
}

//===----------------------------------------------------------------------===//
// Built-in ref types: vm.list and vm.buffer
//===----------------------------------------------------------------------===//
// The registration variables live in the runtime library and are filled in
// when a VM instance is created. Until then they are zero, so isa is true only
// for a null ref and deref of anything yields NULL, exactly as in IREE.

IREE_API_EXPORT iree_vm_ref_type_t iree_vm_list_type(void) {
  return iree_vm_list_registration;
}

IREE_API_EXPORT bool iree_vm_list_isa(const iree_vm_ref_t ref) {
  return ref.type == iree_vm_list_registration;
}

IREE_API_EXPORT iree_vm_list_t* iree_vm_list_deref(const iree_vm_ref_t ref) {
  return IREE_LIKELY(iree_vm_list_isa(ref)) ? (iree_vm_list_t*)ref.ptr : NULL;
}

IREE_API_EXPORT iree_vm_ref_type_t iree_vm_buffer_type(void) {
  return iree_vm_buffer_registration;
}

IREE_API_EXPORT bool iree_vm_buffer_isa(const iree_vm_ref_t ref) {
  return ref.type == iree_vm_buffer_registration;
}

IREE_API_EXPORT iree_vm_buffer_t* iree_vm_buffer_deref(
    const iree_vm_ref_t ref) {
  return IREE_LIKELY(iree_vm_buffer_isa(ref)) ? (iree_vm_buffer_t*)ref.ptr
                                              : NULL;
}
