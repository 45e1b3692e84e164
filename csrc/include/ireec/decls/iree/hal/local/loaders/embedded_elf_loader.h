// Declarations of IREE's iree/hal/local/loaders/embedded_elf_loader.h: the
// executable loader for IREE's embedded (platform-independent) ELF format.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_EMBEDDED_ELF_LOADER_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_EMBEDDED_ELF_LOADER_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"
#include "ireec/decls/iree/hal/local/executable_plugin_manager.h"

iree_status_t iree_hal_embedded_elf_loader_create(
    iree_hal_executable_plugin_manager_t* plugin_manager,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t**out_executable_loader);

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_EMBEDDED_ELF_LOADER_H_
