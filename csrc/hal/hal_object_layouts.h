// Private to csrc/hal: the layouts needed to implement HAL objects of our own
// (a buffer, an allocator, a device and a command buffer; see
// discrete_allocator.c and discrete_device.c).
//
// ireec's public declarations keep HAL objects opaque. An object implemented
// here must start with IREE's header for its kind and point at a vtable the
// runtime dispatches through, in IREE's field order at the commit we bind.
// Every size and offset below is pinned with a static assertion taken from
// IREE's ABI facts, so a mismatch fails the build instead of corrupting
// memory; tests/test_hal_object_layouts.py checks these assertions against
// the facts file itself.
#ifndef IREEC_HAL_HAL_OBJECT_LAYOUTS_H_
#define IREEC_HAL_HAL_OBJECT_LAYOUTS_H_

#include <stddef.h>
#include <stdint.h>

#include "iree/hal/api.h"
#include "ireec/decls/hal_object_init.h"

// Cross-file helpers of csrc/hal stay out of libireec_runtime's exported
// symbols.
#define IREEC_HAL_INTERNAL __attribute__((visibility("hidden")))

//===----------------------------------------------------------------------===//
// iree_hal_resource_t (iree/hal/resource.h)
//===----------------------------------------------------------------------===//

// The header of every HAL object: an atomic reference count (an int as the
// runtime was compiled) and the vtable.
typedef struct iree_hal_resource_t {
  int ref_count;  // iree_atomic_ref_count_t
  const void* vtable;
} iree_hal_resource_t;

_Static_assert(sizeof(iree_hal_resource_t) == 16, "iree_hal_resource_t size");
_Static_assert(offsetof(iree_hal_resource_t, ref_count) == 0, "iree_hal_resource_t.ref_count");
_Static_assert(offsetof(iree_hal_resource_t, vtable) == 8, "iree_hal_resource_t.vtable");

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

//===----------------------------------------------------------------------===//
// iree_hal_allocator_vtable_t (iree/hal/allocator.h)
//===----------------------------------------------------------------------===//

// An allocator is just the resource header followed by its own state.
typedef struct iree_hal_allocator_vtable_t {
  void (*destroy)(iree_hal_allocator_t* restrict allocator);
  iree_allocator_t (*host_allocator)(const iree_hal_allocator_t* restrict allocator);
  iree_status_t (*trim)(iree_hal_allocator_t* restrict allocator);
  void (*query_statistics)(iree_hal_allocator_t* restrict allocator,
                           iree_hal_allocator_statistics_t* restrict out_statistics);
  iree_status_t (*query_memory_heaps)(iree_hal_allocator_t* restrict allocator,
                                      iree_host_size_t capacity,
                                      iree_hal_allocator_memory_heap_t* restrict heaps,
                                      iree_host_size_t* restrict out_count);
  iree_hal_buffer_compatibility_t (*query_buffer_compatibility)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_buffer_params_t* restrict params,
      iree_device_size_t* restrict allocation_size);
  iree_status_t (*allocate_buffer)(iree_hal_allocator_t* restrict allocator,
                                   const iree_hal_buffer_params_t* restrict params,
                                   iree_device_size_t allocation_size,
                                   iree_hal_buffer_t** restrict out_buffer);
  void (*deallocate_buffer)(iree_hal_allocator_t* restrict allocator,
                            iree_hal_buffer_t* restrict buffer);
  iree_status_t (*import_buffer)(iree_hal_allocator_t* restrict allocator,
                                 const iree_hal_buffer_params_t* restrict params,
                                 iree_hal_external_buffer_t* restrict external_buffer,
                                 iree_hal_buffer_release_callback_t release_callback,
                                 iree_hal_buffer_t** restrict out_buffer);
  iree_status_t (*export_buffer)(iree_hal_allocator_t* restrict allocator,
                                 iree_hal_buffer_t* restrict buffer,
                                 iree_hal_external_buffer_type_t requested_type,
                                 iree_hal_external_buffer_flags_t requested_flags,
                                 iree_hal_external_buffer_t* restrict out_external_buffer);
  // Virtual memory: left NULL here, which the runtime reads as unsupported.
  void* virtual_memory[10];
} iree_hal_allocator_vtable_t;

