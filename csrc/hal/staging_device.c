// The staging device (see staging.h): a forwarding device that stages the
// buffers its device cannot reach through host memory, one stage set
// (stage_set.h) per queue operation: foreign buffers copied in by their own
// devices, the operation on the inner device, written ones copied back, all
// ordered by semaphores.
//
// Command buffers are mapping command buffers (mapping_command_buffer.h):
// direct references to foreign buffers get a staging buffer when recorded
// (copied in and out at each execution; copied in as recorded when the
// command buffer may execute while recording), and the binding-table slots
// the commands may write are noted, so a table's read-only foreign buffers
// are not copied back.

#include <string.h>

#include "discrete.h"
#include "file_transfers.h"
#include "forwarding_device.h"
#include "ireec/decls/ireec/hal/staging_device.h"
#include "mapping_command_buffer.h"
#include "semaphore_bridge.h"
#include "stage_set.h"

static void ireec_hal_staging_device_on_destroy(
    ireec_hal_forwarding_device_t* device);

IREEC_HAL_INTERNAL ireec_hal_staging_state_t* ireec_hal_staging_state(
    iree_hal_device_t* device) {
  if (!device || ireec_hal_device_vtable(device)->destroy !=
                     ireec_hal_forwarding_device_vtable.destroy) {
    return NULL;
  }
  ireec_hal_forwarding_device_t* forwarding =
      ireec_hal_forwarding_device_cast(device);
  if (forwarding->on_destroy != ireec_hal_staging_device_on_destroy) {
    return NULL;
  }
  return (ireec_hal_staging_state_t*)ireec_hal_forwarding_device_state(
      forwarding);
}

IREEC_HAL_INTERNAL iree_string_view_t ireec_hal_staging_device_name(
    iree_hal_device_t* device) {
  ireec_hal_staging_state_t* state = ireec_hal_staging_state(device);
  if (state) return iree_make_cstring_view(state->name);
  return device ? iree_hal_device_id(device) : IREE_SV("(no device)");
}

//===----------------------------------------------------------------------===//
// Command buffers: direct references staged when recorded, slots noted
//===----------------------------------------------------------------------===//

typedef struct ireec_hal_staging_recording_t {
  iree_allocator_t host_allocator;
  iree_hal_device_t* device;  // retained
  // Direct references to foreign buffers, each with its staging buffer
  // (whole buffers; owners looked up again at each execution).
  ireec_hal_stage_set_t stages;
  // Whether the command buffer may execute while it is recorded (ONE_SHOT
  // with ALLOW_INLINE_EXECUTION: local-sync then does): its staging buffers
  // are filled as they are recorded, and copied back after submission.
  bool fills_when_recorded;
  // One bit per binding-table slot the commands may write.
  iree_host_size_t slot_capacity;
  uint8_t written_slots[];
} ireec_hal_staging_recording_t;

static void ireec_hal_staging_recording_release(void* state) {
  ireec_hal_staging_recording_t* recording =
      (ireec_hal_staging_recording_t*)state;
  ireec_hal_stage_set_deinitialize(&recording->stages);
  iree_hal_device_release(recording->device);
  iree_allocator_free(recording->host_allocator, recording);
}

static iree_status_t ireec_hal_staging_map_ref(void* state,
                                               iree_hal_buffer_ref_t* ref,
                                               ireec_hal_ref_use_t use) {
  ireec_hal_staging_recording_t* recording =
      (ireec_hal_staging_recording_t*)state;
  const bool written = use != IREEC_HAL_REF_USE_READ;
  if (!ref->buffer) {
    if (written && ref->buffer_slot < recording->slot_capacity) {
      recording->written_slots[ref->buffer_slot / 8] |=
          (uint8_t)(1u << (ref->buffer_slot % 8));
    }
    return iree_ok_status();
  }
  if (ireec_hal_device_reaches(recording->device, ref->buffer)) {
    return iree_ok_status();
  }
  // The whole buffer is staged, once: commands recorded earlier keep their
  // offsets into it.
  iree_hal_buffer_t* allocated = iree_hal_buffer_allocated_buffer(ref->buffer);
  const iree_host_size_t known_count = recording->stages.count;
  IREE_RETURN_IF_ERROR(ireec_hal_stage_set_note(
      &recording->stages, allocated, 0, IREE_HAL_WHOLE_BUFFER, written));
  IREE_RETURN_IF_ERROR(ireec_hal_stage_set_allocate(&recording->stages));
  if (recording->fills_when_recorded &&
      recording->stages.count > known_count) {
    IREE_RETURN_IF_ERROR(ireec_hal_stage_fill_now(
        &recording->stages.stages[recording->stages.count - 1]));
  }
  ireec_hal_stage_set_map_ref(&recording->stages, ref);
  return iree_ok_status();
}

