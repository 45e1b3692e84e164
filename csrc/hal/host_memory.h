// Private to csrc/hal: accelerators whose device-local memory is host memory.
//
// On a device whose every device-local memory heap the host can map (Mesa's
// lavapipe, integrated GPUs: unified memory), asking for DEVICE_LOCAL memory
// that the host cannot map only hides what the memory is. ireec's devices
// there allocate DEVICE_LOCAL memory host-visible too, as its CPU devices do
// (their device memory is host memory as well): the host reads what the
// device computed without a queue transfer, and IREE's template sample prints
// its buffers. `?memory=discrete` keeps IREE's own behaviour (the memory
// types asked for, as on a discrete GPU); discrete GPUs are never changed.
#ifndef IREEC_HAL_HOST_MEMORY_H_
#define IREEC_HAL_HOST_MEMORY_H_

#include "hal_object_layouts.h"

// Whether every device-local heap |allocator| reports is host-visible and
// mappable (and it reports one at least).
IREEC_HAL_INTERNAL bool ireec_hal_allocator_memory_is_host_memory(
    iree_hal_allocator_t* allocator);

// An allocator forwarding to |inner| (retained) whose DEVICE_LOCAL requests
// not asking for HOST_VISIBLE get HOST_VISIBLE memory with mapping usage.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_host_memory_allocator_create(
    iree_hal_allocator_t* inner, iree_allocator_t host_allocator,
    iree_hal_allocator_t** out_allocator);

#endif  // IREEC_HAL_HOST_MEMORY_H_