_Static_assert(sizeof(iree_hal_allocator_vtable_t) == 160, "iree_hal_allocator_vtable_t size");
_Static_assert(offsetof(iree_hal_allocator_vtable_t, destroy) == 0, "iree_hal_allocator_vtable_t.destroy");
_Static_assert(offsetof(iree_hal_allocator_vtable_t, host_allocator) == 8, "iree_hal_allocator_vtable_t.host_allocator");
_Static_assert(offsetof(iree_hal_allocator_vtable_t, trim) == 16, "iree_hal_allocator_vtable_t.trim");
_Static_assert(offsetof(iree_hal_allocator_vtable_t, query_statistics) == 24, "iree_hal_allocator_vtable_t.query_statistics");
_Static_assert(offsetof(iree_hal_allocator_vtable_t, query_memory_heaps) == 32, "iree_hal_allocator_vtable_t.query_memory_heaps");
_Static_assert(offsetof(iree_hal_allocator_vtable_t, query_buffer_compatibility) == 40, "iree_hal_allocator_vtable_t.query_buffer_compatibility");
_Static_assert(offsetof(iree_hal_allocator_vtable_t, allocate_buffer) == 48, "iree_hal_allocator_vtable_t.allocate_buffer");
_Static_assert(offsetof(iree_hal_allocator_vtable_t, deallocate_buffer) == 56, "iree_hal_allocator_vtable_t.deallocate_buffer");
_Static_assert(offsetof(iree_hal_allocator_vtable_t, import_buffer) == 64, "iree_hal_allocator_vtable_t.import_buffer");
_Static_assert(offsetof(iree_hal_allocator_vtable_t, export_buffer) == 72, "iree_hal_allocator_vtable_t.export_buffer");
// supports_virtual_memory (80) up to virtual_memory_advise (152).
_Static_assert(offsetof(iree_hal_allocator_vtable_t, virtual_memory) == 80, "iree_hal_allocator_vtable_t.supports_virtual_memory");

//===----------------------------------------------------------------------===//
// struct iree_hal_command_buffer_t and its vtable (iree/hal/command_buffer.h)
//===----------------------------------------------------------------------===//

// Filled by iree_hal_command_buffer_initialize.
struct iree_hal_command_buffer_t {
  iree_hal_resource_t resource;
  iree_hal_command_buffer_mode_t mode;
  iree_hal_command_category_t allowed_categories;
  iree_hal_queue_affinity_t queue_affinity;
  uint32_t binding_capacity;
  uint32_t binding_count;
  void* validation_state;
};

_Static_assert(sizeof(struct iree_hal_command_buffer_t) == 48, "iree_hal_command_buffer_t size");
_Static_assert(offsetof(struct iree_hal_command_buffer_t, resource) == 0, "iree_hal_command_buffer_t.resource");
_Static_assert(offsetof(struct iree_hal_command_buffer_t, mode) == 16, "iree_hal_command_buffer_t.mode");
_Static_assert(offsetof(struct iree_hal_command_buffer_t, allowed_categories) == 20, "iree_hal_command_buffer_t.allowed_categories");
_Static_assert(offsetof(struct iree_hal_command_buffer_t, queue_affinity) == 24, "iree_hal_command_buffer_t.queue_affinity");
_Static_assert(offsetof(struct iree_hal_command_buffer_t, binding_capacity) == 32, "iree_hal_command_buffer_t.binding_capacity");
_Static_assert(offsetof(struct iree_hal_command_buffer_t, binding_count) == 36, "iree_hal_command_buffer_t.binding_count");
_Static_assert(offsetof(struct iree_hal_command_buffer_t, validation_state) == 40, "iree_hal_command_buffer_t.validation_state");

