// The device of `?memory=discrete` (see discrete.h): a HAL device wrapping a
// local-task device whose allocator is a discrete allocator.
//
// The host must not reach discrete buffers, but the local-task device does:
// it maps every buffer it works on (a dispatch's bindings persistently, which
// IREE allows only for HOST_VISIBLE memory). So nothing that names a buffer
// reaches the inner device unresolved: queue operations and binding tables
// get each discrete buffer's host-visible storage, and command buffers are
// wrapped by one that does the same for each command as it is recorded.
// Everything else (semaphores, executables, events, files, queries) is the
// inner device's: the device is a forwarding device (forwarding_device.h)
// overriding only the entries that name buffers.

#include <string.h>

#include "discrete.h"
#include "forwarding_device.h"

//===----------------------------------------------------------------------===//
// ireec_hal_discrete_command_buffer_t
//===----------------------------------------------------------------------===//

typedef struct ireec_hal_discrete_command_buffer_t {
  iree_hal_command_buffer_t base;
  iree_allocator_t host_allocator;
  // The inner device's command buffer, which records the resolved commands
  // and validates them; owned.
  iree_hal_command_buffer_t* inner;
} ireec_hal_discrete_command_buffer_t;

static const iree_hal_command_buffer_vtable_t
    ireec_hal_discrete_command_buffer_vtable;

static ireec_hal_discrete_command_buffer_t* ireec_hal_discrete_command_buffer_cast(
    iree_hal_command_buffer_t* command_buffer) {
  return (ireec_hal_discrete_command_buffer_t*)command_buffer;
}

// The command buffer to hand the inner device for |command_buffer|.
static iree_hal_command_buffer_t* ireec_hal_discrete_inner_command_buffer(
    iree_hal_command_buffer_t* command_buffer) {
  if (command_buffer && ireec_hal_object_vtable(command_buffer) ==
                            &ireec_hal_discrete_command_buffer_vtable) {
    return ireec_hal_discrete_command_buffer_cast(command_buffer)->inner;
  }
  return command_buffer;
}

#define IREEC_INNER(command_buffer) \
  (ireec_hal_discrete_command_buffer_cast(command_buffer)->inner)

static void ireec_hal_discrete_command_buffer_destroy(
    iree_hal_command_buffer_t* base_command_buffer) {
  ireec_hal_discrete_command_buffer_t* command_buffer =
      ireec_hal_discrete_command_buffer_cast(base_command_buffer);
  iree_allocator_t host_allocator = command_buffer->host_allocator;
  iree_hal_command_buffer_release(command_buffer->inner);
  iree_allocator_free(host_allocator, command_buffer);
}

static iree_status_t ireec_hal_discrete_command_buffer_begin(
    iree_hal_command_buffer_t* base_command_buffer) {
  return iree_hal_command_buffer_begin(IREEC_INNER(base_command_buffer));
}

static iree_status_t ireec_hal_discrete_command_buffer_end(
    iree_hal_command_buffer_t* base_command_buffer) {
  return iree_hal_command_buffer_end(IREEC_INNER(base_command_buffer));
}

static iree_status_t ireec_hal_discrete_command_buffer_begin_debug_group(
    iree_hal_command_buffer_t* base_command_buffer, iree_string_view_t label,
    iree_hal_label_color_t label_color,
    const iree_hal_label_location_t* location) {
  return iree_hal_command_buffer_begin_debug_group(
      IREEC_INNER(base_command_buffer), label, label_color, location);
}

static iree_status_t ireec_hal_discrete_command_buffer_end_debug_group(
    iree_hal_command_buffer_t* base_command_buffer) {
  return iree_hal_command_buffer_end_debug_group(
      IREEC_INNER(base_command_buffer));
}

// Resolves |count| buffer barriers into |storage| when there are few, or a
// heap array (|*out_heap|, freed by the caller) otherwise.
static iree_status_t ireec_hal_discrete_resolve_barriers(
    iree_allocator_t host_allocator, iree_host_size_t count,
    const iree_hal_buffer_barrier_t* barriers,
    iree_hal_buffer_barrier_t* storage, iree_host_size_t storage_capacity,
    const iree_hal_buffer_barrier_t** out_barriers,
    iree_hal_buffer_barrier_t** out_heap) {
  *out_heap = NULL;
  *out_barriers = barriers;
  if (count == 0) return iree_ok_status();
  iree_hal_buffer_barrier_t* resolved = storage;
  if (count > storage_capacity) {
    IREE_RETURN_IF_ERROR(iree_allocator_malloc(
        host_allocator, count * sizeof(*resolved), (void**)&resolved));
    *out_heap = resolved;
  }
  for (iree_host_size_t i = 0; i < count; ++i) {
    resolved[i] = barriers[i];
    resolved[i].buffer_ref = ireec_hal_discrete_resolve_ref(barriers[i].buffer_ref);
  }
  *out_barriers = resolved;
  return iree_ok_status();
}

