// Queue reads and writes of files, checked and completed (see
// file_transfers.h).

#include "file_transfers.h"

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

IREEC_HAL_INTERNAL bool ireec_hal_file_transferred_by_host(
    iree_hal_file_t* file) {
  return iree_hal_file_supports_synchronous_io(file) &&
         !iree_hal_file_storage_buffer(file);
}

// Whether the host can read and write |buffer| through a mapping.
static bool ireec_hal_buffer_host_mappable(iree_hal_buffer_t* buffer) {
  return iree_all_bits_set(iree_hal_buffer_memory_type(buffer),
                           IREE_HAL_MEMORY_TYPE_HOST_VISIBLE) &&
         iree_any_bit_set(iree_hal_buffer_allowed_usage(buffer),
                          IREE_HAL_BUFFER_USAGE_MAPPING);
}

// A host staging buffer of |length| bytes the device copies to and from.
static iree_status_t ireec_hal_allocate_host_staging(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    iree_device_size_t length, iree_hal_buffer_t** out_staging) {
  const iree_hal_buffer_params_t params = {
      .usage = IREE_HAL_BUFFER_USAGE_TRANSFER | IREE_HAL_BUFFER_USAGE_MAPPING,
      .access = IREE_HAL_MEMORY_ACCESS_ALL,
      .type = IREE_HAL_MEMORY_TYPE_HOST_LOCAL |
              IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE,
      .queue_affinity = queue_affinity,
  };
  return iree_hal_allocator_allocate_buffer(iree_hal_device_allocator(device),
                                            params, length, out_staging);
}

// Waits for every timepoint of |wait_semaphore_list| through |device| (its
// own wait: foreign semaphores waited on by their drivers, a failed one
// reported with its cause).
static iree_status_t ireec_hal_device_wait_all(
    iree_hal_device_t* device,
    const iree_hal_semaphore_list_t wait_semaphore_list) {
  if (wait_semaphore_list.count == 0) return iree_ok_status();
  return iree_hal_device_wait_semaphores(
      device, IREE_HAL_WAIT_MODE_ALL, wait_semaphore_list,
      iree_infinite_timeout(), IREE_HAL_WAIT_FLAG_DEFAULT);
}

// Completes |signal_semaphore_list| with |status| (the operation's outcome:
// signalled, or failed with it) and returns OK: the caller's signals carry
// the failure from then on. With no signals there is nobody to tell but the
// caller, who gets |status| back.
static iree_status_t ireec_hal_complete_signals(
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_status_t status) {
  if (signal_semaphore_list.count == 0) return status;
  if (iree_status_is_ok(status)) {
    return iree_hal_semaphore_list_signal(signal_semaphore_list);
  }
  iree_hal_semaphore_list_fail(signal_semaphore_list, status);
  return iree_ok_status();
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
  if (ireec_hal_buffer_host_mappable(target_buffer)) {
    *out_status = iree_hal_file_read(source_file, source_offset, target_buffer,
                                     target_offset, length);
    return false;
  }
  // The whole range at once: parameters are read once, as the program loads.
  iree_hal_buffer_t* staging = NULL;
  iree_status_t status = ireec_hal_allocate_host_staging(
      device, queue_affinity, length, &staging);
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
  iree_status_t status = ireec_hal_device_wait_all(device, wait_semaphore_list);
  if (iree_status_is_ok(status) &&
      ireec_hal_read_file_into(device, queue_affinity, signal_semaphore_list,
                               source_file, source_offset, target_buffer,
                               target_offset, length, &status)) {
    return iree_ok_status();
  }
  return ireec_hal_complete_signals(signal_semaphore_list, status);
}

// Writes |length| bytes of |source_buffer| into the file, directly when the
// host can map it, else through a host staging buffer the device copies it
// into first (the copy waited for here: the write follows it).
static iree_status_t ireec_hal_write_file_from(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length) {
  if (ireec_hal_buffer_host_mappable(source_buffer)) {
    return iree_hal_file_write(target_file, target_offset, source_buffer,
                               source_offset, length);
  }
  iree_hal_buffer_t* staging = NULL;
  IREE_RETURN_IF_ERROR(ireec_hal_allocate_host_staging(device, queue_affinity,
                                                       length, &staging));
  iree_hal_semaphore_t* copied = NULL;
  iree_status_t status =
      iree_hal_semaphore_create(device, queue_affinity, /*initial_value=*/0,
                                IREE_HAL_SEMAPHORE_FLAG_NONE, &copied);
  if (iree_status_is_ok(status)) {
    uint64_t copied_value = 1;
    const iree_hal_semaphore_list_t copy_signals = {
        .count = 1, .semaphores = &copied, .payload_values = &copied_value};
    status = iree_hal_device_queue_copy(
        device, queue_affinity, iree_hal_semaphore_list_empty(), copy_signals,
        source_buffer, source_offset, staging, 0, length,
        IREE_HAL_COPY_FLAG_NONE);
  }
  if (iree_status_is_ok(status)) {
    // A failed copy fails the semaphore: the wait returns its cause.
    status = iree_hal_semaphore_wait(copied, 1, iree_infinite_timeout(),
                                     IREE_HAL_WAIT_FLAG_DEFAULT);
  }
  if (iree_status_is_ok(status)) {
    status = iree_hal_file_write(target_file, target_offset, staging, 0, length);
  }
  if (copied) iree_hal_semaphore_release(copied);
  iree_hal_buffer_release(staging);
  return status;
}

IREEC_HAL_INTERNAL iree_status_t ireec_hal_device_queue_write_file(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length) {
  // (No range check against the file's length: writing past the end of an
  // fd file extends it.)
  IREE_RETURN_IF_ERROR(iree_hal_buffer_validate_range(
      source_buffer, source_offset, length));
  iree_status_t status = ireec_hal_device_wait_all(device, wait_semaphore_list);
  if (iree_status_is_ok(status) && length > 0) {
    status = ireec_hal_write_file_from(device, queue_affinity, source_buffer,
                                       source_offset, target_file,
                                       target_offset, length);
  }
  return ireec_hal_complete_signals(signal_semaphore_list, status);
}
