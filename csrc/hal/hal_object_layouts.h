// Private to csrc/hal: the buffer layout needed to implement buffers of our
// own (discrete_allocator.c). The resource header, the allocator, device and
// command buffer vtables come from IREE's public headers (iree/hal/resource.h,
// allocator.h, device.h, command_buffer.h; their declarations are checked by
// tests/c_api/test_abi_facts.py); IREE's buffer header and vtable are not public
// API, so they are laid out here.
//
// An object implemented here must start with IREE's header for its kind and
// point at a vtable the runtime dispatches through, in IREE's field order at
// the commit we bind. Every size and offset below is pinned with a static
// assertion taken from IREE's ABI facts, so a mismatch fails the build
// instead of corrupting memory; tests/hal/test_object_layouts.py checks these
// assertions against the facts file itself.
#ifndef IREEC_HAL_HAL_OBJECT_LAYOUTS_H_
#define IREEC_HAL_HAL_OBJECT_LAYOUTS_H_

#include <stddef.h>
#include <stdint.h>

#include "iree/hal/api.h"

// Cross-file helpers of csrc/hal stay out of libireec_runtime's exported
// symbols.
#define IREEC_HAL_INTERNAL __attribute__((visibility("hidden")))

//===----------------------------------------------------------------------===//
// struct iree_hal_buffer_t and iree_hal_buffer_vtable_t (iree/hal/buffer.h)
//===----------------------------------------------------------------------===//

// Filled by iree_hal_buffer_initialize; read here only for the vtable.
struct iree_hal_buffer_t {
  iree_hal_resource_t resource;
  iree_hal_buffer_t* allocated_buffer;
  iree_device_size_t allocation_size;
  iree_device_size_t byte_offset;
  iree_device_size_t byte_length;
  iree_hal_buffer_placement_t placement;
  iree_hal_allocator_t* pooling_allocator;
  uint32_t preserve_count;  // iree_atomic_uint32_t
  iree_hal_memory_type_t memory_type;
  iree_hal_buffer_usage_t allowed_usage;
  iree_hal_memory_access_t allowed_access;
  uint16_t reserved;
  uint32_t flags;
};

_Static_assert(sizeof(struct iree_hal_buffer_t) == 104, "iree_hal_buffer_t size");
_Static_assert(offsetof(struct iree_hal_buffer_t, resource) == 0, "iree_hal_buffer_t.resource");
_Static_assert(offsetof(struct iree_hal_buffer_t, allocated_buffer) == 16, "iree_hal_buffer_t.allocated_buffer");
_Static_assert(offsetof(struct iree_hal_buffer_t, allocation_size) == 24, "iree_hal_buffer_t.allocation_size");
_Static_assert(offsetof(struct iree_hal_buffer_t, byte_offset) == 32, "iree_hal_buffer_t.byte_offset");
_Static_assert(offsetof(struct iree_hal_buffer_t, byte_length) == 40, "iree_hal_buffer_t.byte_length");
_Static_assert(offsetof(struct iree_hal_buffer_t, placement) == 48, "iree_hal_buffer_t.placement");
_Static_assert(offsetof(struct iree_hal_buffer_t, pooling_allocator) == 72, "iree_hal_buffer_t.pooling_allocator");
_Static_assert(offsetof(struct iree_hal_buffer_t, preserve_count) == 80, "iree_hal_buffer_t.preserve_count");
_Static_assert(offsetof(struct iree_hal_buffer_t, memory_type) == 84, "iree_hal_buffer_t.memory_type");
_Static_assert(offsetof(struct iree_hal_buffer_t, allowed_usage) == 88, "iree_hal_buffer_t.allowed_usage");
_Static_assert(offsetof(struct iree_hal_buffer_t, allowed_access) == 92, "iree_hal_buffer_t.allowed_access");
_Static_assert(offsetof(struct iree_hal_buffer_t, reserved) == 94, "iree_hal_buffer_t.reserved");
_Static_assert(offsetof(struct iree_hal_buffer_t, flags) == 96, "iree_hal_buffer_t.flags");

typedef struct iree_hal_buffer_vtable_t {
  void (*recycle)(iree_hal_buffer_t* buffer);
  void (*destroy)(iree_hal_buffer_t* buffer);
  iree_status_t (*map_range)(iree_hal_buffer_t* buffer,
                             iree_hal_mapping_mode_t mapping_mode,
                             iree_hal_memory_access_t memory_access,
                             iree_device_size_t local_byte_offset,
                             iree_device_size_t local_byte_length,
                             iree_hal_buffer_mapping_t* mapping);
  iree_status_t (*unmap_range)(iree_hal_buffer_t* buffer,
                               iree_device_size_t local_byte_offset,
                               iree_device_size_t local_byte_length,
                               iree_hal_buffer_mapping_t* mapping);
  iree_status_t (*invalidate_range)(iree_hal_buffer_t* buffer,
                                    iree_device_size_t local_byte_offset,
                                    iree_device_size_t local_byte_length);
  iree_status_t (*flush_range)(iree_hal_buffer_t* buffer,
                               iree_device_size_t local_byte_offset,
                               iree_device_size_t local_byte_length);
} iree_hal_buffer_vtable_t;

_Static_assert(sizeof(iree_hal_buffer_vtable_t) == 48, "iree_hal_buffer_vtable_t size");
_Static_assert(offsetof(iree_hal_buffer_vtable_t, recycle) == 0, "iree_hal_buffer_vtable_t.recycle");
_Static_assert(offsetof(iree_hal_buffer_vtable_t, destroy) == 8, "iree_hal_buffer_vtable_t.destroy");
_Static_assert(offsetof(iree_hal_buffer_vtable_t, map_range) == 16, "iree_hal_buffer_vtable_t.map_range");
_Static_assert(offsetof(iree_hal_buffer_vtable_t, unmap_range) == 24, "iree_hal_buffer_vtable_t.unmap_range");
_Static_assert(offsetof(iree_hal_buffer_vtable_t, invalidate_range) == 32, "iree_hal_buffer_vtable_t.invalidate_range");
_Static_assert(offsetof(iree_hal_buffer_vtable_t, flush_range) == 40, "iree_hal_buffer_vtable_t.flush_range");

// The vtable of any HAL object (its resource header's second field).
static inline const void* ireec_hal_object_vtable(const void* object) {
  return ((const iree_hal_resource_t*)object)->vtable;
}

#endif  // IREEC_HAL_HAL_OBJECT_LAYOUTS_H_