typedef struct iree_hal_command_buffer_vtable_t {
  void (*destroy)(iree_hal_command_buffer_t* command_buffer);
  iree_status_t (*begin)(iree_hal_command_buffer_t* command_buffer);
  iree_status_t (*end)(iree_hal_command_buffer_t* command_buffer);
  iree_status_t (*begin_debug_group)(iree_hal_command_buffer_t* command_buffer,
                                     iree_string_view_t label,
                                     iree_hal_label_color_t label_color,
                                     const iree_hal_label_location_t* location);
  iree_status_t (*end_debug_group)(iree_hal_command_buffer_t* command_buffer);
  iree_status_t (*execution_barrier)(
      iree_hal_command_buffer_t* command_buffer,
      iree_hal_execution_stage_t source_stage_mask,
      iree_hal_execution_stage_t target_stage_mask,
      iree_hal_execution_barrier_flags_t flags,
      iree_host_size_t memory_barrier_count,
      const iree_hal_memory_barrier_t* memory_barriers,
      iree_host_size_t buffer_barrier_count,
      const iree_hal_buffer_barrier_t* buffer_barriers);
  iree_status_t (*signal_event)(iree_hal_command_buffer_t* command_buffer,
                                iree_hal_event_t* event,
                                iree_hal_execution_stage_t source_stage_mask);
  iree_status_t (*reset_event)(iree_hal_command_buffer_t* command_buffer,
                               iree_hal_event_t* event,
                               iree_hal_execution_stage_t source_stage_mask);
  iree_status_t (*wait_events)(iree_hal_command_buffer_t* command_buffer,
                               iree_host_size_t event_count,
                               const iree_hal_event_t** events,
                               iree_hal_execution_stage_t source_stage_mask,
                               iree_hal_execution_stage_t target_stage_mask,
                               iree_host_size_t memory_barrier_count,
                               const iree_hal_memory_barrier_t* memory_barriers,
                               iree_host_size_t buffer_barrier_count,
                               const iree_hal_buffer_barrier_t* buffer_barriers);
  iree_status_t (*advise_buffer)(iree_hal_command_buffer_t* command_buffer,
                                 iree_hal_buffer_ref_t buffer_ref,
                                 iree_hal_memory_advise_flags_t flags,
                                 uint64_t arg0, uint64_t arg1);
  iree_status_t (*fill_buffer)(iree_hal_command_buffer_t* command_buffer,
                               iree_hal_buffer_ref_t target_ref,
                               const void* pattern,
                               iree_host_size_t pattern_length,
                               iree_hal_fill_flags_t flags);
  iree_status_t (*update_buffer)(iree_hal_command_buffer_t* command_buffer,
                                 const void* source_buffer,
                                 iree_host_size_t source_offset,
                                 iree_hal_buffer_ref_t target_ref,
                                 iree_hal_update_flags_t flags);
  iree_status_t (*copy_buffer)(iree_hal_command_buffer_t* command_buffer,
                               iree_hal_buffer_ref_t source_ref,
                               iree_hal_buffer_ref_t target_ref,
                               iree_hal_copy_flags_t flags);
  iree_status_t (*collective)(iree_hal_command_buffer_t* command_buffer,
                              iree_hal_channel_t* channel,
                              // iree_hal_collective_op_t: a 4-byte union of
                              // a uint32_t and byte fields, passed as a
                              // uint32_t is (unused here: no collectives).
                              uint32_t op, uint32_t param,
                              iree_hal_buffer_ref_t send_ref,
                              iree_hal_buffer_ref_t recv_ref,
                              iree_device_size_t element_count);
  iree_status_t (*dispatch)(iree_hal_command_buffer_t* command_buffer,
                            iree_hal_executable_t* executable,
                            iree_hal_executable_export_ordinal_t export_ordinal,
                            const iree_hal_dispatch_config_t config,
                            iree_const_byte_span_t constants,
                            iree_hal_buffer_ref_list_t bindings,
                            iree_hal_dispatch_flags_t flags);
} iree_hal_command_buffer_vtable_t;

_Static_assert(sizeof(iree_hal_command_buffer_vtable_t) == 120, "iree_hal_command_buffer_vtable_t size");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, destroy) == 0, "iree_hal_command_buffer_vtable_t.destroy");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, begin) == 8, "iree_hal_command_buffer_vtable_t.begin");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, end) == 16, "iree_hal_command_buffer_vtable_t.end");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, begin_debug_group) == 24, "iree_hal_command_buffer_vtable_t.begin_debug_group");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, end_debug_group) == 32, "iree_hal_command_buffer_vtable_t.end_debug_group");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, execution_barrier) == 40, "iree_hal_command_buffer_vtable_t.execution_barrier");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, signal_event) == 48, "iree_hal_command_buffer_vtable_t.signal_event");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, reset_event) == 56, "iree_hal_command_buffer_vtable_t.reset_event");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, wait_events) == 64, "iree_hal_command_buffer_vtable_t.wait_events");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, advise_buffer) == 72, "iree_hal_command_buffer_vtable_t.advise_buffer");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, fill_buffer) == 80, "iree_hal_command_buffer_vtable_t.fill_buffer");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, update_buffer) == 88, "iree_hal_command_buffer_vtable_t.update_buffer");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, copy_buffer) == 96, "iree_hal_command_buffer_vtable_t.copy_buffer");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, collective) == 104, "iree_hal_command_buffer_vtable_t.collective");
_Static_assert(offsetof(iree_hal_command_buffer_vtable_t, dispatch) == 112, "iree_hal_command_buffer_vtable_t.dispatch");

//===----------------------------------------------------------------------===//
// iree_hal_device_vtable_t (iree/hal/device.h)
//===----------------------------------------------------------------------===//

