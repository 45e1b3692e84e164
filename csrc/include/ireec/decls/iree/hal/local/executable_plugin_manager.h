// Declarations of IREE's iree/hal/local/executable_plugin_manager.h: executable
// plugins, which provide imports to libraries, and the plugin manager, which
// holds them and the extra providers it was given and resolves through all of
// them.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_MANAGER_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_MANAGER_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"
#include "ireec/decls/iree/hal/local/executable_plugin.h"

typedef iree_status_t (*iree_hal_executable_plugin_resolve_thunk_t)(
    void* fn_ptr, void* self, const void* params, uint32_t* out_resolution);

typedef struct iree_hal_executable_plugin_t iree_hal_executable_plugin_t;

iree_status_t iree_hal_executable_plugin_initialize(
    const void* vtable, iree_hal_executable_plugin_features_t required_features,
    const iree_hal_executable_plugin_header_t** header_ptr,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_hal_executable_plugin_resolve_thunk_t resolve_thunk,
    iree_allocator_t host_allocator,
    iree_hal_executable_plugin_t* out_base_plugin);
void iree_hal_executable_plugin_retain(iree_hal_executable_plugin_t* plugin);
void iree_hal_executable_plugin_release(iree_hal_executable_plugin_t* plugin);
iree_hal_executable_import_provider_t iree_hal_executable_plugin_provider(
    iree_hal_executable_plugin_t* plugin);

typedef struct iree_hal_executable_plugin_manager_t iree_hal_executable_plugin_manager_t;

iree_status_t iree_hal_executable_plugin_manager_create(
    iree_host_size_t capacity,
    iree_allocator_t host_allocator,
    iree_hal_executable_plugin_manager_t**out_manager);
void iree_hal_executable_plugin_manager_retain(
    iree_hal_executable_plugin_manager_t* manager);
void iree_hal_executable_plugin_manager_release(
    iree_hal_executable_plugin_manager_t* manager);
iree_status_t iree_hal_executable_plugin_manager_register_provider(
    iree_hal_executable_plugin_manager_t* manager,
    iree_hal_executable_import_provider_t provider);
iree_status_t iree_hal_executable_plugin_manager_register_plugin(
    iree_hal_executable_plugin_manager_t* manager,
    iree_hal_executable_plugin_t* plugin);
iree_hal_executable_import_provider_t iree_hal_executable_plugin_manager_provider(
    iree_hal_executable_plugin_manager_t* manager);

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_MANAGER_H_
