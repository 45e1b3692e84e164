// The mapping command buffer (see mapping_command_buffer.h): every command is
// recorded into the inner command buffer with its buffer references mapped
// by the device's mapper.

#include "mapping_command_buffer.h"

#include <string.h>

typedef struct ireec_hal_mapping_command_buffer_t {
  iree_hal_command_buffer_t base;
  iree_allocator_t host_allocator;
  // Records the mapped commands and validates them; owned.
  iree_hal_command_buffer_t* inner;
  ireec_hal_ref_mapper_t mapper;
} ireec_hal_mapping_command_buffer_t;

static const iree_hal_command_buffer_vtable_t
    ireec_hal_mapping_command_buffer_vtable;

static ireec_hal_mapping_command_buffer_t* ireec_hal_mapping_command_buffer_cast(
    iree_hal_command_buffer_t* command_buffer) {
  return (ireec_hal_mapping_command_buffer_t*)command_buffer;
}

#define IREEC_INNER(command_buffer) \
  (ireec_hal_mapping_command_buffer_cast(command_buffer)->inner)

static iree_status_t ireec_hal_mapping_command_buffer_map(
    iree_hal_command_buffer_t* base_command_buffer, iree_hal_buffer_ref_t* ref,
    ireec_hal_ref_use_t use) {
  ireec_hal_ref_mapper_t* mapper =
      &ireec_hal_mapping_command_buffer_cast(base_command_buffer)->mapper;
  return mapper->map(mapper->state, ref, use);
}

static void ireec_hal_mapping_command_buffer_destroy(
    iree_hal_command_buffer_t* base_command_buffer) {
  ireec_hal_mapping_command_buffer_t* command_buffer =
      ireec_hal_mapping_command_buffer_cast(base_command_buffer);
  iree_allocator_t host_allocator = command_buffer->host_allocator;
  iree_hal_command_buffer_release(command_buffer->inner);
  if (command_buffer->mapper.release_state) {
    command_buffer->mapper.release_state(command_buffer->mapper.state);
  }
  iree_allocator_free(host_allocator, command_buffer);
}

static iree_status_t ireec_hal_mapping_command_buffer_begin(
    iree_hal_command_buffer_t* base_command_buffer) {
  return iree_hal_command_buffer_begin(IREEC_INNER(base_command_buffer));
}

static iree_status_t ireec_hal_mapping_command_buffer_end(
    iree_hal_command_buffer_t* base_command_buffer) {
  return iree_hal_command_buffer_end(IREEC_INNER(base_command_buffer));
}

static iree_status_t ireec_hal_mapping_command_buffer_begin_debug_group(
    iree_hal_command_buffer_t* base_command_buffer, iree_string_view_t label,
    iree_hal_label_color_t label_color,
    const iree_hal_label_location_t* location) {
  return iree_hal_command_buffer_begin_debug_group(
      IREEC_INNER(base_command_buffer), label, label_color, location);
}

static iree_status_t ireec_hal_mapping_command_buffer_end_debug_group(
    iree_hal_command_buffer_t* base_command_buffer) {
  return iree_hal_command_buffer_end_debug_group(
      IREEC_INNER(base_command_buffer));
}

// A command's buffer barriers with their buffer references mapped: a copy,
// since the caller's array is const, held in |storage| when there are few
// (no allocation for the common case) and on the heap otherwise.
typedef struct ireec_hal_mapped_barriers_t {
  iree_allocator_t host_allocator;
  // What the inner command buffer is given: |storage|, |heap|, or the
  // caller's (empty) array.
  const iree_hal_buffer_barrier_t* barriers;
  iree_hal_buffer_barrier_t* heap;  // owned; NULL when |storage| is used
  iree_hal_buffer_barrier_t storage[8];
} ireec_hal_mapped_barriers_t;

