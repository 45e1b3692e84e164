// Declarations of IREE's iree/vm/bytecode/utils/features.h: optional VM
// features bytecode modules may require.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_BYTECODE_UTILS_FEATURES_H_
#define IREEC_DECLS_IREE_VM_BYTECODE_UTILS_FEATURES_H_

#include "ireec/decls/iree/base/bitfield.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/schemas/bytecode_module_def_reader.h"

// Formats |value| as text, e.g. "EXT_F32|EXT_F64".
iree_string_view_t iree_vm_bytecode_features_format(
    iree_vm_FeatureBits_enum_t value, iree_bitfield_string_temp_t* out_temp);

// The features this runtime was built with.
iree_vm_FeatureBits_enum_t iree_vm_bytecode_available_features(void);

// OK when |available_features| covers |required_features|; otherwise an
// error naming what is missing, located at |file|:|line|.
iree_status_t iree_vm_check_feature_mismatch(
    const char* file, int line, iree_vm_FeatureBits_enum_t required_features,
    iree_vm_FeatureBits_enum_t available_features);

#endif  // IREEC_DECLS_IREE_VM_BYTECODE_UTILS_FEATURES_H_
