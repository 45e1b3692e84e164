// Declarations of IREE's iree/hal/local/loaders/vmvx_module_loader.h: the
// executable loader for VMVX executables (VM bytecode run by the VMVX module).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_VMVX_MODULE_LOADER_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_VMVX_MODULE_LOADER_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls/iree/vm/ref.h"

iree_status_t iree_hal_vmvx_module_loader_create(
    iree_vm_instance_t* instance,
    iree_host_size_t user_module_count,
    iree_vm_module_t**user_modules,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t**out_executable_loader);
iree_status_t iree_hal_vmvx_module_loader_create_isolated(
    iree_host_size_t user_module_count,
    iree_vm_module_t**user_modules,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t**out_executable_loader);

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_VMVX_MODULE_LOADER_H_