static bool ireec_hal_staging_recording_writes_slot(
    const ireec_hal_staging_recording_t* recording, iree_host_size_t slot) {
  // Slots past what was recorded: unknown, so possibly written.
  if (!recording || slot >= recording->slot_capacity) return true;
  return (recording->written_slots[slot / 8] >> (slot % 8)) & 1;
}

static iree_status_t ireec_hal_staging_device_create_command_buffer(
    iree_hal_device_t* base_device, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t** out_command_buffer) {
  ireec_hal_forwarding_device_t* device =
      ireec_hal_forwarding_device_cast(base_device);
  ireec_hal_staging_recording_t* recording = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      device->host_allocator,
      sizeof(*recording) + (binding_capacity + 7) / 8, (void**)&recording));
  memset(recording, 0, sizeof(*recording) + (binding_capacity + 7) / 8);
  recording->host_allocator = device->host_allocator;
  recording->device = base_device;
  iree_hal_device_retain(base_device);
  ireec_hal_stage_set_initialize(base_device, &recording->stages);
  recording->slot_capacity = binding_capacity;
  recording->fills_when_recorded = iree_all_bits_set(
      mode, IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT |
                IREE_HAL_COMMAND_BUFFER_MODE_ALLOW_INLINE_EXECUTION);
  iree_hal_command_buffer_t* inner = NULL;
  iree_status_t status = iree_hal_command_buffer_create(
      device->inner, mode, command_categories, queue_affinity,
      binding_capacity, &inner);
  if (!iree_status_is_ok(status)) {
    ireec_hal_staging_recording_release(recording);
    return status;
  }
  ireec_hal_ref_mapper_t mapper = {
      .map = ireec_hal_staging_map_ref,
      .state = recording,
      .release_state = ireec_hal_staging_recording_release,
  };
  return ireec_hal_mapping_command_buffer_wrap_move(
      iree_hal_device_allocator(device->inner), mode, command_categories,
      queue_affinity, binding_capacity, inner, mapper, device->host_allocator,
      out_command_buffer);
}

//===----------------------------------------------------------------------===//
// Queue operations
//===----------------------------------------------------------------------===//

// The operations' arguments after staging, and how to issue them.
typedef struct ireec_hal_staged_op_t {
  iree_hal_device_t* device;
  iree_hal_queue_affinity_t queue_affinity;
  iree_hal_buffer_t* source;
  iree_device_size_t source_offset;
  iree_hal_buffer_t* target;
  iree_device_size_t target_offset;
  iree_device_size_t length;
  const void* bytes;  // fill pattern, update source
  iree_host_size_t bytes_length;  // pattern length, update source offset
  iree_hal_file_t* file;
  uint64_t file_offset;
  uint64_t flags;
  // Dispatch.
  iree_hal_executable_t* executable;
  iree_hal_executable_export_ordinal_t export_ordinal;
  iree_hal_dispatch_config_t config;
  iree_const_byte_span_t constants;
  iree_hal_buffer_ref_list_t bindings;
  // Execute.
  iree_hal_command_buffer_t* command_buffer;
  iree_hal_buffer_binding_table_t binding_table;
} ireec_hal_staged_op_t;

#define IREEC_STAGED_INNER(op, method, waits, signals, ...) \
  IREEC_FORWARD_ENTRY((op)->device, method, (op)->queue_affinity, waits, \
                      signals, __VA_ARGS__)

// The base (forwarding) entry of |method|: the inner device, waits mapped.
#define IREEC_FORWARD_ENTRY(device, method, ...) \
  ireec_hal_forwarding_device_vtable.method((device), __VA_ARGS__)

