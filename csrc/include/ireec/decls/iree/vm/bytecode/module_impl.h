// Declarations of IREE's iree/vm/bytecode/module_impl.h: the bytecode module
// record (opaque here) and the interpreter's entry points, which run a
// function of the module on a VM stack (begin) and continue one that yielded
// (resume).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_BYTECODE_MODULE_IMPL_H_
#define IREEC_DECLS_IREE_VM_BYTECODE_MODULE_IMPL_H_

#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls/iree/vm/stack.h"

typedef struct iree_vm_bytecode_module_t iree_vm_bytecode_module_t;

iree_status_t iree_vm_bytecode_dispatch_begin(
    iree_vm_stack_t* stack,
    iree_vm_bytecode_module_t* module,
    const iree_vm_function_call_t call,
    iree_string_view_t cconv_arguments,
    iree_string_view_t cconv_results);

iree_status_t iree_vm_bytecode_dispatch_resume(
    iree_vm_stack_t* stack,
    iree_vm_bytecode_module_t* module,
    iree_byte_span_t call_results);

#endif  // IREEC_DECLS_IREE_VM_BYTECODE_MODULE_IMPL_H_
