// Declarations of IREE's iree/vm/bytecode/module_impl.h: the bytecode module
// record (opaque here).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_BYTECODE_MODULE_IMPL_H_
#define IREEC_DECLS_IREE_VM_BYTECODE_MODULE_IMPL_H_

typedef struct iree_vm_bytecode_module_t iree_vm_bytecode_module_t;

#endif  // IREEC_DECLS_IREE_VM_BYTECODE_MODULE_IMPL_H_