static iree_status_t ireec_hal_staged_fill(void* context,
                                           iree_hal_semaphore_list_t waits,
                                           iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_fill, waits, signals, op->target,
                            op->target_offset, op->length, op->bytes,
                            op->bytes_length, op->flags);
}

static iree_status_t ireec_hal_staged_update(void* context,
                                             iree_hal_semaphore_list_t waits,
                                             iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_update, waits, signals, op->bytes,
                            op->bytes_length, op->target, op->target_offset,
                            op->length, op->flags);
}

static iree_status_t ireec_hal_staged_copy(void* context,
                                           iree_hal_semaphore_list_t waits,
                                           iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_copy, waits, signals, op->source,
                            op->source_offset, op->target, op->target_offset,
                            op->length, op->flags);
}

static iree_status_t ireec_hal_staged_read(void* context,
                                           iree_hal_semaphore_list_t waits,
                                           iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  if (ireec_hal_file_transferred_by_host(op->file)) {
    return ireec_hal_device_queue_read_file(
        op->device, op->queue_affinity, waits, signals, op->file,
        op->file_offset, op->target, op->target_offset, op->length);
  }
  return IREEC_STAGED_INNER(op, queue_read, waits, signals, op->file,
                            op->file_offset, op->target, op->target_offset,
                            op->length, op->flags);
}

static iree_status_t ireec_hal_staged_write(void* context,
                                            iree_hal_semaphore_list_t waits,
                                            iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  if (ireec_hal_file_transferred_by_host(op->file)) {
    return ireec_hal_device_queue_write_file(
        op->device, op->queue_affinity, waits, signals, op->source,
        op->source_offset, op->file, op->file_offset, op->length);
  }
  return IREEC_STAGED_INNER(op, queue_write, waits, signals, op->source,
                            op->source_offset, op->file, op->file_offset,
                            op->length, op->flags);
}

static iree_status_t ireec_hal_staged_dispatch(
    void* context, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_dispatch, waits, signals, op->executable,
                            op->export_ordinal, op->config, op->constants,
                            op->bindings, op->flags);
}

static iree_status_t ireec_hal_staged_execute(
    void* context, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_execute, waits, signals,
                            op->command_buffer, op->binding_table, op->flags);
}

// Stages the operation's source (read) and target (written) buffers, those
// it names, and submits it.
static iree_status_t ireec_hal_staging_submit_op(
    ireec_hal_staged_op_t* op, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals, ireec_hal_staged_issue_fn_t issue) {
  ireec_hal_stage_set_t set;
  ireec_hal_stage_set_initialize(op->device, &set);
  iree_status_t status = ireec_hal_stage_set_note(
      &set, op->source, op->source_offset, op->length, /*written=*/false);
  if (iree_status_is_ok(status)) {
    // A whole-buffer length is the source's, as IREE's copy takes it.
    iree_device_size_t target_length = op->length;
    if (op->source && op->length == IREE_HAL_WHOLE_BUFFER &&
        op->source_offset <= iree_hal_buffer_byte_length(op->source)) {
      target_length = iree_hal_buffer_byte_length(op->source) -
                      op->source_offset;
    }
    status = ireec_hal_stage_set_note(&set, op->target, op->target_offset,
                                      target_length, /*written=*/true);
  }
  if (iree_status_is_ok(status)) status = ireec_hal_stage_set_allocate(&set);
  if (iree_status_is_ok(status)) {
    ireec_hal_stage_set_map(&set, &op->source, &op->source_offset, NULL);
    ireec_hal_stage_set_map(&set, &op->target, &op->target_offset, NULL);
    status = ireec_hal_stage_set_submit(&set, op->queue_affinity, waits,
                                        signals, issue, op);
  }
  ireec_hal_stage_set_deinitialize(&set);
  return status;
}