// Maps |count| buffer barriers into |out_mapped|, which the caller releases
// with ireec_hal_mapped_barriers_deinitialize whatever this returns.
// execution_barrier and wait_events record the same barriers and differ only
// in the command they give them to, so the mapping is done here once.
static iree_status_t ireec_hal_mapping_command_buffer_map_barriers(
    iree_hal_command_buffer_t* base_command_buffer, iree_host_size_t count,
    const iree_hal_buffer_barrier_t* barriers,
    ireec_hal_mapped_barriers_t* out_mapped) {
  out_mapped->host_allocator =
      ireec_hal_mapping_command_buffer_cast(base_command_buffer)
          ->host_allocator;
  out_mapped->barriers = barriers;
  out_mapped->heap = NULL;
  if (count == 0) return iree_ok_status();
  iree_hal_buffer_barrier_t* mapped = out_mapped->storage;
  if (count > IREE_ARRAYSIZE(out_mapped->storage)) {
    IREE_RETURN_IF_ERROR(iree_allocator_malloc(out_mapped->host_allocator,
                                               count * sizeof(*mapped),
                                               (void**)&mapped));
    out_mapped->heap = mapped;
  }
  out_mapped->barriers = mapped;
  for (iree_host_size_t i = 0; i < count; ++i) {
    mapped[i] = barriers[i];
    IREE_RETURN_IF_ERROR(ireec_hal_mapping_command_buffer_map(
        base_command_buffer, &mapped[i].buffer_ref, IREEC_HAL_REF_USE_READ));
  }
  return iree_ok_status();
}

static void ireec_hal_mapped_barriers_deinitialize(
    ireec_hal_mapped_barriers_t* mapped) {
  iree_allocator_free(mapped->host_allocator, mapped->heap);
}

static iree_status_t ireec_hal_mapping_command_buffer_execution_barrier(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_hal_execution_barrier_flags_t flags,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers) {
  ireec_hal_mapped_barriers_t mapped;
  iree_status_t status = ireec_hal_mapping_command_buffer_map_barriers(
      base_command_buffer, buffer_barrier_count, buffer_barriers, &mapped);
  if (iree_status_is_ok(status)) {
    status = iree_hal_command_buffer_execution_barrier(
        IREEC_INNER(base_command_buffer), source_stage_mask, target_stage_mask,
        flags, memory_barrier_count, memory_barriers, buffer_barrier_count,
        mapped.barriers);
  }
  ireec_hal_mapped_barriers_deinitialize(&mapped);
  return status;
}

static iree_status_t ireec_hal_mapping_command_buffer_signal_event(
    iree_hal_command_buffer_t* base_command_buffer, iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask) {
  return iree_hal_command_buffer_signal_event(IREEC_INNER(base_command_buffer),
                                              event, source_stage_mask);
}

static iree_status_t ireec_hal_mapping_command_buffer_reset_event(
    iree_hal_command_buffer_t* base_command_buffer, iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask) {
  return iree_hal_command_buffer_reset_event(IREEC_INNER(base_command_buffer),
                                             event, source_stage_mask);
}

static iree_status_t ireec_hal_mapping_command_buffer_wait_events(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_host_size_t event_count, const iree_hal_event_t** events,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers) {
  ireec_hal_mapped_barriers_t mapped;
  iree_status_t status = ireec_hal_mapping_command_buffer_map_barriers(
      base_command_buffer, buffer_barrier_count, buffer_barriers, &mapped);
  if (iree_status_is_ok(status)) {
    status = iree_hal_command_buffer_wait_events(
        IREEC_INNER(base_command_buffer), event_count, events,
        source_stage_mask, target_stage_mask, memory_barrier_count,
        memory_barriers, buffer_barrier_count, mapped.barriers);
  }
  ireec_hal_mapped_barriers_deinitialize(&mapped);
  return status;
}

static iree_status_t ireec_hal_mapping_command_buffer_advise_buffer(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_buffer_ref_t buffer_ref, iree_hal_memory_advise_flags_t flags,
    uint64_t arg0, uint64_t arg1) {
  IREE_RETURN_IF_ERROR(ireec_hal_mapping_command_buffer_map(
      base_command_buffer, &buffer_ref, IREEC_HAL_REF_USE_READ));
  return iree_hal_command_buffer_advise_buffer(
      IREEC_INNER(base_command_buffer), buffer_ref, flags, arg0, arg1);
}

