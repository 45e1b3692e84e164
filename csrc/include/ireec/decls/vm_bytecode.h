// IREE VM bytecode module pieces beyond the module constructor: archive
// parsing (iree/vm/bytecode/archive.h), verification
// (iree/vm/bytecode/verifier.h) and feature queries
// (iree/vm/bytecode/utils/features.h).
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_VM_BYTECODE_H_
#define IREEC_DECLS_VM_BYTECODE_H_

#include "ireec/decls/vm.h"

#define IREE_VM_ARCHIVE_SEGMENT_ALIGNMENT 64
#define IREE_VM_BYTECODE_VERSION_MAJOR 15
#define IREE_VM_BYTECODE_VERSION_MINOR 0

//===----------------------------------------------------------------------===//
// Archives
//===----------------------------------------------------------------------===//
// A .vmfb is a flatbuffer followed by read-only data segments (a zip-style
// archive); these find the parts.

// The total size |archive_contents| declares (it may be larger or truncated).
iree_status_t iree_vm_bytecode_archive_infer_size(
    iree_const_byte_span_t archive_contents,
    iree_host_size_t* out_inferred_size);
iree_status_t iree_vm_bytecode_archive_parse_header(
    iree_const_byte_span_t archive_contents,
    iree_const_byte_span_t* out_flatbuffer_contents,
    iree_host_size_t* out_rodata_offset);

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

typedef struct iree_vm_bytecode_module_t iree_vm_bytecode_module_t;

// Checks the module's flatbuffer (structure, references, segment bounds).
iree_status_t iree_vm_bytecode_module_flatbuffer_verify(
    iree_const_byte_span_t archive_contents,
    iree_const_byte_span_t flatbuffer_contents,
    iree_host_size_t archive_rodata_offset);
// Checks one function's bytecode.
iree_status_t iree_vm_bytecode_function_verify(
    iree_vm_bytecode_module_t* module, uint16_t function_ordinal,
    iree_allocator_t scratch_allocator);

//===----------------------------------------------------------------------===//
// Features
//===----------------------------------------------------------------------===//
// Optional VM extensions a module may require (bit 0: f32, bit 1: f64), as the
// flatbuffer schema's FeatureBits enum spells them.

typedef uint32_t iree_vm_FeatureBits_enum_t;

// The features this runtime was built with.
iree_vm_FeatureBits_enum_t iree_vm_bytecode_available_features(void);
// Formats |value| as text, e.g. "EXT_F32|EXT_F64".
iree_string_view_t iree_vm_bytecode_features_format(
    iree_vm_FeatureBits_enum_t value, iree_bitfield_string_temp_t* out_temp);
// OK when |available_features| covers |required_features|; otherwise an
// error naming what is missing, located at |file|:|line|.
iree_status_t iree_vm_check_feature_mismatch(
    const char* file, int line, iree_vm_FeatureBits_enum_t required_features,
    iree_vm_FeatureBits_enum_t available_features);

#endif  // IREEC_DECLS_VM_BYTECODE_H_