static iree_status_t ireec_hal_staging_device_queue_fill(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, const void* pattern,
    iree_host_size_t pattern_length, iree_hal_fill_flags_t flags) {
  ireec_hal_staged_op_t op = {
      .device = device, .queue_affinity = queue_affinity,
      .target = target_buffer, .target_offset = target_offset,
      .length = length, .bytes = pattern, .bytes_length = pattern_length,
      .flags = flags};
  return ireec_hal_staging_submit_op(&op, wait_semaphore_list,
                                     signal_semaphore_list,
                                     ireec_hal_staged_fill);
}

static iree_status_t ireec_hal_staging_device_queue_update(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    const void* source_buffer, iree_host_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_update_flags_t flags) {
  ireec_hal_staged_op_t op = {
      .device = device, .queue_affinity = queue_affinity,
      .target = target_buffer, .target_offset = target_offset,
      .length = length, .bytes = source_buffer, .bytes_length = source_offset,
      .flags = flags};
  return ireec_hal_staging_submit_op(&op, wait_semaphore_list,
                                     signal_semaphore_list,
                                     ireec_hal_staged_update);
}

static iree_status_t ireec_hal_staging_device_queue_copy(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_copy_flags_t flags) {
  ireec_hal_staged_op_t op = {
      .device = device, .queue_affinity = queue_affinity,
      .source = source_buffer, .source_offset = source_offset,
      .target = target_buffer, .target_offset = target_offset,
      .length = length, .flags = flags};
  return ireec_hal_staging_submit_op(&op, wait_semaphore_list,
                                     signal_semaphore_list,
                                     ireec_hal_staged_copy);
}

static iree_status_t ireec_hal_staging_device_queue_read(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_read_flags_t flags) {
  IREE_RETURN_IF_ERROR(
      ireec_hal_file_check_range(source_file, source_offset, length));
  ireec_hal_staged_op_t op = {
      .device = device, .queue_affinity = queue_affinity,
      .file = source_file, .file_offset = source_offset,
      .target = target_buffer, .target_offset = target_offset,
      .length = length, .flags = flags};
  return ireec_hal_staging_submit_op(&op, wait_semaphore_list,
                                     signal_semaphore_list,
                                     ireec_hal_staged_read);
}

static iree_status_t ireec_hal_staging_device_queue_write(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length, iree_hal_write_flags_t flags) {
  ireec_hal_staged_op_t op = {
      .device = device, .queue_affinity = queue_affinity,
      .source = source_buffer, .source_offset = source_offset,
      .file = target_file, .file_offset = target_offset,
      .length = length, .flags = flags};
  return ireec_hal_staging_submit_op(&op, wait_semaphore_list,
                                     signal_semaphore_list,
                                     ireec_hal_staged_write);
}

static iree_status_t ireec_hal_staging_device_queue_dispatch(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings,
    iree_hal_dispatch_flags_t flags) {
  ireec_hal_stage_set_t set;
  ireec_hal_stage_set_initialize(device, &set);
  iree_status_t status = ireec_hal_stage_set_note(
      &set, config.workgroup_count_ref.buffer, config.workgroup_count_ref.offset,
      config.workgroup_count_ref.length, false);
  for (iree_host_size_t i = 0; i < bindings.count && iree_status_is_ok(status);
       ++i) {
    status = ireec_hal_stage_set_note(&set, bindings.values[i].buffer,
                                      bindings.values[i].offset,
                                      bindings.values[i].length, true);
  }
  if (iree_status_is_ok(status) && set.count == 0) {
    return IREEC_FORWARD_ENTRY(device, queue_dispatch, queue_affinity,
                               wait_semaphore_list, signal_semaphore_list,
                               executable, export_ordinal, config, constants,
                               bindings, flags);
  }
  iree_hal_buffer_ref_t* mapped = NULL;
  if (iree_status_is_ok(status)) status = ireec_hal_stage_set_allocate(&set);
  if (iree_status_is_ok(status) && bindings.count) {
    status = iree_allocator_malloc(set.host_allocator,
                                   bindings.count * sizeof(*mapped),
                                   (void**)&mapped);
  }
  if (iree_status_is_ok(status)) {
    for (iree_host_size_t i = 0; i < bindings.count; ++i) {
      mapped[i] = bindings.values[i];
      ireec_hal_stage_set_map_ref(&set, &mapped[i]);
    }
    ireec_hal_staged_op_t op = {
        .device = device, .queue_affinity = queue_affinity,
        .executable = executable, .export_ordinal = export_ordinal,
        .config = config, .constants = constants,
        .bindings = {.count = bindings.count, .values = mapped},
        .flags = flags};
    ireec_hal_stage_set_map_ref(&set, &op.config.workgroup_count_ref);
    status = ireec_hal_stage_set_submit(&set, queue_affinity,
                                        wait_semaphore_list,
                                        signal_semaphore_list,
                                        ireec_hal_staged_dispatch, &op);
  }
  iree_allocator_free(set.host_allocator, mapped);
  ireec_hal_stage_set_deinitialize(&set);
  return status;
}