static iree_status_t ireec_hal_mapping_command_buffer_fill_buffer(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_buffer_ref_t target_ref, const void* pattern,
    iree_host_size_t pattern_length, iree_hal_fill_flags_t flags) {
  IREE_RETURN_IF_ERROR(ireec_hal_mapping_command_buffer_map(
      base_command_buffer, &target_ref, IREEC_HAL_REF_USE_WRITE));
  return iree_hal_command_buffer_fill_buffer(IREEC_INNER(base_command_buffer),
                                             target_ref, pattern,
                                             pattern_length, flags);
}

static iree_status_t ireec_hal_mapping_command_buffer_update_buffer(
    iree_hal_command_buffer_t* base_command_buffer, const void* source_buffer,
    iree_host_size_t source_offset, iree_hal_buffer_ref_t target_ref,
    iree_hal_update_flags_t flags) {
  IREE_RETURN_IF_ERROR(ireec_hal_mapping_command_buffer_map(
      base_command_buffer, &target_ref, IREEC_HAL_REF_USE_WRITE));
  return iree_hal_command_buffer_update_buffer(
      IREEC_INNER(base_command_buffer), source_buffer, source_offset,
      target_ref, flags);
}

static iree_status_t ireec_hal_mapping_command_buffer_copy_buffer(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_buffer_ref_t source_ref, iree_hal_buffer_ref_t target_ref,
    iree_hal_copy_flags_t flags) {
  IREE_RETURN_IF_ERROR(ireec_hal_mapping_command_buffer_map(
      base_command_buffer, &source_ref, IREEC_HAL_REF_USE_READ));
  IREE_RETURN_IF_ERROR(ireec_hal_mapping_command_buffer_map(
      base_command_buffer, &target_ref, IREEC_HAL_REF_USE_WRITE));
  return iree_hal_command_buffer_copy_buffer(IREEC_INNER(base_command_buffer),
                                             source_ref, target_ref, flags);
}

static iree_status_t ireec_hal_mapping_command_buffer_collective(
    iree_hal_command_buffer_t* base_command_buffer, iree_hal_channel_t* channel,
    iree_hal_collective_op_t op, uint32_t param, iree_hal_buffer_ref_t send_ref,
    iree_hal_buffer_ref_t recv_ref, iree_device_size_t element_count) {
  return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                          "collectives not implemented");
}

static iree_status_t ireec_hal_mapping_command_buffer_dispatch(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags) {
  ireec_hal_mapping_command_buffer_t* command_buffer =
      ireec_hal_mapping_command_buffer_cast(base_command_buffer);
  iree_hal_dispatch_config_t mapped_config = config;
  iree_hal_buffer_ref_t storage[16];
  iree_hal_buffer_ref_t* mapped = storage;
  if (bindings.count > IREE_ARRAYSIZE(storage)) {
    IREE_RETURN_IF_ERROR(iree_allocator_malloc(
        command_buffer->host_allocator, bindings.count * sizeof(*mapped),
        (void**)&mapped));
  }
  iree_status_t status = ireec_hal_mapping_command_buffer_map(
      base_command_buffer, &mapped_config.workgroup_count_ref,
      IREEC_HAL_REF_USE_READ);
  for (iree_host_size_t i = 0;
       i < bindings.count && iree_status_is_ok(status); ++i) {
    mapped[i] = bindings.values[i];
    status = ireec_hal_mapping_command_buffer_map(
        base_command_buffer, &mapped[i], IREEC_HAL_REF_USE_READ_WRITE);
  }
  if (iree_status_is_ok(status)) {
    iree_hal_buffer_ref_list_t mapped_list = {
        .count = bindings.count,
        .values = bindings.count ? mapped : NULL,
    };
    status = iree_hal_command_buffer_dispatch(
        command_buffer->inner, executable, export_ordinal, mapped_config,
        constants, mapped_list, flags);
  }
  if (mapped != storage) {
    iree_allocator_free(command_buffer->host_allocator, mapped);
  }
  return status;
}

