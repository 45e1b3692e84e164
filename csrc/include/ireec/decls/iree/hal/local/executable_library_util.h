// Declarations of IREE's iree/hal/local/executable_library_util.h: helpers over
// executable library records: verification, imports, export queries.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_UTIL_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_UTIL_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/executable.h"
#include "ireec/decls/iree/hal/executable_cache.h"
#include "ireec/decls/iree/hal/local/executable_library.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"

// Checks |library| against what |executable_params| asks for (constant
// count, ...).
iree_status_t iree_hal_executable_library_verify(
    const iree_hal_executable_params_t* executable_params,
    const iree_hal_executable_library_v0_t* library);
// Resolves |import_table| through |import_provider| into tables allocated
// from |host_allocator| and hung on |environment|.
iree_status_t iree_hal_executable_library_initialize_imports(
    iree_hal_executable_environment_v0_t* environment,
    const iree_hal_executable_import_provider_t import_provider,
    const iree_hal_executable_import_table_v0_t* import_table,
    iree_hal_executable_import_thunk_v0_t import_thunk,
    iree_allocator_t host_allocator);
void iree_hal_executable_library_deinitialize_imports(
    iree_hal_executable_environment_v0_t* environment,
    iree_allocator_t host_allocator);

// The HAL's view of a library's exports (iree/hal/executable.h's queries).
iree_host_size_t iree_hal_executable_library_export_count(
    const iree_hal_executable_library_v0_t* library);
iree_status_t iree_hal_executable_library_export_info(
    const iree_hal_executable_library_v0_t* library,
    iree_hal_executable_export_ordinal_t export_ordinal,
    iree_hal_executable_export_info_t* out_info);
iree_status_t iree_hal_executable_library_export_parameters(
    const iree_hal_executable_library_v0_t* library,
    iree_hal_executable_export_ordinal_t export_ordinal,
    iree_host_size_t capacity,
    iree_hal_executable_export_parameter_t* out_parameters);
iree_status_t iree_hal_executable_library_lookup_export_by_name(
    const iree_hal_executable_library_v0_t* library, iree_string_view_t name,
    iree_hal_executable_export_ordinal_t* out_export_ordinal);

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_UTIL_H_
