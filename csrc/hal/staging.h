// Private to csrc/hal: buffers of one device in another device's queue when
// the two cannot reach each other's memory.
//
// Every device ireec creates is wrapped last by a staging device
// (staging_device.c). A queue operation or command buffer naming a buffer
// the device cannot reach (a `memory=discrete` buffer of another device, a
// GPU's device memory) gets a host staging buffer in its place: the buffer's
// own device copies it into the staging buffer first, and back after the
// work when the work may write it, each copy a queue operation of that
// device, the whole chain ordered by the submission's semaphores and one
// semaphore of its own (no host waits). Buffers the device reaches (host
// memory on CPU devices, its own memory) are handed on as they are.
#ifndef IREEC_HAL_STAGING_H_
#define IREEC_HAL_STAGING_H_

#include "hal_object_layouts.h"

typedef enum ireec_hal_staging_reach_e {
  // CPU devices: any host-visible memory, and their own.
  IREEC_HAL_STAGING_REACH_HOST_MEMORY = 0,
  // Accelerators: only their own memory (their allocator's buffers).
  IREEC_HAL_STAGING_REACH_OWN_MEMORY = 1,
} ireec_hal_staging_reach_t;

// Wraps |inner| (taking its reference, released when failing: _move) in a
// staging device named |name| in messages (copied; e.g. the URI it was
// created from). If its allocator is a discrete allocator, the new device is
// named as the owner of its buffers.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_staging_device_wrap_move(
    iree_hal_device_t* inner, iree_string_view_t name,
    ireec_hal_staging_reach_t reach, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device);

// What a staging device keeps (after its forwarding device header).
typedef struct ireec_hal_staging_state_t {
  ireec_hal_staging_reach_t reach;
  char name[128];  // NUL-terminated, for messages
} ireec_hal_staging_state_t;

// The state of |device| if it is a staging device, else NULL.
IREEC_HAL_INTERNAL ireec_hal_staging_state_t* ireec_hal_staging_state(
    iree_hal_device_t* device);

// A device's name in messages: its staging name, else its id.
IREEC_HAL_INTERNAL iree_string_view_t ireec_hal_staging_device_name(
    iree_hal_device_t* device);

#endif  // IREEC_HAL_STAGING_H_