static const iree_hal_command_buffer_vtable_t
    ireec_hal_mapping_command_buffer_vtable = {
        .destroy = ireec_hal_mapping_command_buffer_destroy,
        .begin = ireec_hal_mapping_command_buffer_begin,
        .end = ireec_hal_mapping_command_buffer_end,
        .begin_debug_group = ireec_hal_mapping_command_buffer_begin_debug_group,
        .end_debug_group = ireec_hal_mapping_command_buffer_end_debug_group,
        .execution_barrier = ireec_hal_mapping_command_buffer_execution_barrier,
        .signal_event = ireec_hal_mapping_command_buffer_signal_event,
        .reset_event = ireec_hal_mapping_command_buffer_reset_event,
        .wait_events = ireec_hal_mapping_command_buffer_wait_events,
        .advise_buffer = ireec_hal_mapping_command_buffer_advise_buffer,
        .fill_buffer = ireec_hal_mapping_command_buffer_fill_buffer,
        .update_buffer = ireec_hal_mapping_command_buffer_update_buffer,
        .copy_buffer = ireec_hal_mapping_command_buffer_copy_buffer,
        .collective = ireec_hal_mapping_command_buffer_collective,
        .dispatch = ireec_hal_mapping_command_buffer_dispatch,
};

// A new entry in IREE's vtable, missing above, would stay NULL.
_Static_assert(sizeof(iree_hal_command_buffer_vtable_t) ==
                   15 * sizeof(void (*)(void)),
               "iree_hal_command_buffer_vtable_t has an entry not filled here");

IREEC_HAL_INTERNAL iree_status_t ireec_hal_mapping_command_buffer_wrap_move(
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t* inner, ireec_hal_ref_mapper_t mapper,
    iree_allocator_t host_allocator,
    iree_hal_command_buffer_t** out_command_buffer) {
  *out_command_buffer = NULL;
  ireec_hal_mapping_command_buffer_t* command_buffer = NULL;
  iree_status_t status = iree_allocator_malloc(
      host_allocator, sizeof(*command_buffer), (void**)&command_buffer);
  if (!iree_status_is_ok(status)) {
    iree_hal_command_buffer_release(inner);
    if (mapper.release_state) mapper.release_state(mapper.state);
    return status;
  }
  memset(command_buffer, 0, sizeof(*command_buffer));
  // The inner command buffer validates every command (with the mapped
  // buffers); validating here too would need IREE's validation state, which
  // this runtime keeps private.
  iree_hal_command_buffer_initialize(
      device_allocator, mode | IREE_HAL_COMMAND_BUFFER_MODE_UNVALIDATED,
      command_categories, queue_affinity, binding_capacity,
      /*validation_state=*/NULL, &ireec_hal_mapping_command_buffer_vtable,
      &command_buffer->base);
  command_buffer->host_allocator = host_allocator;
  command_buffer->inner = inner;
  command_buffer->mapper = mapper;
  *out_command_buffer = &command_buffer->base;
  return iree_ok_status();
}

IREEC_HAL_INTERNAL iree_hal_command_buffer_t*
ireec_hal_mapping_command_buffer_unwrap(
    iree_hal_command_buffer_t* command_buffer, ireec_hal_ref_map_fn_t map,
    void** out_state) {
  if (out_state) *out_state = NULL;
  if (!command_buffer || ireec_hal_object_vtable(command_buffer) !=
                             &ireec_hal_mapping_command_buffer_vtable) {
    return command_buffer;
  }
  ireec_hal_mapping_command_buffer_t* mapping =
      ireec_hal_mapping_command_buffer_cast(command_buffer);
  if (mapping->mapper.map != map) return command_buffer;
  if (out_state) *out_state = mapping->mapper.state;
  return mapping->inner;
}