static iree_status_t ireec_hal_staging_device_queue_execute(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_execute_flags_t flags) {
  void* state = NULL;
  iree_hal_command_buffer_t* inner_command_buffer =
      ireec_hal_mapping_command_buffer_unwrap(
          command_buffer, ireec_hal_staging_map_ref, &state);
  ireec_hal_staging_recording_t* recording =
      (ireec_hal_staging_recording_t*)state;

  ireec_hal_stage_set_t set;
  ireec_hal_stage_set_initialize(device, &set);
  iree_status_t status = iree_ok_status();
  for (iree_host_size_t i = 0;
       i < binding_table.count && iree_status_is_ok(status); ++i) {
    const iree_hal_buffer_binding_t* binding = &binding_table.bindings[i];
    status = ireec_hal_stage_set_note(
        &set, binding->buffer, binding->offset, binding->length,
        ireec_hal_staging_recording_writes_slot(recording, i));
  }
  // The command buffer's own staging buffers, copied in and out each time.
  for (iree_host_size_t i = 0;
       recording && i < recording->stages.count && iree_status_is_ok(status);
       ++i) {
    const ireec_hal_stage_t* recorded = &recording->stages.stages[i];
    ireec_hal_stage_t* stage = NULL;
    iree_hal_device_t* owner = NULL;
    status = ireec_hal_buffer_owner(device, recorded->foreign, &owner);
    if (iree_status_is_ok(status)) {
      status = ireec_hal_stage_set_append(&set, &stage);
      if (!iree_status_is_ok(status)) iree_hal_device_release(owner);
    }
    if (iree_status_is_ok(status)) {
      *stage = *recorded;
      stage->owner = owner;
      iree_hal_buffer_retain(stage->foreign);
      iree_hal_buffer_retain(stage->stage);
    }
  }
  if (iree_status_is_ok(status) && set.count == 0) {
    return IREEC_FORWARD_ENTRY(device, queue_execute, queue_affinity,
                               wait_semaphore_list, signal_semaphore_list,
                               inner_command_buffer, binding_table, flags);
  }
  iree_hal_buffer_binding_t* mapped = NULL;
  if (iree_status_is_ok(status)) status = ireec_hal_stage_set_allocate(&set);
  if (iree_status_is_ok(status) && binding_table.count) {
    status = iree_allocator_malloc(set.host_allocator,
                                   binding_table.count * sizeof(*mapped),
                                   (void**)&mapped);
  }
  if (iree_status_is_ok(status)) {
    for (iree_host_size_t i = 0; i < binding_table.count; ++i) {
      mapped[i] = binding_table.bindings[i];
      ireec_hal_stage_set_map(&set, &mapped[i].buffer, &mapped[i].offset,
                              &mapped[i].length);
    }
    ireec_hal_staged_op_t op = {
        .device = device, .queue_affinity = queue_affinity,
        .command_buffer = inner_command_buffer,
        .binding_table = {.count = binding_table.count,
                          .bindings = binding_table.count ? mapped : NULL},
        .flags = flags};
    status = ireec_hal_stage_set_submit(&set, queue_affinity,
                                        wait_semaphore_list,
                                        signal_semaphore_list,
                                        ireec_hal_staged_execute, &op);
  }
  iree_allocator_free(set.host_allocator, mapped);
  ireec_hal_stage_set_deinitialize(&set);
  return status;
}

//===----------------------------------------------------------------------===//
// Semaphores of other drivers
//===----------------------------------------------------------------------===//

