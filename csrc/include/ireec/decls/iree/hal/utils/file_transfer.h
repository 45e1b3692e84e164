// Declarations of IREE's iree/hal/utils/file_transfer.h: queue reads and writes
// of files through staging buffers.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_FILE_TRANSFER_H_
#define IREEC_DECLS_IREE_HAL_UTILS_FILE_TRANSFER_H_

#include <stdint.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/loop.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/device.h"
#include "ireec/decls/iree/hal/file.h"
#include "ireec/decls/iree/hal/queue.h"
#include "ireec/decls/iree/hal/semaphore.h"

typedef struct iree_hal_file_transfer_options_t iree_hal_file_transfer_options_t;

struct iree_hal_file_transfer_options_t {
  iree_loop_t loop;
  iree_device_size_t chunk_count;
  iree_device_size_t chunk_size;
};

iree_status_t iree_hal_device_queue_read_streaming(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_read_flags_t flags,
    iree_hal_file_transfer_options_t options);
iree_status_t iree_hal_device_queue_write_streaming(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length, iree_hal_write_flags_t flags,
    iree_hal_file_transfer_options_t options);

#endif  // IREEC_DECLS_IREE_HAL_UTILS_FILE_TRANSFER_H_
