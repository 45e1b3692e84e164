// IREE HAL utilities a program may use directly (iree/hal/utils/): allocator
// wrappers configured from specs (allocators.h, caching_allocator.h,
// debug_allocator.h), file caches (file_cache.h), HAL files over file
// descriptors (fd_file.h) and executable flatbuffer headers
// (executable_header.h).
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_HAL_UTILS_H_
#define IREEC_DECLS_HAL_UTILS_H_

#include "ireec/decls/hal.h"

//===----------------------------------------------------------------------===//
// Allocator wrappers
//===----------------------------------------------------------------------===//

// Wraps |base_allocator| in the allocator |spec| names, with its options:
// "name", "name:key=value" or "name:key=value,key=value" (e.g. "caching",
// "debug"; which exist depends on the build).
iree_status_t iree_hal_configure_allocator_from_spec(
    iree_string_view_t spec, iree_hal_device_t* device,
    iree_hal_allocator_t* base_allocator,
    iree_hal_allocator_t** out_wrapped_allocator);
// Wraps |device|'s allocator in each of |specs| in turn and installs the
// result; only right after the device is created (not thread-safe).
iree_status_t iree_hal_configure_allocator_from_specs(
    iree_host_size_t spec_count, const iree_string_view_t* specs,
    iree_hal_device_t* device);

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

// Scribbles debug patterns into every allocation to expose use of
// uninitialized or freed memory (slow; for diagnosing only).
iree_status_t iree_hal_debug_allocator_create(
    iree_hal_device_t* device, iree_hal_allocator_t* device_allocator,
    iree_allocator_t host_allocator, iree_hal_allocator_t** out_allocator);

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

// A HAL file reading and writing through a file descriptor handle.
iree_status_t iree_hal_fd_file_from_handle(iree_hal_memory_access_t access,
                                           iree_io_file_handle_t* handle,
                                           iree_allocator_t host_allocator,
                                           iree_hal_file_t** out_file);

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

//===----------------------------------------------------------------------===//
// Executable headers
//===----------------------------------------------------------------------===//

// Finds the flatbuffer in executable data that starts with IREE's flatbuffer
// file header (checking its 4-character |file_identifier|);
// |unsafe_infer_size| allows data of unknown total size, parsed without
// checking its extents.
iree_status_t iree_hal_read_executable_flatbuffer_header(
    iree_const_byte_span_t executable_data, bool unsafe_infer_size,
    const char file_identifier[4], iree_const_byte_span_t* out_flatbuffer_data);

#endif  // IREEC_DECLS_HAL_UTILS_H_
