// Declarations of IREE's iree/hal/buffer_transfer.h: host-driven transfers
// between buffers and host memory, and emulated mapping.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_BUFFER_TRANSFER_H_
#define IREEC_DECLS_IREE_HAL_BUFFER_TRANSFER_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"
#include "ireec/decls/iree/hal/buffer.h"

typedef struct iree_hal_transfer_buffer_t iree_hal_transfer_buffer_t;

struct iree_hal_transfer_buffer_t {
  iree_byte_span_t host_buffer;
  iree_hal_buffer_t* device_buffer;
};

iree_hal_transfer_buffer_t iree_hal_make_host_transfer_buffer(
    iree_byte_span_t host_buffer);
iree_hal_transfer_buffer_t iree_hal_make_host_transfer_buffer_span(
    void* ptr,
    iree_host_size_t length);
iree_hal_transfer_buffer_t iree_hal_make_device_transfer_buffer(
    iree_hal_buffer_t* device_buffer);
iree_status_t iree_hal_device_transfer_range(
    iree_hal_device_t* device,
    iree_hal_transfer_buffer_t source,
    iree_device_size_t source_offset,
    iree_hal_transfer_buffer_t target,
    iree_device_size_t target_offset,
    iree_device_size_t data_length,
    iree_hal_transfer_buffer_flags_t flags,
    iree_timeout_t timeout);
iree_status_t iree_hal_device_transfer_h2d(
    iree_hal_device_t* device,
    const void* source,
    iree_hal_buffer_t* target,
    iree_device_size_t target_offset,
    iree_device_size_t data_length,
    iree_hal_transfer_buffer_flags_t flags,
    iree_timeout_t timeout);
iree_status_t iree_hal_device_transfer_d2h(
    iree_hal_device_t* device,
    iree_hal_buffer_t* source,
    iree_device_size_t source_offset,
    void* target,
    iree_device_size_t data_length,
    iree_hal_transfer_buffer_flags_t flags,
    iree_timeout_t timeout);
iree_status_t iree_hal_device_transfer_d2d(
    iree_hal_device_t* device,
    iree_hal_buffer_t* source,
    iree_device_size_t source_offset,
    iree_hal_buffer_t* target,
    iree_device_size_t target_offset,
    iree_device_size_t data_length,
    iree_hal_transfer_buffer_flags_t flags,
    iree_timeout_t timeout);
iree_status_t iree_hal_buffer_emulated_map_range(
    iree_hal_device_t* device,
    iree_hal_buffer_t* buffer,
    iree_hal_mapping_mode_t mapping_mode,
    iree_hal_memory_access_t memory_access,
    iree_device_size_t local_byte_offset,
    iree_device_size_t local_byte_length,
    iree_hal_buffer_mapping_t* mapping);
iree_status_t iree_hal_buffer_emulated_unmap_range(
    iree_hal_device_t* device,
    iree_hal_buffer_t* buffer,
    iree_device_size_t local_byte_offset,
    iree_device_size_t local_byte_length,
    iree_hal_buffer_mapping_t* mapping);

#endif  // IREEC_DECLS_IREE_HAL_BUFFER_TRANSFER_H_
