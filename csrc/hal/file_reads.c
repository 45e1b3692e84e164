// Queue reads of files, checked and completed (see file_reads.h).

#include "file_reads.h"

#include <inttypes.h>

IREEC_HAL_INTERNAL iree_status_t ireec_hal_file_check_range(
    iree_hal_file_t* file, uint64_t offset, iree_device_size_t length) {
  const uint64_t file_length = iree_hal_file_length(file);
  if (offset > file_length || length > file_length - offset) {
    return iree_make_status(IREE_STATUS_OUT_OF_RANGE,
                            "file range of %" PRIu64 " bytes at offset %" PRIu64
                            " is past the end of the file (%" PRIu64 " bytes)",
                            (uint64_t)length, offset, file_length);
  }
  return iree_ok_status();
}

IREEC_HAL_INTERNAL bool ireec_hal_file_read_by_host(iree_hal_file_t* file) {
  return iree_hal_file_supports_synchronous_io(file) &&
         !iree_hal_file_storage_buffer(file);
}

// Whether the host can write |buffer| through a mapping.
static bool ireec_hal_buffer_host_writable(iree_hal_buffer_t* buffer) {
  return iree_all_bits_set(iree_hal_buffer_memory_type(buffer),
                           IREE_HAL_MEMORY_TYPE_HOST_VISIBLE) &&
         iree_any_bit_set(iree_hal_buffer_allowed_usage(buffer),
                          IREE_HAL_BUFFER_USAGE_MAPPING);
}

// Reads the file into |target_buffer|, directly or through a host staging
// buffer copied in by a queue copy signalling |signal_semaphore_list| (whose
// fate is then the copy's: returns true). Returns false when the caller is to
// complete the signals with *out_status.
static bool ireec_hal_read_file_into(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_status_t* out_status) {
  if (ireec_hal_buffer_host_writable(target_buffer)) {
    *out_status = iree_hal_file_read(source_file, source_offset, target_buffer,
                                     target_offset, length);
    return false;
  }
  // The whole range at once: parameters are read once, as the program loads.
  const iree_hal_buffer_params_t params = {
      .usage = IREE_HAL_BUFFER_USAGE_TRANSFER | IREE_HAL_BUFFER_USAGE_MAPPING,
      .access = IREE_HAL_MEMORY_ACCESS_ALL,
      .type = IREE_HAL_MEMORY_TYPE_HOST_LOCAL |
              IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE,
      .queue_affinity = queue_affinity,
  };
  iree_hal_buffer_t* staging = NULL;
  iree_status_t status = iree_hal_allocator_allocate_buffer(
      iree_hal_device_allocator(device), params, length, &staging);
  if (iree_status_is_ok(status)) {
    status = iree_hal_file_read(source_file, source_offset, staging, 0, length);
  }
  bool queued = false;
  if (iree_status_is_ok(status)) {
    // The queue holds the staging buffer until the copy is done.
    status = iree_hal_device_queue_copy(
        device, queue_affinity, iree_hal_semaphore_list_empty(),
        signal_semaphore_list, staging, 0, target_buffer, target_offset, length,
        IREE_HAL_COPY_FLAG_NONE);
    queued = iree_status_is_ok(status);
  }
  iree_hal_buffer_release(staging);
  *out_status = status;
  return queued;
}

IREEC_HAL_INTERNAL iree_status_t ireec_hal_device_queue_read_file(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length) {
  IREE_RETURN_IF_ERROR(
      ireec_hal_file_check_range(source_file, source_offset, length));
  IREE_RETURN_IF_ERROR(iree_hal_buffer_validate_range(
      target_buffer, target_offset, length));
  // The device's own wait: foreign semaphores waited on by their drivers, a
  // failed one reported with its cause.
  iree_status_t status = iree_ok_status();
  if (wait_semaphore_list.count > 0) {
    status = iree_hal_device_wait_semaphores(
        device, IREE_HAL_WAIT_MODE_ALL, wait_semaphore_list,
        iree_infinite_timeout(), IREE_HAL_WAIT_FLAG_DEFAULT);
  }
  if (iree_status_is_ok(status) &&
      ireec_hal_read_file_into(device, queue_affinity, signal_semaphore_list,
                               source_file, source_offset, target_buffer,
                               target_offset, length, &status)) {
    return iree_ok_status();
  }
  if (signal_semaphore_list.count == 0) return status;
  if (iree_status_is_ok(status)) {
    return iree_hal_semaphore_list_signal(signal_semaphore_list);
  }
  iree_hal_semaphore_list_fail(signal_semaphore_list, status);
  return iree_ok_status();
}
