// The device of `?memory=discrete` (see discrete.h): a HAL device wrapping a
// local-task device whose allocator is a discrete allocator.
//
// The host must not reach discrete buffers, but the local-task device does:
// it maps every buffer it works on (a dispatch's bindings persistently, which
// IREE allows only for HOST_VISIBLE memory). So nothing that names a buffer
// reaches the inner device unresolved: queue operations and binding tables
// get each discrete buffer's host-visible storage, and command buffers are
// mapping command buffers (mapping_command_buffer.h) doing the same for each
// command as it is recorded.
// Everything else (semaphores, executables, events, files, queries) is the
// inner device's: the device is a forwarding device (forwarding_device.h)
// overriding only the entries that name buffers.

#include <string.h>

#include "discrete.h"
#include "forwarding_device.h"
#include "mapping_command_buffer.h"

//===----------------------------------------------------------------------===//
// Buffer lists resolved for the inner device
//===----------------------------------------------------------------------===//

// The mapper of the discrete device's command buffers: each reference
// resolved as it is recorded.
static iree_status_t ireec_hal_discrete_map_ref(void* state,
                                                iree_hal_buffer_ref_t* ref,
                                                ireec_hal_ref_use_t use) {
  *ref = ireec_hal_discrete_resolve_ref(*ref);
  return iree_ok_status();
}

// Resolves a binding list into |storage| or a heap array (|*out_heap|, freed
// by the caller).
static iree_status_t ireec_hal_discrete_resolve_ref_list(
    iree_allocator_t host_allocator, iree_hal_buffer_ref_list_t list,
    iree_hal_buffer_ref_t* storage, iree_host_size_t storage_capacity,
    iree_hal_buffer_ref_list_t* out_list, iree_hal_buffer_ref_t** out_heap) {
  *out_heap = NULL;
  *out_list = list;
  if (list.count == 0) return iree_ok_status();
  iree_hal_buffer_ref_t* resolved = storage;
  if (list.count > storage_capacity) {
    IREE_RETURN_IF_ERROR(iree_allocator_malloc(
        host_allocator, list.count * sizeof(*resolved), (void**)&resolved));
    *out_heap = resolved;
  }
  for (iree_host_size_t i = 0; i < list.count; ++i) {
    resolved[i] = ireec_hal_discrete_resolve_ref(list.values[i]);
  }
  out_list->values = resolved;
  return iree_ok_status();
}

//===----------------------------------------------------------------------===//
// The discrete device: a forwarding device resolving buffers
//===----------------------------------------------------------------------===//

IREEC_HAL_INTERNAL void ireec_hal_device_replace_allocator(
    iree_hal_device_t* device, iree_hal_allocator_t* new_allocator) {
  ireec_hal_device_vtable(device)->replace_device_allocator(device,
                                                            new_allocator);
}

static iree_status_t ireec_hal_discrete_device_create_command_buffer(
    iree_hal_device_t* base_device, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t** out_command_buffer) {
  ireec_hal_forwarding_device_t* device =
      ireec_hal_forwarding_device_cast(base_device);
  iree_hal_command_buffer_t* inner = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_command_buffer_create(
      device->inner, mode, command_categories, queue_affinity,
      binding_capacity, &inner));
  ireec_hal_ref_mapper_t mapper = {.map = ireec_hal_discrete_map_ref};
  return ireec_hal_mapping_command_buffer_wrap_move(
      iree_hal_device_allocator(device->inner), mode, command_categories,
      queue_affinity, binding_capacity, inner, mapper, device->host_allocator,
      out_command_buffer);
}

static iree_status_t ireec_hal_discrete_device_queue_fill(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, const void* pattern,
    iree_host_size_t pattern_length, iree_hal_fill_flags_t flags) {
  ireec_hal_discrete_resolve(&target_buffer, &target_offset, &length);
  return ireec_hal_forwarding_device_vtable.queue_fill(
      base_device, queue_affinity, wait_semaphore_list, signal_semaphore_list,
      target_buffer, target_offset, length, pattern, pattern_length, flags);
}

static iree_status_t ireec_hal_discrete_device_queue_update(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    const void* source_buffer, iree_host_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_update_flags_t flags) {
  ireec_hal_discrete_resolve(&target_buffer, &target_offset, &length);
  return ireec_hal_forwarding_device_vtable.queue_update(
      base_device, queue_affinity, wait_semaphore_list, signal_semaphore_list,
      source_buffer, source_offset, target_buffer, target_offset, length,
      flags);
}

static iree_status_t ireec_hal_discrete_device_queue_copy(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_copy_flags_t flags) {
  // A whole-buffer length is resolved against the source, as IREE's copy
  // takes it from there.
  ireec_hal_discrete_resolve(&source_buffer, &source_offset, &length);
  ireec_hal_discrete_resolve(&target_buffer, &target_offset, NULL);
  return ireec_hal_forwarding_device_vtable.queue_copy(
      base_device, queue_affinity, wait_semaphore_list, signal_semaphore_list,
      source_buffer, source_offset, target_buffer, target_offset, length,
      flags);
}

