// Filling in IREE's object headers: the initializers a HAL object implemented
// outside the runtime calls on itself (csrc/hal/discrete_*.c), and the
// buffer destroy its vtable forwards to.
#ifndef IREEC_DECLS_HAL_OBJECT_INIT_H_
#define IREEC_DECLS_HAL_OBJECT_INIT_H_

#include "ireec/decls/hal.h"

// Filling in the IREE header of a buffer or command buffer implemented here;
// their vtables are laid out in csrc/hal/hal_object_layouts.h.
typedef struct iree_hal_buffer_vtable_t iree_hal_buffer_vtable_t;
typedef struct iree_hal_command_buffer_vtable_t iree_hal_command_buffer_vtable_t;
void iree_hal_buffer_initialize(
    iree_hal_buffer_placement_t placement, iree_hal_buffer_t* allocated_buffer,
    iree_device_size_t allocation_size, iree_device_size_t byte_offset,
    iree_device_size_t byte_length, iree_hal_memory_type_t memory_type,
    iree_hal_memory_access_t allowed_access,
    iree_hal_buffer_usage_t allowed_usage,
    const iree_hal_buffer_vtable_t* vtable, iree_hal_buffer_t* buffer);
void iree_hal_command_buffer_initialize(
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    void* validation_state, const iree_hal_command_buffer_vtable_t* vtable,
    iree_hal_command_buffer_t* command_buffer);
void iree_hal_buffer_destroy(iree_hal_buffer_t* buffer);

#endif  // IREEC_DECLS_HAL_OBJECT_INIT_H_
