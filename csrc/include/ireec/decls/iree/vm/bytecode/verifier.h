// Declarations of IREE's iree/vm/bytecode/verifier.h: verification of bytecode
// modules and functions.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_BYTECODE_VERIFIER_H_
#define IREEC_DECLS_IREE_VM_BYTECODE_VERIFIER_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/vm/bytecode/module_impl.h"

// Checks the module's flatbuffer (structure, references, segment bounds).
iree_status_t iree_vm_bytecode_module_flatbuffer_verify(
    iree_const_byte_span_t archive_contents,
    iree_const_byte_span_t flatbuffer_contents,
    iree_host_size_t archive_rodata_offset);
// Checks one function's bytecode.
iree_status_t iree_vm_bytecode_function_verify(
    iree_vm_bytecode_module_t* module, uint16_t function_ordinal,
    iree_allocator_t scratch_allocator);

#endif  // IREEC_DECLS_IREE_VM_BYTECODE_VERIFIER_H_
