// ireec's devices taking buffers of devices whose memory they cannot reach
// (csrc/hal/staging.h): what callers may ask of them. ireec's own
// declarations (IREE has no such functions); libireec_runtime implements them.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef.
#ifndef IREEC_DECLS_HAL_STAGING_H_
#define IREEC_DECLS_HAL_STAGING_H_

#include "ireec/decls/hal.h"

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

#endif  // IREEC_DECLS_HAL_STAGING_H_