// Every queue operation's lists reach the inner device bridged: semaphores it
// cannot wait on or signal (another driver's) get proxies of its own, joined
// to them by the host (semaphore_bridge.h).
static iree_status_t ireec_hal_staging_device_map_lists(
    ireec_hal_forwarding_device_t* device, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals, iree_hal_semaphore_list_t* out_waits,
    iree_hal_semaphore_list_t* out_signals, void** out_state, bool* out_skip) {
  *out_skip = false;
  return ireec_hal_semaphore_bridge_map(device->inner, waits, signals,
                                        device->host_allocator, out_waits,
                                        out_signals, out_state);
}

static void ireec_hal_staging_device_release_lists(
    ireec_hal_forwarding_device_t* device, void* state, bool submitted) {
  ireec_hal_semaphore_bridge_release(state, submitted);
}

static const ireec_hal_forwarding_wait_hooks_t ireec_hal_staging_wait_hooks = {
    .map = ireec_hal_staging_device_map_lists,
    .release = ireec_hal_staging_device_release_lists,
};

// Host waits on lists holding other drivers' semaphores: each semaphore by
// its own driver's wait (for any one of them, by asking each in turn).
static iree_status_t ireec_hal_staging_device_wait_semaphores(
    iree_hal_device_t* base_device, iree_hal_wait_mode_t wait_mode,
    const iree_hal_semaphore_list_t semaphore_list, iree_timeout_t timeout,
    iree_hal_wait_flags_t flags) {
  iree_hal_device_t* inner = ireec_hal_forwarding_device_inner(base_device);
  bool mixed = false;
  for (iree_host_size_t i = 0; i < semaphore_list.count && !mixed; ++i) {
    mixed = !iree_all_bits_set(
        iree_hal_device_query_semaphore_compatibility(inner, semaphore_list.semaphores[i]),
        IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_WAIT);
  }
  if (!mixed) {
    return ireec_hal_forwarding_device_vtable.wait_semaphores(
        base_device, wait_mode, semaphore_list, timeout, flags);
  }
  iree_convert_timeout_to_absolute(&timeout);
  iree_status_t status = iree_ok_status();
  if (wait_mode == IREE_HAL_WAIT_MODE_ALL) {
    status = iree_hal_semaphore_list_wait(semaphore_list, timeout, flags);
    if (iree_status_is_ok(status)) {
      status = ireec_hal_semaphore_list_failure(semaphore_list);
    }
    return status;
  }
  // Any one: each asked without blocking, in turn, until one is reached or
  // the deadline passes.
  for (;;) {
    for (iree_host_size_t i = 0; i < semaphore_list.count; ++i) {
      status = iree_hal_semaphore_wait(semaphore_list.semaphores[i],
                                       semaphore_list.payload_values[i],
                                       iree_immediate_timeout(), flags);
      if (iree_status_is_ok(status)) {
        iree_hal_semaphore_list_t one = {
            .count = 1, .semaphores = &semaphore_list.semaphores[i],
            .payload_values = &semaphore_list.payload_values[i]};
        return ireec_hal_semaphore_list_failure(one);
      }
      if (!iree_status_is_deadline_exceeded(status)) return status;
      iree_status_ignore(status);
    }
    if (iree_timeout_as_deadline_ns(timeout) <= iree_time_now()) {
      return iree_status_from_code(IREE_STATUS_DEADLINE_EXCEEDED);
    }
    iree_wait_until(iree_time_now() + 50000);  // 50 µs
  }
}

//===----------------------------------------------------------------------===//
// The staging device
//===----------------------------------------------------------------------===//

static void ireec_hal_staging_device_on_destroy(
    ireec_hal_forwarding_device_t* device) {
  // Buffers of this device outliving it can no longer be staged.
  ireec_hal_discrete_allocator_clear_owner(
      iree_hal_device_allocator(device->inner), (iree_hal_device_t*)device);
}

