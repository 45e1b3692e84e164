// Declarations of IREE's iree/vm/bytecode/module.h: bytecode modules: VM
// modules loaded from compiled .vmfb flatbuffers.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_BYTECODE_MODULE_H_
#define IREEC_DECLS_IREE_VM_BYTECODE_MODULE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls/iree/vm/ref.h"

iree_status_t iree_vm_bytecode_module_create(
    iree_vm_instance_t* instance,
    iree_const_byte_span_t archive_contents,
    iree_allocator_t archive_allocator,
    iree_allocator_t allocator,
    iree_vm_module_t**out_module);

#endif  // IREEC_DECLS_IREE_VM_BYTECODE_MODULE_H_
