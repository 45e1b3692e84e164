// Declarations of IREE's iree/schemas/bytecode_module_def_reader.h: the
// bytecode module schema's FeatureBits type. flatcc generates that header from
// the schema; the feature queries (iree/vm/bytecode/utils/features.h) take
// this one type of it, and no public header stands for the rest.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_SCHEMAS_BYTECODE_MODULE_DEF_READER_H_
#define IREEC_DECLS_IREE_SCHEMAS_BYTECODE_MODULE_DEF_READER_H_

#include <stdint.h>

// Optional VM extensions a module may require (bit 0: f32, bit 1: f64), as the
// flatbuffer schema's FeatureBits enum spells them.
typedef uint32_t iree_vm_FeatureBits_enum_t;

#endif  // IREEC_DECLS_IREE_SCHEMAS_BYTECODE_MODULE_DEF_READER_H_
