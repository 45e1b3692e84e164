// Declarations of IREE's iree/hal/local/local_executable_cache.h: an executable
// cache over a list of CPU executable loaders.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/executable_cache.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"

// An executable cache that asks |loaders| in order.
iree_status_t iree_hal_local_executable_cache_create(
    iree_string_view_t identifier, iree_host_size_t worker_capacity,
    iree_host_size_t loader_count, iree_hal_executable_loader_t** loaders,
    iree_allocator_t host_allocator,
    iree_hal_executable_cache_t** out_executable_cache);

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_
