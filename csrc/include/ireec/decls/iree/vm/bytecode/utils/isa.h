// Declarations of IREE's iree/vm/bytecode/utils/isa.h: the bytecode version
// this runtime reads.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_BYTECODE_UTILS_ISA_H_
#define IREEC_DECLS_IREE_VM_BYTECODE_UTILS_ISA_H_

#define IREE_VM_BYTECODE_VERSION_MAJOR 15
#define IREE_VM_BYTECODE_VERSION_MINOR 0

#endif  // IREEC_DECLS_IREE_VM_BYTECODE_UTILS_ISA_H_
