// ireec's own declarations (not IREE's): sessions over several devices
// (csrc/runtime/session.c).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_RUNTIME_SESSION_H_
#define IREEC_DECLS_IREEC_RUNTIME_SESSION_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/modules/hal/debugging.h"
#include "ireec/decls/iree/runtime/instance.h"
#include "ireec/decls/iree/runtime/session.h"

// iree_runtime_session_create_with_device for programs compiled for several
// devices: the session's HAL module is given all |device_count| |devices|, in
// that order (each retained by the session). iree_runtime_session_device
// returns devices[0].
iree_status_t ireec_runtime_session_create_with_devices(
    iree_runtime_instance_t* instance,
    const iree_runtime_session_options_t* options,
    iree_host_size_t device_count,
    iree_hal_device_t* const* devices,
    iree_allocator_t host_allocator,
    iree_runtime_session_t** out_session);

// ireec_runtime_session_create_with_devices whose HAL module traces
// (hal.buffer_view.trace) go to |debug_sink| rather than to stderr. The
// sink is taken on every path: the HAL module calls its release when it is
// destroyed, or this function does when the session is not made.
iree_status_t ireec_runtime_session_create_with_debug_sink(
    iree_runtime_instance_t* instance,
    const iree_runtime_session_options_t* options,
    iree_host_size_t device_count,
    iree_hal_device_t* const* devices,
    iree_hal_module_debug_sink_t debug_sink,
    iree_allocator_t host_allocator,
    iree_runtime_session_t** out_session);

#endif  // IREEC_DECLS_IREEC_RUNTIME_SESSION_H_
