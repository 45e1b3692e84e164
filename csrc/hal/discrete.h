// Private to csrc/hal: discrete-GPU-like memory on a CPU device.
//
// A device created with `?memory=discrete` behaves, as far as memory goes,
// like a discrete GPU: its allocator hands out DEVICE_LOCAL memory the host
// cannot map unless the request demands host visibility, and its heaps say
// so. The memory is host memory underneath (the CPU executes the program), so
// the device itself reaches it: a wrapper device (discrete_device.c) swaps
// each discrete buffer for its host-visible storage before a command reaches
// the local-task device, while every mapping the host asks for is refused
// with IREE's own PERMISSION_DENIED, as a GPU buffer's would be.
#ifndef IREEC_HAL_DISCRETE_H_
#define IREEC_HAL_DISCRETE_H_

#include "hal_object_layouts.h"

// Creates an allocator whose DEVICE_LOCAL-only requests get discrete buffers
// (memory type as requested, never HOST_VISIBLE) backed by |storage_allocator|
// allocations, and whose other requests (any asking for HOST_VISIBLE, and
// imports) go to |storage_allocator| unchanged. Retains |storage_allocator|.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_discrete_allocator_create(
    iree_hal_allocator_t* storage_allocator, iree_allocator_t host_allocator,
    iree_hal_allocator_t** out_allocator);

// Where the device finds the bytes of |buffer| (any buffer; subspans of
// discrete buffers included): |*inout_buffer| and |*inout_offset| are replaced
// by the host-visible storage and the offset within it, and |*inout_length|,
// when IREE_HAL_WHOLE_BUFFER, by the length it stands for. Other buffers are
// left as they are. NULL buffers (binding table slots) are left as they are.
IREEC_HAL_INTERNAL void ireec_hal_discrete_resolve(
    iree_hal_buffer_t** inout_buffer, iree_device_size_t* inout_offset,
    iree_device_size_t* inout_length);

// The same for a buffer reference.
IREEC_HAL_INTERNAL iree_hal_buffer_ref_t
ireec_hal_discrete_resolve_ref(iree_hal_buffer_ref_t ref);

// Wraps |inner_device| (whose allocator is a discrete allocator) in a device
// that resolves discrete buffers in every command before passing it on.
// Takes |inner_device|'s reference (released when failing: _move).
IREEC_HAL_INTERNAL iree_status_t ireec_hal_discrete_device_wrap_move(
    iree_hal_device_t* inner_device, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device);

// Whether |allocator| is a discrete allocator.
IREEC_HAL_INTERNAL bool ireec_hal_discrete_allocator_isa(
    iree_hal_allocator_t* allocator);

// Names |owner| (not retained; |owner_name| in messages) as the device whose
// memory the buffers of the discrete |allocator| are; clear_owner forgets it
// (when |owner| is still the one named), which the device does as it is
// destroyed. No-ops for other allocators.
IREEC_HAL_INTERNAL void ireec_hal_discrete_allocator_set_owner(
    iree_hal_allocator_t* allocator, iree_hal_device_t* owner,
    iree_string_view_t owner_name);
// The name given with the owner, also once it is gone ("" if none).
IREEC_HAL_INTERNAL const char* ireec_hal_discrete_allocator_owner_name(
    iree_hal_allocator_t* allocator);
IREEC_HAL_INTERNAL void ireec_hal_discrete_allocator_clear_owner(
    iree_hal_allocator_t* allocator, iree_hal_device_t* owner);

// Whether |buffer| (or the buffer it is a subspan of) is a discrete buffer;
// if so |*out_allocator| (may be NULL) is its allocator (borrowed) and
// |*out_owner| (may be NULL) a new reference to the device whose memory it
// is, or NULL when that device is gone.
IREEC_HAL_INTERNAL bool ireec_hal_discrete_buffer_owner(
    iree_hal_buffer_t* buffer, iree_hal_allocator_t** out_allocator,
    iree_hal_device_t** out_owner);

// Replaces the allocator of a (local-task) device: the device vtable's own
// replace_device_allocator, which this runtime does not export.
IREEC_HAL_INTERNAL void ireec_hal_device_replace_allocator(
    iree_hal_device_t* device, iree_hal_allocator_t* new_allocator);

#endif  // IREEC_HAL_DISCRETE_H_