// A device is the resource header followed by its own state.
typedef struct iree_hal_device_vtable_t {
  void (*destroy)(iree_hal_device_t* device);
  iree_string_view_t (*id)(iree_hal_device_t* device);
  iree_allocator_t (*host_allocator)(iree_hal_device_t* device);
  iree_hal_allocator_t* (*device_allocator)(iree_hal_device_t* device);
  void (*replace_device_allocator)(iree_hal_device_t* device,
                                   iree_hal_allocator_t* new_allocator);
  void (*replace_channel_provider)(iree_hal_device_t* device,
                                   iree_hal_channel_provider_t* new_provider);
  iree_status_t (*trim)(iree_hal_device_t* device);
  iree_status_t (*query_i64)(iree_hal_device_t* device,
                             iree_string_view_t category,
                             iree_string_view_t key, int64_t* out_value);
  iree_status_t (*create_channel)(iree_hal_device_t* device,
                                  iree_hal_queue_affinity_t queue_affinity,
                                  iree_hal_channel_params_t params,
                                  iree_hal_channel_t** out_channel);
  iree_status_t (*create_command_buffer)(
      iree_hal_device_t* device, iree_hal_command_buffer_mode_t mode,
      iree_hal_command_category_t command_categories,
      iree_hal_queue_affinity_t queue_affinity,
      iree_host_size_t binding_capacity,
      iree_hal_command_buffer_t** out_command_buffer);
  iree_status_t (*create_event)(iree_hal_device_t* device,
                                iree_hal_queue_affinity_t queue_affinity,
                                iree_hal_event_flags_t flags,
                                iree_hal_event_t** out_event);
  iree_status_t (*create_executable_cache)(
      iree_hal_device_t* device, iree_string_view_t identifier,
      iree_loop_t loop, iree_hal_executable_cache_t** out_executable_cache);
  iree_status_t (*import_file)(iree_hal_device_t* device,
                               iree_hal_queue_affinity_t queue_affinity,
                               iree_hal_memory_access_t access,
                               iree_io_file_handle_t* handle,
                               iree_hal_external_file_flags_t flags,
                               iree_hal_file_t** out_file);
  iree_status_t (*create_semaphore)(iree_hal_device_t* device,
                                    iree_hal_queue_affinity_t queue_affinity,
                                    uint64_t initial_value,
                                    iree_hal_semaphore_flags_t flags,
                                    iree_hal_semaphore_t** out_semaphore);
  iree_hal_semaphore_compatibility_t (*query_semaphore_compatibility)(
      iree_hal_device_t* device, iree_hal_semaphore_t* semaphore);
  iree_status_t (*queue_alloca)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_allocator_pool_t pool, iree_hal_buffer_params_t params,
      iree_device_size_t allocation_size, iree_hal_alloca_flags_t flags,
      iree_hal_buffer_t** restrict out_buffer);
  iree_status_t (*queue_dealloca)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_buffer_t* buffer, iree_hal_dealloca_flags_t flags);
  iree_status_t (*queue_fill)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
      iree_device_size_t length, const void* pattern,
      iree_host_size_t pattern_length, iree_hal_fill_flags_t flags);
  iree_status_t (*queue_update)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      const void* source_buffer, iree_host_size_t source_offset,
      iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
      iree_device_size_t length, iree_hal_update_flags_t flags);
  iree_status_t (*queue_copy)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
      iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
      iree_device_size_t length, iree_hal_copy_flags_t flags);
  iree_status_t (*queue_read)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_file_t* source_file, uint64_t source_offset,
      iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
      iree_device_size_t length, iree_hal_read_flags_t flags);
  iree_status_t (*queue_write)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
      iree_hal_file_t* target_file, uint64_t target_offset,
      iree_device_size_t length, iree_hal_write_flags_t flags);
  iree_status_t (*queue_host_call)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_host_call_t call, const uint64_t args[4],
      iree_hal_host_call_flags_t flags);
  iree_status_t (*queue_dispatch)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_executable_t* executable,
      iree_hal_executable_export_ordinal_t export_ordinal,
      const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
      const iree_hal_buffer_ref_list_t bindings,
      iree_hal_dispatch_flags_t flags);
  iree_status_t (*queue_execute)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_command_buffer_t* command_buffer,
      iree_hal_buffer_binding_table_t binding_table,
      iree_hal_execute_flags_t flags);
  iree_status_t (*queue_flush)(iree_hal_device_t* device,
                               iree_hal_queue_affinity_t queue_affinity);
  iree_status_t (*wait_semaphores)(iree_hal_device_t* device,
                                   iree_hal_wait_mode_t wait_mode,
                                   const iree_hal_semaphore_list_t semaphore_list,
                                   iree_timeout_t timeout,
                                   iree_hal_wait_flags_t flags);
  iree_status_t (*profiling_begin)(
      iree_hal_device_t* device,
      const iree_hal_device_profiling_options_t* options);
  iree_status_t (*profiling_flush)(iree_hal_device_t* device);
  iree_status_t (*profiling_end)(iree_hal_device_t* device);
} iree_hal_device_vtable_t;

