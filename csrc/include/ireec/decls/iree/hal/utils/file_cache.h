// Declarations of IREE's iree/hal/utils/file_cache.h: a cache of the HAL files
// made for file handles.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_FILE_CACHE_H_
#define IREEC_DECLS_IREE_HAL_UTILS_FILE_CACHE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/file.h"
#include "ireec/decls/iree/hal/queue.h"
#include "ireec/decls/iree/io/file_handle.h"

// Reuses the HAL file made for a handle on a device and queue.
typedef struct iree_hal_file_cache_t iree_hal_file_cache_t;

iree_status_t iree_hal_file_cache_create(iree_allocator_t host_allocator,
                                         iree_hal_file_cache_t** out_file_cache);
void iree_hal_file_cache_retain(iree_hal_file_cache_t* file_cache);
void iree_hal_file_cache_release(iree_hal_file_cache_t* file_cache);
// Drops every cached file reference (files others retain stay open).
void iree_hal_file_cache_trim(iree_hal_file_cache_t* file_cache);
iree_status_t iree_hal_file_cache_lookup(
    iree_hal_file_cache_t* file_cache, iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity, iree_hal_memory_access_t access,
    iree_io_file_handle_t* handle, iree_hal_external_file_flags_t flags,
    iree_hal_file_t** out_file);

#endif  // IREEC_DECLS_IREE_HAL_UTILS_FILE_CACHE_H_
