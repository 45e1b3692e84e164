// Declarations of IREE's iree/hal/utils/caching_allocator.h: the caching
// allocator: freed buffers kept in pools for reuse.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_CACHING_ALLOCATOR_H_
#define IREEC_DECLS_IREE_HAL_UTILS_CACHING_ALLOCATOR_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/allocator.h"
#include "ireec/decls/iree/hal/buffer.h"

// One pool of a caching allocator: which heap it serves and how much it keeps.
typedef struct iree_hal_caching_allocator_pool_params_t {
  iree_hal_allocator_memory_heap_t heap;
  iree_device_size_t max_allocation_size;
  iree_device_size_t max_allocation_capacity;
  iree_host_size_t max_free_allocation_count;
} iree_hal_caching_allocator_pool_params_t;

void iree_hal_caching_allocator_pool_params_initialize(
    iree_hal_allocator_memory_heap_t heap,
    iree_hal_caching_allocator_pool_params_t* out_params);
// Keeps freed buffers for reuse, without limit.
iree_status_t iree_hal_caching_allocator_create_unbounded(
    iree_hal_allocator_t* device_allocator, iree_allocator_t host_allocator,
    iree_hal_allocator_t** out_allocator);
iree_status_t iree_hal_caching_allocator_create_with_pools(
    iree_host_size_t pool_count,
    const iree_hal_caching_allocator_pool_params_t* pool_params,
    iree_hal_allocator_t* device_allocator, iree_allocator_t host_allocator,
    iree_hal_allocator_t** out_allocator);
// Pools described by "heap_key=max_allocation_size;max_allocation_capacity;
// max_free_allocation_count" entries (e.g. "device_local=1gib;1gib;8"; '*' for
// no limit).
iree_status_t iree_hal_caching_allocator_create_from_spec(
    iree_string_view_t config_pairs, iree_hal_allocator_t* device_allocator,
    iree_allocator_t host_allocator, iree_hal_allocator_t** out_allocator);

#endif  // IREEC_DECLS_IREE_HAL_UTILS_CACHING_ALLOCATOR_H_
