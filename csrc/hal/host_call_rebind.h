// Private to csrc/hal: host calls queued through a device that forwards its
// queue to another (the discrete device, local-task's foreign-wait device).
//
// IREE hands a host call the device it was queued on (context->device). The
// device that runs it is the inner one, so a forwarding device rebinds the
// call: the callee sees the device its caller queued on, as on IREE's own
// devices.
#ifndef IREEC_HAL_HOST_CALL_REBIND_H_
#define IREEC_HAL_HOST_CALL_REBIND_H_

#include "iree/hal/api.h"

// |*out_call| runs |call| with |device| as its context's device. It owns a
// small allocation from |host_allocator|, freed when the call runs; a caller
// whose queue operation fails (so the call never runs) discards it with
// ireec_hal_host_call_rebind_discard. |device| is not retained: like IREE's
// own context, the pointer is valid while the queue holds the call.
__attribute__((visibility("hidden"))) iree_status_t ireec_hal_host_call_rebind(
    iree_hal_device_t* device, iree_hal_host_call_t call,
    iree_allocator_t host_allocator, iree_hal_host_call_t* out_call);

__attribute__((visibility("hidden"))) void ireec_hal_host_call_rebind_discard(
    iree_hal_host_call_t rebound_call);

#endif  // IREEC_HAL_HOST_CALL_REBIND_H_
