// Declarations of IREE's iree/hal/drivers/local_sync/sync_device.h: the
// synchronous CPU device: every queue operation runs inline on the submitting
// thread. The runtime we bind does not export these; libireec_runtime
// implements them (csrc/hal/drivers/local_sync/) with exactly IREE's
// declarations.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DEVICE_H_
#define IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DEVICE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"

typedef struct iree_hal_sync_device_params_t iree_hal_sync_device_params_t;

// Parameters of a synchronous device.
struct iree_hal_sync_device_params_t {
  // Size of each block of the arena that recorded (deferred) command buffers
  // allocate from; at least 4096 bytes.
  iree_host_size_t arena_block_size;
};

void iree_hal_sync_device_params_initialize(
    iree_hal_sync_device_params_t* out_params);

// Creates a device that runs every queue operation on the calling thread once
// its waits are reached. Retains the loaders and |device_allocator|.
iree_status_t iree_hal_sync_device_create(
    iree_string_view_t identifier, const iree_hal_sync_device_params_t* params,
    iree_host_size_t loader_count, iree_hal_executable_loader_t** loaders,
    iree_hal_allocator_t* device_allocator, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device);

#endif  // IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DEVICE_H_
