// Declarations of IREE's iree/hal/local/loaders/registration/init.h: creating
// the CPU executable loaders this runtime was built with, all or by name.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_REGISTRATION_INIT_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_REGISTRATION_INIT_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"
#include "ireec/decls/iree/hal/local/executable_plugin_manager.h"

// Every loader this runtime was built with ("embedded-elf", "system-library",
// "vmvx-module"), or the one named.
iree_status_t iree_hal_create_all_available_executable_loaders(
    iree_hal_executable_plugin_manager_t* plugin_manager,
    iree_host_size_t capacity, iree_host_size_t* out_count,
    iree_hal_executable_loader_t** loaders, iree_allocator_t host_allocator);
iree_status_t iree_hal_create_executable_loader_by_name(
    iree_string_view_t name,
    iree_hal_executable_plugin_manager_t* plugin_manager,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t** out_executable_loader);

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_REGISTRATION_INIT_H_
