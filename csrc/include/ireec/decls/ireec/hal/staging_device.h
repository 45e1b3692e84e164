// ireec's own declarations (not IREE's): what callers may ask of ireec's
// devices, which take buffers of devices whose memory they cannot reach
// (csrc/hal/staging_device.c).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_HAL_STAGING_DEVICE_H_
#define IREEC_DECLS_IREEC_HAL_STAGING_DEVICE_H_

#include <stdbool.h>

#include "ireec/decls/iree/hal/allocator.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/device.h"

// Whether |device| is one of ireec's devices (local-task, local-sync, their
// `memory=discrete` variants, HIP): its queue operations and command buffers
// take buffers of any other device, staging those whose memory it cannot
// reach through host memory.
bool ireec_hal_device_stages_foreign_buffers(iree_hal_device_t* device);

// Whether |device| uses |buffer| where it is, without staging: its own
// memory, or (CPU devices) any host-visible memory. Devices not ireec's
// take every buffer as it is.
bool ireec_hal_device_reaches_buffer(iree_hal_device_t* device,
                                     iree_hal_buffer_t* buffer);

// The parameters a copy of |size| bytes of host data onto |device| is
// allocated with from |allocator| (a call's array arguments): DEVICE_LOCAL
// memory for dispatches and transfers (IREE_HAL_BUFFER_USAGE_DEFAULT). On an
// accelerator whose allocator offers device-local memory the host can map at
// full speed (lavapipe, integrated GPUs, resizable BAR; IREE's rule for
// generated buffers), small copies go there, mappable: the copy is then a
// memcpy instead of a queue transfer the caller waits for.
iree_hal_buffer_params_t ireec_hal_device_upload_params(
    iree_hal_device_t* device, iree_hal_allocator_t* allocator,
    iree_device_size_t size);

#endif  // IREEC_DECLS_IREEC_HAL_STAGING_DEVICE_H_
