// Private to csrc/hal: queue reads and writes of files, checked and
// completed.
//
// IREE's memory files copy without checking the range against their length
// (a parameter entry past the end of its file read memory past the end of the
// mapping), and IREE's streaming file transfer (what local-task's and HIP's
// queue_read use for files without a device buffer: fd files) never completes
// when a chunk's read fails: the chunk's semaphore is advanced before the
// read, so the staging buffer's dealloca, which carries the caller's signals,
// waits for it forever (a file truncated after it was opened hung the
// caller). Its streaming write never returns on local-task at all: a queue
// write of an fd file blocked its caller inside the call, for ever, whether
// the write would succeed or fail. So ireec's devices
// check every read against the file's length, and read and write files doing
// synchronous I/O without a device buffer themselves.
#ifndef IREEC_HAL_FILE_TRANSFERS_H_
#define IREEC_HAL_FILE_TRANSFERS_H_

#include "hal_object_layouts.h"

// OUT_OF_RANGE, naming the range and the file's length, unless |length| bytes
// at |offset| are inside |file|.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_file_check_range(
    iree_hal_file_t* file, uint64_t offset, iree_device_size_t length);

// Whether ireec_hal_device_queue_read_file and _write_file transfer |file|
// (synchronous I/O and no device buffer: IREE would stream it).
IREEC_HAL_INTERNAL bool ireec_hal_file_transferred_by_host(iree_hal_file_t* file);

// A queue read done on the calling thread, as IREE's inline streaming
// transfer does: waits for |wait_semaphore_list| through |device| (a failed
// wait fails the signals with its cause), reads |length| bytes at
// |source_offset| of |source_file| into |target_buffer| (through a host
// staging buffer and a queue copy when the host cannot map it), then signals
// |signal_semaphore_list|, or fails it with the read's error. Returns an error
// only when the operation could not be issued.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_device_queue_read_file(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length);

// A queue write done on the calling thread, as the read: waits for
// |wait_semaphore_list| through |device| (a failed wait fails the signals
// with its cause), writes |length| bytes of |source_buffer| at
// |source_offset| into |target_file| at |target_offset| (through a host
// staging buffer filled by a queue copy, waited for, when the host cannot map
// the source), then signals |signal_semaphore_list|, or fails it with the
// write's error. Returns an error only when the operation could not be issued
// (a source range outside its buffer).
IREEC_HAL_INTERNAL iree_status_t ireec_hal_device_queue_write_file(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length);

#endif  // IREEC_HAL_FILE_TRANSFERS_H_
