// Declarations of IREE's iree/hal/local/loaders/static_library_loader.h: the
// static library loader: executables linked into the program itself. The
// runtime we bind does not export these; libireec_runtime implements them
// (csrc/hal/local/static_library_loader.c) with exactly IREE's declarations.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_STATIC_LIBRARY_LOADER_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_STATIC_LIBRARY_LOADER_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/local/executable_library.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"

// A loader over libraries linked into the program: each query function
// returns one library, found by its header's name when |executable_format| is
// "static" and the executable data is that name. The runtime we bind lacks
// it; libireec_runtime implements it.
iree_status_t iree_hal_static_library_loader_create(
    iree_host_size_t library_count,
    const iree_hal_executable_library_query_fn_t* library_query_fns,
    iree_hal_executable_import_provider_t import_provider,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t** out_executable_loader);

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_LOADERS_STATIC_LIBRARY_LOADER_H_
