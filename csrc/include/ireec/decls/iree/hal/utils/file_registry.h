// Declarations of IREE's iree/hal/utils/file_registry.h: HAL files for file
// handles of any kind the device can use.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_FILE_REGISTRY_H_
#define IREEC_DECLS_IREE_HAL_UTILS_FILE_REGISTRY_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/file.h"
#include "ireec/decls/iree/hal/queue.h"
#include "ireec/decls/iree/io/file_handle.h"

iree_status_t iree_hal_file_from_handle(
    iree_hal_allocator_t* device_allocator,
    iree_hal_queue_affinity_t queue_affinity, iree_hal_memory_access_t access,
    iree_io_file_handle_t* handle, iree_allocator_t host_allocator,
    iree_hal_file_t** out_file);

#endif  // IREEC_DECLS_IREE_HAL_UTILS_FILE_REGISTRY_H_