static iree_status_t ireec_hal_discrete_device_queue_read(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_read_flags_t flags) {
  ireec_hal_discrete_resolve(&target_buffer, &target_offset, &length);
  return ireec_hal_forwarding_device_vtable.queue_read(
      base_device, queue_affinity, wait_semaphore_list, signal_semaphore_list,
      source_file, source_offset, target_buffer, target_offset, length, flags);
}

static iree_status_t ireec_hal_discrete_device_queue_write(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length, iree_hal_write_flags_t flags) {
  ireec_hal_discrete_resolve(&source_buffer, &source_offset, &length);
  return ireec_hal_forwarding_device_vtable.queue_write(
      base_device, queue_affinity, wait_semaphore_list, signal_semaphore_list,
      source_buffer, source_offset, target_file, target_offset, length, flags);
}

static iree_status_t ireec_hal_discrete_device_queue_dispatch(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings,
    iree_hal_dispatch_flags_t flags) {
  iree_allocator_t host_allocator =
      ireec_hal_forwarding_device_cast(base_device)->host_allocator;
  iree_hal_dispatch_config_t resolved_config = config;
  resolved_config.workgroup_count_ref =
      ireec_hal_discrete_resolve_ref(config.workgroup_count_ref);
  iree_hal_buffer_ref_t storage[16];
  iree_hal_buffer_ref_list_t resolved;
  iree_hal_buffer_ref_t* heap = NULL;
  IREE_RETURN_IF_ERROR(ireec_hal_discrete_resolve_ref_list(
      host_allocator, bindings, storage, IREE_ARRAYSIZE(storage), &resolved,
      &heap));
  iree_status_t status = ireec_hal_forwarding_device_vtable.queue_dispatch(
      base_device, queue_affinity, wait_semaphore_list, signal_semaphore_list,
      executable, export_ordinal, resolved_config, constants, resolved, flags);
  iree_allocator_free(host_allocator, heap);
  return status;
}

static iree_status_t ireec_hal_discrete_device_queue_execute(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_execute_flags_t flags) {
  iree_allocator_t host_allocator =
      ireec_hal_forwarding_device_cast(base_device)->host_allocator;
  // The inner queue copies the table when it takes the submission, so the
  // resolved one only has to live through this call.
  iree_hal_buffer_binding_t storage[16];
  iree_hal_buffer_binding_t* resolved = storage;
  if (binding_table.count > IREE_ARRAYSIZE(storage)) {
    IREE_RETURN_IF_ERROR(iree_allocator_malloc(
        host_allocator, binding_table.count * sizeof(*resolved),
        (void**)&resolved));
  }
  for (iree_host_size_t i = 0; i < binding_table.count; ++i) {
    resolved[i] = binding_table.bindings[i];
    ireec_hal_discrete_resolve(&resolved[i].buffer, &resolved[i].offset,
                               &resolved[i].length);
  }
  iree_hal_buffer_binding_table_t resolved_table = {
      .count = binding_table.count,
      .bindings = binding_table.count ? resolved : NULL,
  };
  iree_status_t status = ireec_hal_forwarding_device_vtable.queue_execute(
      base_device, queue_affinity, wait_semaphore_list, signal_semaphore_list,
      ireec_hal_mapping_command_buffer_unwrap(
          command_buffer, ireec_hal_discrete_map_ref, NULL),
      resolved_table,
      flags);
  if (resolved != storage) iree_allocator_free(host_allocator, resolved);
  return status;
}

// What differs from the inner device: commands name buffers resolved.
// queue_alloca is the inner device's: it allocates from its allocator, the
// discrete one, so results are discrete buffers, as they should be; so is
// queue_dealloca, which only names the buffer (the inner device orders the
// release, and the buffer itself goes with its last reference).
static const iree_hal_device_vtable_t ireec_hal_discrete_device_overrides = {
    .create_command_buffer = ireec_hal_discrete_device_create_command_buffer,
    .queue_fill = ireec_hal_discrete_device_queue_fill,
    .queue_update = ireec_hal_discrete_device_queue_update,
    .queue_copy = ireec_hal_discrete_device_queue_copy,
    .queue_read = ireec_hal_discrete_device_queue_read,
    .queue_write = ireec_hal_discrete_device_queue_write,
    .queue_dispatch = ireec_hal_discrete_device_queue_dispatch,
    .queue_execute = ireec_hal_discrete_device_queue_execute,
};

IREEC_HAL_INTERNAL iree_status_t ireec_hal_discrete_device_wrap_move(
    iree_hal_device_t* inner_device, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  return ireec_hal_forwarding_device_create_move(
      inner_device, &ireec_hal_discrete_device_overrides, /*wait_hooks=*/NULL,
      /*state_size=*/0, host_allocator, out_device);
}