static const iree_hal_device_vtable_t ireec_hal_staging_device_overrides = {
    .create_command_buffer = ireec_hal_staging_device_create_command_buffer,
    .queue_fill = ireec_hal_staging_device_queue_fill,
    .queue_update = ireec_hal_staging_device_queue_update,
    .queue_copy = ireec_hal_staging_device_queue_copy,
    .queue_read = ireec_hal_staging_device_queue_read,
    .queue_write = ireec_hal_staging_device_queue_write,
    .queue_dispatch = ireec_hal_staging_device_queue_dispatch,
    .queue_execute = ireec_hal_staging_device_queue_execute,
    .wait_semaphores = ireec_hal_staging_device_wait_semaphores,
};

IREEC_HAL_INTERNAL iree_status_t ireec_hal_staging_device_wrap_move(
    iree_hal_device_t* inner, iree_string_view_t name,
    ireec_hal_staging_reach_t reach, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  IREE_RETURN_IF_ERROR(ireec_hal_forwarding_device_create_move(
      inner, &ireec_hal_staging_device_overrides, &ireec_hal_staging_wait_hooks,
      sizeof(ireec_hal_staging_state_t), host_allocator, out_device));
  ireec_hal_forwarding_device_t* device =
      ireec_hal_forwarding_device_cast(*out_device);
  device->on_destroy = ireec_hal_staging_device_on_destroy;
  ireec_hal_staging_state_t* state =
      (ireec_hal_staging_state_t*)ireec_hal_forwarding_device_state(device);
  state->reach = reach;
  iree_host_size_t length = name.size < sizeof(state->name) - 1
                                ? name.size
                                : sizeof(state->name) - 1;
  memcpy(state->name, name.data, length);
  state->name[length] = 0;
  ireec_hal_discrete_allocator_set_owner(iree_hal_device_allocator(inner),
                                         *out_device,
                                         iree_make_cstring_view(state->name));
  return iree_ok_status();
}

//===----------------------------------------------------------------------===//
// What callers may ask (ireec/decls/ireec/hal/staging_device.h)
//===----------------------------------------------------------------------===//

IREE_API_EXPORT bool ireec_hal_device_stages_foreign_buffers(
    iree_hal_device_t* device) {
  return ireec_hal_staging_state(device) != NULL;
}

IREE_API_EXPORT bool ireec_hal_device_reaches_buffer(
    iree_hal_device_t* device, iree_hal_buffer_t* buffer) {
  if (!device || !buffer) return false;
  return ireec_hal_device_reaches(device, buffer);
}

// Above this, uploads stay in the device's own memory: mappable device-local
// memory is often a small heap (a discrete GPU's BAR window), and a large
// copy's queue transfer costs little beside the copy itself.
#define IREEC_MAPPABLE_UPLOAD_MAX_BYTES ((iree_device_size_t)1 << 20)

IREE_API_EXPORT iree_hal_buffer_params_t ireec_hal_device_upload_params(
    iree_hal_device_t* device, iree_hal_allocator_t* allocator,
    iree_device_size_t size) {
  iree_hal_buffer_params_t params = {
      .type = IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
      .access = IREE_HAL_MEMORY_ACCESS_ALL,
      .usage = IREE_HAL_BUFFER_USAGE_DEFAULT,
  };
  // CPU devices' memory is host memory already: nothing to ask.
  ireec_hal_staging_state_t* state = device ? ireec_hal_staging_state(device) : NULL;
  if (!state || state->reach != IREEC_HAL_STAGING_REACH_OWN_MEMORY || !allocator ||
      size > IREEC_MAPPABLE_UPLOAD_MAX_BYTES) {
    return params;
  }
  iree_hal_buffer_params_t mappable = params;
  mappable.type |= IREE_HAL_MEMORY_TYPE_HOST_VISIBLE;
  mappable.usage |= IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED;
  iree_device_size_t allocation_size = size;
  iree_hal_buffer_compatibility_t compatibility =
      iree_hal_allocator_query_buffer_compatibility(allocator, mappable, size,
                                                    &mappable, &allocation_size);
  bool full_speed =
      iree_all_bits_set(compatibility, IREE_HAL_BUFFER_COMPATIBILITY_ALLOCATABLE) &&
      !iree_any_bit_set(compatibility, IREE_HAL_BUFFER_COMPATIBILITY_LOW_PERFORMANCE);
  return full_speed ? mappable : params;
}
