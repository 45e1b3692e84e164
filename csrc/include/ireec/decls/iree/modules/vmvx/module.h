// Declarations of IREE's iree/modules/vmvx/module.h: the module VMVX
// executables (compiled to VM bytecode) import their kernels from.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_MODULES_VMVX_MODULE_H_
#define IREEC_DECLS_IREE_MODULES_VMVX_MODULE_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls/iree/vm/ref.h"

iree_status_t iree_vmvx_module_create(iree_vm_instance_t* instance,
                                      iree_allocator_t host_allocator,
                                      iree_vm_module_t** out_module);
// Tells a VMVX module state which processor runs the next workgroup.
void iree_vmvx_module_state_update_workgroup_state(
    iree_vm_module_state_t* module_state, uint32_t processor_id);

#endif  // IREEC_DECLS_IREE_MODULES_VMVX_MODULE_H_