_Static_assert(sizeof(iree_hal_device_vtable_t) == 240, "iree_hal_device_vtable_t size");
_Static_assert(offsetof(iree_hal_device_vtable_t, destroy) == 0, "iree_hal_device_vtable_t.destroy");
_Static_assert(offsetof(iree_hal_device_vtable_t, id) == 8, "iree_hal_device_vtable_t.id");
_Static_assert(offsetof(iree_hal_device_vtable_t, host_allocator) == 16, "iree_hal_device_vtable_t.host_allocator");
_Static_assert(offsetof(iree_hal_device_vtable_t, device_allocator) == 24, "iree_hal_device_vtable_t.device_allocator");
_Static_assert(offsetof(iree_hal_device_vtable_t, replace_device_allocator) == 32, "iree_hal_device_vtable_t.replace_device_allocator");
_Static_assert(offsetof(iree_hal_device_vtable_t, replace_channel_provider) == 40, "iree_hal_device_vtable_t.replace_channel_provider");
_Static_assert(offsetof(iree_hal_device_vtable_t, trim) == 48, "iree_hal_device_vtable_t.trim");
_Static_assert(offsetof(iree_hal_device_vtable_t, query_i64) == 56, "iree_hal_device_vtable_t.query_i64");
_Static_assert(offsetof(iree_hal_device_vtable_t, create_channel) == 64, "iree_hal_device_vtable_t.create_channel");
_Static_assert(offsetof(iree_hal_device_vtable_t, create_command_buffer) == 72, "iree_hal_device_vtable_t.create_command_buffer");
_Static_assert(offsetof(iree_hal_device_vtable_t, create_event) == 80, "iree_hal_device_vtable_t.create_event");
_Static_assert(offsetof(iree_hal_device_vtable_t, create_executable_cache) == 88, "iree_hal_device_vtable_t.create_executable_cache");
_Static_assert(offsetof(iree_hal_device_vtable_t, import_file) == 96, "iree_hal_device_vtable_t.import_file");
_Static_assert(offsetof(iree_hal_device_vtable_t, create_semaphore) == 104, "iree_hal_device_vtable_t.create_semaphore");
_Static_assert(offsetof(iree_hal_device_vtable_t, query_semaphore_compatibility) == 112, "iree_hal_device_vtable_t.query_semaphore_compatibility");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_alloca) == 120, "iree_hal_device_vtable_t.queue_alloca");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_dealloca) == 128, "iree_hal_device_vtable_t.queue_dealloca");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_fill) == 136, "iree_hal_device_vtable_t.queue_fill");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_update) == 144, "iree_hal_device_vtable_t.queue_update");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_copy) == 152, "iree_hal_device_vtable_t.queue_copy");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_read) == 160, "iree_hal_device_vtable_t.queue_read");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_write) == 168, "iree_hal_device_vtable_t.queue_write");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_host_call) == 176, "iree_hal_device_vtable_t.queue_host_call");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_dispatch) == 184, "iree_hal_device_vtable_t.queue_dispatch");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_execute) == 192, "iree_hal_device_vtable_t.queue_execute");
_Static_assert(offsetof(iree_hal_device_vtable_t, queue_flush) == 200, "iree_hal_device_vtable_t.queue_flush");
_Static_assert(offsetof(iree_hal_device_vtable_t, wait_semaphores) == 208, "iree_hal_device_vtable_t.wait_semaphores");
_Static_assert(offsetof(iree_hal_device_vtable_t, profiling_begin) == 216, "iree_hal_device_vtable_t.profiling_begin");
_Static_assert(offsetof(iree_hal_device_vtable_t, profiling_flush) == 224, "iree_hal_device_vtable_t.profiling_flush");
_Static_assert(offsetof(iree_hal_device_vtable_t, profiling_end) == 232, "iree_hal_device_vtable_t.profiling_end");

// The vtable of any HAL object (its resource header's second field).
static inline const void* ireec_hal_object_vtable(const void* object) {
  return ((const iree_hal_resource_t*)object)->vtable;
}

#endif  // IREEC_HAL_HAL_OBJECT_LAYOUTS_H_
