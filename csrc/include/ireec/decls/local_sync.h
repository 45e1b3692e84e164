// IREE's synchronous CPU driver (iree/hal/drivers/local_sync/): its device
// parameters, device and driver constructors and its registration. The
// runtime we bind does not contain this driver; libireec_runtime implements
// it (csrc/hal/drivers/local_sync/) with exactly these declarations.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_LOCAL_SYNC_H_
#define IREEC_DECLS_LOCAL_SYNC_H_

#include "ireec/decls/hal.h"
#include "ireec/decls/drivers.h"

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

// Creates a driver whose devices are created with |default_params|, the
// loaders and |device_allocator| (all retained).
iree_status_t iree_hal_sync_driver_create(
    iree_string_view_t identifier,
    const iree_hal_sync_device_params_t* default_params,
    iree_host_size_t loader_count, iree_hal_executable_loader_t** loaders,
    iree_hal_allocator_t* device_allocator, iree_allocator_t host_allocator,
    iree_hal_driver_t** out_driver);

#endif  // IREEC_DECLS_LOCAL_SYNC_H_