static iree_status_t ireec_hal_discrete_command_buffer_execution_barrier(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_hal_execution_barrier_flags_t flags,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers) {
  ireec_hal_discrete_command_buffer_t* command_buffer =
      ireec_hal_discrete_command_buffer_cast(base_command_buffer);
  iree_hal_buffer_barrier_t storage[8];
  const iree_hal_buffer_barrier_t* resolved = NULL;
  iree_hal_buffer_barrier_t* heap = NULL;
  IREE_RETURN_IF_ERROR(ireec_hal_discrete_resolve_barriers(
      command_buffer->host_allocator, buffer_barrier_count, buffer_barriers,
      storage, IREE_ARRAYSIZE(storage), &resolved, &heap));
  iree_status_t status = iree_hal_command_buffer_execution_barrier(
      command_buffer->inner, source_stage_mask, target_stage_mask, flags,
      memory_barrier_count, memory_barriers, buffer_barrier_count, resolved);
  iree_allocator_free(command_buffer->host_allocator, heap);
  return status;
}

static iree_status_t ireec_hal_discrete_command_buffer_signal_event(
    iree_hal_command_buffer_t* base_command_buffer, iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask) {
  return iree_hal_command_buffer_signal_event(IREEC_INNER(base_command_buffer),
                                              event, source_stage_mask);
}

static iree_status_t ireec_hal_discrete_command_buffer_reset_event(
    iree_hal_command_buffer_t* base_command_buffer, iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask) {
  return iree_hal_command_buffer_reset_event(IREEC_INNER(base_command_buffer),
                                             event, source_stage_mask);
}

static iree_status_t ireec_hal_discrete_command_buffer_wait_events(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_host_size_t event_count, const iree_hal_event_t** events,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers) {
  ireec_hal_discrete_command_buffer_t* command_buffer =
      ireec_hal_discrete_command_buffer_cast(base_command_buffer);
  iree_hal_buffer_barrier_t storage[8];
  const iree_hal_buffer_barrier_t* resolved = NULL;
  iree_hal_buffer_barrier_t* heap = NULL;
  IREE_RETURN_IF_ERROR(ireec_hal_discrete_resolve_barriers(
      command_buffer->host_allocator, buffer_barrier_count, buffer_barriers,
      storage, IREE_ARRAYSIZE(storage), &resolved, &heap));
  iree_status_t status = iree_hal_command_buffer_wait_events(
      command_buffer->inner, event_count, events, source_stage_mask,
      target_stage_mask, memory_barrier_count, memory_barriers,
      buffer_barrier_count, resolved);
  iree_allocator_free(command_buffer->host_allocator, heap);
  return status;
}

static iree_status_t ireec_hal_discrete_command_buffer_advise_buffer(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_buffer_ref_t buffer_ref, iree_hal_memory_advise_flags_t flags,
    uint64_t arg0, uint64_t arg1) {
  return iree_hal_command_buffer_advise_buffer(
      IREEC_INNER(base_command_buffer),
      ireec_hal_discrete_resolve_ref(buffer_ref), flags, arg0, arg1);
}

static iree_status_t ireec_hal_discrete_command_buffer_fill_buffer(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_buffer_ref_t target_ref, const void* pattern,
    iree_host_size_t pattern_length, iree_hal_fill_flags_t flags) {
  return iree_hal_command_buffer_fill_buffer(
      IREEC_INNER(base_command_buffer),
      ireec_hal_discrete_resolve_ref(target_ref), pattern, pattern_length,
      flags);
}

static iree_status_t ireec_hal_discrete_command_buffer_update_buffer(
    iree_hal_command_buffer_t* base_command_buffer, const void* source_buffer,
    iree_host_size_t source_offset, iree_hal_buffer_ref_t target_ref,
    iree_hal_update_flags_t flags) {
  return iree_hal_command_buffer_update_buffer(
      IREEC_INNER(base_command_buffer), source_buffer, source_offset,
      ireec_hal_discrete_resolve_ref(target_ref), flags);
}

static iree_status_t ireec_hal_discrete_command_buffer_copy_buffer(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_buffer_ref_t source_ref, iree_hal_buffer_ref_t target_ref,
    iree_hal_copy_flags_t flags) {
  return iree_hal_command_buffer_copy_buffer(
      IREEC_INNER(base_command_buffer),
      ireec_hal_discrete_resolve_ref(source_ref),
      ireec_hal_discrete_resolve_ref(target_ref), flags);
}

static iree_status_t ireec_hal_discrete_command_buffer_collective(
    iree_hal_command_buffer_t* base_command_buffer, iree_hal_channel_t* channel,
    iree_hal_collective_op_t op, uint32_t param, iree_hal_buffer_ref_t send_ref,
    iree_hal_buffer_ref_t recv_ref, iree_device_size_t element_count) {
  return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                          "collectives not implemented");
}

// Resolves a binding list into |storage| or a heap array (as for barriers).
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

static iree_status_t ireec_hal_discrete_command_buffer_dispatch(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags) {
  ireec_hal_discrete_command_buffer_t* command_buffer =
      ireec_hal_discrete_command_buffer_cast(base_command_buffer);
  iree_hal_dispatch_config_t resolved_config = config;
  resolved_config.workgroup_count_ref =
      ireec_hal_discrete_resolve_ref(config.workgroup_count_ref);
  iree_hal_buffer_ref_t storage[16];
  iree_hal_buffer_ref_list_t resolved;
  iree_hal_buffer_ref_t* heap = NULL;
  IREE_RETURN_IF_ERROR(ireec_hal_discrete_resolve_ref_list(
      command_buffer->host_allocator, bindings, storage,
      IREE_ARRAYSIZE(storage), &resolved, &heap));
  iree_status_t status = iree_hal_command_buffer_dispatch(
      command_buffer->inner, executable, export_ordinal, resolved_config,
      constants, resolved, flags);
  iree_allocator_free(command_buffer->host_allocator, heap);
  return status;
}

static const iree_hal_command_buffer_vtable_t
    ireec_hal_discrete_command_buffer_vtable = {
        .destroy = ireec_hal_discrete_command_buffer_destroy,
        .begin = ireec_hal_discrete_command_buffer_begin,
        .end = ireec_hal_discrete_command_buffer_end,
        .begin_debug_group = ireec_hal_discrete_command_buffer_begin_debug_group,
        .end_debug_group = ireec_hal_discrete_command_buffer_end_debug_group,
        .execution_barrier = ireec_hal_discrete_command_buffer_execution_barrier,
        .signal_event = ireec_hal_discrete_command_buffer_signal_event,
        .reset_event = ireec_hal_discrete_command_buffer_reset_event,
        .wait_events = ireec_hal_discrete_command_buffer_wait_events,
        .advise_buffer = ireec_hal_discrete_command_buffer_advise_buffer,
        .fill_buffer = ireec_hal_discrete_command_buffer_fill_buffer,
        .update_buffer = ireec_hal_discrete_command_buffer_update_buffer,
        .copy_buffer = ireec_hal_discrete_command_buffer_copy_buffer,
        .collective = ireec_hal_discrete_command_buffer_collective,
        .dispatch = ireec_hal_discrete_command_buffer_dispatch,
};

// Takes ownership of |inner| (also when failing).
static iree_status_t ireec_hal_discrete_command_buffer_wrap(
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t* inner, iree_allocator_t host_allocator,
    iree_hal_command_buffer_t** out_command_buffer) {
  ireec_hal_discrete_command_buffer_t* command_buffer = NULL;
  iree_status_t status = iree_allocator_malloc(
      host_allocator, sizeof(*command_buffer), (void**)&command_buffer);
  if (!iree_status_is_ok(status)) {
    iree_hal_command_buffer_release(inner);
    return status;
  }
  memset(command_buffer, 0, sizeof(*command_buffer));
  // The inner command buffer validates every command (with the resolved
  // buffers); validating here too would need IREE's validation state, which
  // this runtime keeps private.
  iree_hal_command_buffer_initialize(
      device_allocator, mode | IREE_HAL_COMMAND_BUFFER_MODE_UNVALIDATED,
      command_categories, queue_affinity, binding_capacity,
      /*validation_state=*/NULL, &ireec_hal_discrete_command_buffer_vtable,
      &command_buffer->base);
  command_buffer->host_allocator = host_allocator;
  command_buffer->inner = inner;
  *out_command_buffer = &command_buffer->base;
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
  return ireec_hal_discrete_command_buffer_wrap(
      iree_hal_device_allocator(device->inner), mode, command_categories,
      queue_affinity, binding_capacity, inner, device->host_allocator,
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
      ireec_hal_discrete_inner_command_buffer(command_buffer), resolved_table,
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

IREEC_HAL_INTERNAL iree_status_t ireec_hal_discrete_device_wrap(
    iree_hal_device_t* inner_device, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  return ireec_hal_forwarding_device_create(
      inner_device, &ireec_hal_discrete_device_overrides, /*wait_hooks=*/NULL,
      host_allocator, out_device);
}
