// The inline command buffer (see inline_command_buffer.h): fills, updates and
// copies through mapped host memory, dispatches through the local
// executable's inline entry point, all on the recording thread.

#include "inline_command_buffer.h"

#include <inttypes.h>
#include <stdatomic.h>
#include <string.h>

#include "iree/hal/utils/deferred_command_buffer.h"

//===----------------------------------------------------------------------===//
// Local memory cache
//===----------------------------------------------------------------------===//

// Each block starts with a header holding its usable size, so a block and its
// size always travel together through the cache; the memory handed to the
// executable follows the header (keeping the allocator's alignment).
typedef struct ireec_local_memory_block_header_t {
  iree_alignas(64) iree_host_size_t size;
} ireec_local_memory_block_header_t;

void ireec_local_memory_cache_initialize(iree_allocator_t host_allocator,
                                         ireec_local_memory_cache_t* out_cache) {
  atomic_init(&out_cache->block, NULL);
  out_cache->host_allocator = host_allocator;
}

void ireec_local_memory_cache_deinitialize(ireec_local_memory_cache_t* cache) {
  void* block = atomic_exchange(&cache->block, NULL);
  if (block) iree_allocator_free(cache->host_allocator, block);
}

static iree_byte_span_t ireec_local_memory_block_contents(void* block) {
  ireec_local_memory_block_header_t* header =
      (ireec_local_memory_block_header_t*)block;
  return iree_make_byte_span(header + 1, header->size);
}

// Takes a block of at least |size| bytes: the cached one when it is free and
// large enough, a new one otherwise.
static iree_status_t ireec_local_memory_cache_take(
    ireec_local_memory_cache_t* cache, iree_allocator_t fallback_allocator,
    iree_host_size_t size, iree_byte_span_t* out_span) {
  iree_allocator_t allocator = cache ? cache->host_allocator : fallback_allocator;
  if (cache) {
    void* block = atomic_exchange(&cache->block, NULL);
    if (block) {
      if (((ireec_local_memory_block_header_t*)block)->size >= size) {
        *out_span = ireec_local_memory_block_contents(block);
        return iree_ok_status();
      }
      iree_allocator_free(allocator, block);
    }
  }
  void* block = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      allocator, sizeof(ireec_local_memory_block_header_t) + size, &block));
  ((ireec_local_memory_block_header_t*)block)->size = size;
  *out_span = ireec_local_memory_block_contents(block);
  return iree_ok_status();
}

// Gives the block of |span| back for the next dispatch (or frees it when the
// cache holds another block already, or there is no cache).
static void ireec_local_memory_cache_give(ireec_local_memory_cache_t* cache,
                                          iree_allocator_t fallback_allocator,
                                          iree_byte_span_t span) {
  void* block = (ireec_local_memory_block_header_t*)span.data - 1;
  if (!cache) {
    iree_allocator_free(fallback_allocator, block);
    return;
  }
  void* expected = NULL;
  if (!atomic_compare_exchange_strong(&cache->block, &expected, block)) {
    iree_allocator_free(cache->host_allocator, block);
  }
}

//===----------------------------------------------------------------------===//
// iree_hal_inline_command_buffer_t
//===----------------------------------------------------------------------===//

typedef struct iree_hal_inline_command_buffer_t {
  iree_hal_command_buffer_t base;
  iree_allocator_t host_allocator;
  // Retained when the command buffer was created on the heap (it owns the
  // local memory cache); NULL for one initialized in caller storage.
  iree_hal_device_t* device;
  ireec_local_memory_cache_t* local_memory_cache;
  // Set while measuring (ireec_inline_command_buffer_measure): commands add
  // the bytes they would touch here instead of running.
  iree_device_size_t* measured_bytes;
  struct {
    // The dispatch state handed to executables, its pointers set once; each
    // dispatch fills in its grid, constants and bindings.
    iree_alignas(64) iree_hal_executable_dispatch_state_v0_t dispatch_state;
    void* binding_ptr_storage[IREE_HAL_EXECUTABLE_MAX_BINDING_COUNT];
    size_t binding_length_storage[IREE_HAL_EXECUTABLE_MAX_BINDING_COUNT];
    // The processor we last ran on, refreshed cheaply through the tag.
    iree_cpu_processor_tag_t processor_tag;
    iree_cpu_processor_id_t processor_id;
  } state;
} iree_hal_inline_command_buffer_t;

static const iree_hal_command_buffer_vtable_t
    iree_hal_inline_command_buffer_vtable;

static iree_hal_inline_command_buffer_t* iree_hal_inline_command_buffer_cast(
    iree_hal_command_buffer_t* base_value) {
  return (iree_hal_inline_command_buffer_t*)base_value;
}

static void iree_hal_inline_command_buffer_reset(
    iree_hal_inline_command_buffer_t* command_buffer) {
  memset(&command_buffer->state, 0, sizeof(command_buffer->state));
  command_buffer->state.dispatch_state.binding_ptrs =
      command_buffer->state.binding_ptr_storage;
  command_buffer->state.dispatch_state.binding_lengths =
      command_buffer->state.binding_length_storage;
}

iree_host_size_t iree_hal_inline_command_buffer_size(
    iree_hal_command_buffer_mode_t mode, iree_host_size_t binding_capacity) {
  return sizeof(iree_hal_inline_command_buffer_t) +
         iree_hal_command_buffer_validation_state_size(mode, binding_capacity);
}

iree_status_t iree_hal_inline_command_buffer_initialize(
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_allocator_t host_allocator,
    ireec_local_memory_cache_t* local_memory_cache, iree_byte_span_t storage,
    iree_hal_command_buffer_t** out_command_buffer) {
  *out_command_buffer = NULL;
  if (!iree_all_bits_set(mode,
                         IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT |
                             IREE_HAL_COMMAND_BUFFER_MODE_ALLOW_INLINE_EXECUTION)) {
    // Executing while recording is only allowed where the caller said so.
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "inline command buffers must have a mode with "
                            "ONE_SHOT and ALLOW_INLINE_EXECUTION");
  }
  if (binding_capacity > 0) {
    // Commands run as they are recorded: there is no later binding table.
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "inline command buffers do not take binding tables");
  }
  if (storage.data_length <
      iree_hal_inline_command_buffer_size(mode, binding_capacity)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "storage is smaller than "
                            "iree_hal_inline_command_buffer_size");
  }
  iree_hal_inline_command_buffer_t* command_buffer =
      (iree_hal_inline_command_buffer_t*)storage.data;
  memset(command_buffer, 0, sizeof(*command_buffer));
  // The validation state (if validating) follows the command buffer.
  iree_hal_command_buffer_initialize(
      device_allocator, mode, command_categories, queue_affinity,
      binding_capacity, (uint8_t*)command_buffer + sizeof(*command_buffer),
      &iree_hal_inline_command_buffer_vtable, &command_buffer->base);
  command_buffer->host_allocator = host_allocator;
  command_buffer->local_memory_cache = local_memory_cache;
  iree_hal_inline_command_buffer_reset(command_buffer);
  *out_command_buffer = &command_buffer->base;
  return iree_ok_status();
}

void iree_hal_inline_command_buffer_deinitialize(
    iree_hal_command_buffer_t* base_command_buffer) {
  if (!base_command_buffer) return;
  iree_hal_inline_command_buffer_reset(
      iree_hal_inline_command_buffer_cast(base_command_buffer));
}

iree_status_t iree_hal_inline_command_buffer_create(
    iree_hal_device_t* device, iree_hal_allocator_t* device_allocator,
    iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_allocator_t host_allocator,
    ireec_local_memory_cache_t* local_memory_cache,
    iree_hal_command_buffer_t** out_command_buffer) {
  *out_command_buffer = NULL;
  iree_host_size_t size =
      iree_hal_inline_command_buffer_size(mode, binding_capacity);
  uint8_t* storage = NULL;
  IREE_RETURN_IF_ERROR(
      iree_allocator_malloc_aligned(host_allocator, size, 64, 0, (void**)&storage));
  iree_hal_command_buffer_t* command_buffer = NULL;
  iree_status_t status = iree_hal_inline_command_buffer_initialize(
      device_allocator, mode, command_categories, queue_affinity,
      binding_capacity, host_allocator, local_memory_cache,
      iree_make_byte_span(storage, size), &command_buffer);
  if (!iree_status_is_ok(status)) {
    iree_allocator_free_aligned(host_allocator, storage);
    return status;
  }
  iree_hal_inline_command_buffer_cast(command_buffer)->device = device;
  if (device) iree_hal_device_retain(device);
  *out_command_buffer = command_buffer;
  return iree_ok_status();
}

static void iree_hal_inline_command_buffer_destroy(
    iree_hal_command_buffer_t* base_command_buffer) {
  iree_hal_inline_command_buffer_t* command_buffer =
      iree_hal_inline_command_buffer_cast(base_command_buffer);
  iree_allocator_t host_allocator = command_buffer->host_allocator;
  iree_hal_device_t* device = command_buffer->device;
  iree_hal_inline_command_buffer_deinitialize(base_command_buffer);
  iree_allocator_free_aligned(host_allocator, command_buffer);
  if (device) iree_hal_device_release(device);
}

static iree_status_t iree_hal_inline_command_buffer_begin(
    iree_hal_command_buffer_t* base_command_buffer) {
  iree_hal_inline_command_buffer_t* command_buffer =
      iree_hal_inline_command_buffer_cast(base_command_buffer);
  iree_hal_inline_command_buffer_reset(command_buffer);
  iree_cpu_requery_processor_id(&command_buffer->state.processor_tag,
                                &command_buffer->state.processor_id);
  return iree_ok_status();
}

static iree_status_t iree_hal_inline_command_buffer_end(
    iree_hal_command_buffer_t* base_command_buffer) {
  iree_hal_inline_command_buffer_reset(
      iree_hal_inline_command_buffer_cast(base_command_buffer));
  return iree_ok_status();
}

static iree_status_t iree_hal_inline_command_buffer_begin_debug_group(
    iree_hal_command_buffer_t* base_command_buffer, iree_string_view_t label,
    iree_hal_label_color_t label_color,
    const iree_hal_label_location_t* location) {
  return iree_ok_status();
}

static iree_status_t iree_hal_inline_command_buffer_end_debug_group(
    iree_hal_command_buffer_t* base_command_buffer) {
  return iree_ok_status();
}

// Barriers and events order nothing here: every command has completed before
// the next is recorded.
static iree_status_t iree_hal_inline_command_buffer_execution_barrier(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_hal_execution_barrier_flags_t flags,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers) {
  return iree_ok_status();
}

static iree_status_t iree_hal_inline_command_buffer_signal_event(
    iree_hal_command_buffer_t* base_command_buffer, iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask) {
  return iree_ok_status();
}

static iree_status_t iree_hal_inline_command_buffer_reset_event(
    iree_hal_command_buffer_t* base_command_buffer, iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask) {
  return iree_ok_status();
}

static iree_status_t iree_hal_inline_command_buffer_wait_events(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_host_size_t event_count, const iree_hal_event_t** events,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers) {
  return iree_ok_status();
}

static iree_status_t iree_hal_inline_command_buffer_advise_buffer(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_buffer_ref_t buffer_ref, iree_hal_memory_advise_flags_t flags,
    uint64_t arg0, uint64_t arg1) {
  return iree_ok_status();
}

// The bytes |ref| names (its whole buffer past its offset for
// IREE_HAL_WHOLE_BUFFER; none for a NULL buffer).
static iree_device_size_t ireec_buffer_ref_byte_length(
    const iree_hal_buffer_ref_t* ref) {
  if (!ref->buffer) return 0;
  if (ref->length != IREE_HAL_WHOLE_BUFFER) return ref->length;
  iree_device_size_t size = iree_hal_buffer_byte_length(ref->buffer);
  return size > ref->offset ? size - ref->offset : 0;
}

// Whether the command buffer only measures; if so, adds |bytes| (saturating).
static bool iree_hal_inline_command_buffer_measure(
    iree_hal_command_buffer_t* base_command_buffer, iree_device_size_t bytes) {
  iree_device_size_t* measured_bytes =
      iree_hal_inline_command_buffer_cast(base_command_buffer)->measured_bytes;
  if (!measured_bytes) return false;
  *measured_bytes = bytes > IREE_DEVICE_SIZE_MAX - *measured_bytes
                        ? IREE_DEVICE_SIZE_MAX
                        : *measured_bytes + bytes;
  return true;
}

static iree_status_t iree_hal_inline_command_buffer_fill_buffer(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_buffer_ref_t target_ref, const void* pattern,
    iree_host_size_t pattern_length, iree_hal_fill_flags_t flags) {
  if (iree_hal_inline_command_buffer_measure(
          base_command_buffer, ireec_buffer_ref_byte_length(&target_ref))) {
    return iree_ok_status();
  }
  return iree_hal_buffer_map_fill(target_ref.buffer, target_ref.offset,
                                  target_ref.length, pattern, pattern_length);
}

static iree_status_t iree_hal_inline_command_buffer_update_buffer(
    iree_hal_command_buffer_t* base_command_buffer, const void* source_buffer,
    iree_host_size_t source_offset, iree_hal_buffer_ref_t target_ref,
    iree_hal_update_flags_t flags) {
  if (iree_hal_inline_command_buffer_measure(
          base_command_buffer, ireec_buffer_ref_byte_length(&target_ref))) {
    return iree_ok_status();
  }
  return iree_hal_buffer_map_write(
      target_ref.buffer, target_ref.offset,
      (const uint8_t*)source_buffer + source_offset, target_ref.length);
}

static iree_status_t iree_hal_inline_command_buffer_copy_buffer(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_buffer_ref_t source_ref, iree_hal_buffer_ref_t target_ref,
    iree_hal_copy_flags_t flags) {
  if (iree_hal_inline_command_buffer_measure(
          base_command_buffer, ireec_buffer_ref_byte_length(&source_ref) +
                                   ireec_buffer_ref_byte_length(&target_ref))) {
    return iree_ok_status();
  }
  return iree_hal_buffer_map_copy(source_ref.buffer, source_ref.offset,
                                  target_ref.buffer, target_ref.offset,
                                  target_ref.length);
}

static iree_status_t iree_hal_inline_command_buffer_collective(
    iree_hal_command_buffer_t* base_command_buffer, iree_hal_channel_t* channel,
    iree_hal_collective_op_t op, uint32_t param, iree_hal_buffer_ref_t send_ref,
    iree_hal_buffer_ref_t recv_ref, iree_device_size_t element_count) {
  return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                          "collectives are not implemented on local-sync");
}

// The buffer pointer a binding names: its mapping's contents. Host-visible
// CPU memory maps without copying, so the pointer stays valid for as long as
// the HAL contract keeps the buffer alive (the whole submission).
static iree_status_t iree_hal_inline_command_buffer_map_binding(
    const iree_hal_buffer_ref_t* ref, iree_hal_memory_access_t access,
    iree_byte_span_t* out_contents) {
  iree_hal_buffer_mapping_t mapping;
  memset(&mapping, 0, sizeof(mapping));
  IREE_RETURN_IF_ERROR(iree_hal_buffer_map_range(
      ref->buffer, IREE_HAL_MAPPING_MODE_PERSISTENT, access, ref->offset,
      ref->length, &mapping));
  *out_contents = mapping.contents;
  return iree_ok_status();
}

// The flags bits that hand a dispatch its arguments (or its grid) in a
// buffer instead of directly.
#define IREEC_DISPATCH_FLAGS_CUSTOM_ARGUMENTS                 \
  (IREE_HAL_DISPATCH_FLAG_CUSTOM_DIRECT_ARGUMENTS |            \
   IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_ARGUMENTS |         \
   IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_ARGUMENTS)
#define IREEC_DISPATCH_FLAGS_INDIRECT_PARAMETERS      \
  (IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_PARAMETERS | \
   IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_PARAMETERS)

static iree_status_t iree_hal_inline_command_buffer_dispatch(
    iree_hal_command_buffer_t* base_command_buffer,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags) {
  iree_hal_inline_command_buffer_t* command_buffer =
      iree_hal_inline_command_buffer_cast(base_command_buffer);
  if (command_buffer->measured_bytes) {
    // A grid read from a buffer is not known until earlier work has run: it
    // counts as too large for any limit.
    if (iree_any_bit_set(flags, IREEC_DISPATCH_FLAGS_INDIRECT_PARAMETERS)) {
      iree_hal_inline_command_buffer_measure(base_command_buffer,
                                             IREE_DEVICE_SIZE_MAX);
    }
    for (iree_host_size_t i = 0; i < bindings.count; ++i) {
      iree_hal_inline_command_buffer_measure(
          base_command_buffer,
          ireec_buffer_ref_byte_length(&bindings.values[i]));
    }
    return iree_ok_status();
  }
  if (iree_any_bit_set(flags, IREEC_DISPATCH_FLAGS_CUSTOM_ARGUMENTS)) {
    return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                            "direct/indirect dispatch arguments are not "
                            "supported by the inline command buffer");
  }

  // Recorded commands were validated, queue dispatches were not: an
  // ordinal past the exports would read past the attribute table.
  if (IREE_UNLIKELY(export_ordinal >= iree_hal_executable_export_count(executable))) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "export ordinal %u is out of range (the executable "
                            "has %" PRIhsz " exports)",
                            (unsigned)export_ordinal,
                            iree_hal_executable_export_count(executable));
  }
  iree_hal_local_executable_t* local_executable =
      iree_hal_local_executable_cast(executable);
  const iree_hal_executable_dispatch_attrs_v0_t* attrs =
      &((const ireec_local_executable_prefix_t*)local_executable)
           ->dispatch_attrs[export_ordinal];

  iree_hal_executable_dispatch_state_v0_t* dispatch_state =
      &command_buffer->state.dispatch_state;
  dispatch_state->workgroup_size_x =
      config.workgroup_size[0] ? config.workgroup_size[0] : 1;
  dispatch_state->workgroup_size_y =
      config.workgroup_size[1] ? config.workgroup_size[1] : 1;
  dispatch_state->workgroup_size_z =
      (uint16_t)(config.workgroup_size[2] ? config.workgroup_size[2] : 1);
  if (iree_any_bit_set(flags, IREEC_DISPATCH_FLAGS_INDIRECT_PARAMETERS)) {
    // The grid is read from a buffer now: it was written by earlier work.
    iree_hal_buffer_ref_t count_ref = config.workgroup_count_ref;
    count_ref.length = 3 * sizeof(uint32_t);
    iree_byte_span_t contents;
    IREE_RETURN_IF_ERROR(iree_hal_inline_command_buffer_map_binding(
        &count_ref, IREE_HAL_MEMORY_ACCESS_READ, &contents));
    uint32_t counts[3];
    memcpy(counts, contents.data, sizeof(counts));
    dispatch_state->workgroup_count_x = counts[0];
    dispatch_state->workgroup_count_y = counts[1];
    dispatch_state->workgroup_count_z = (uint16_t)counts[2];
  } else {
    dispatch_state->workgroup_count_x = config.workgroup_count[0];
    dispatch_state->workgroup_count_y = config.workgroup_count[1];
    dispatch_state->workgroup_count_z = (uint16_t)config.workgroup_count[2];
  }
  dispatch_state->max_concurrency = 1;  // one thread: this one

  if (IREE_UNLIKELY(constants.data_length % sizeof(uint32_t) != 0)) {
    return iree_make_status(IREE_STATUS_FAILED_PRECONDITION,
                            "dispatch constants must be 4-byte aligned");
  }
  if (IREE_UNLIKELY(constants.data_length !=
                    attrs->constant_count * sizeof(uint32_t))) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "dispatch constant count mismatch: the export "
                            "takes %u, %" PRIhsz " were given",
                            (unsigned)attrs->constant_count,
                            (iree_host_size_t)(constants.data_length /
                                               sizeof(uint32_t)));
  }
  dispatch_state->constant_count = attrs->constant_count;
  dispatch_state->constants = (const uint32_t*)constants.data;

  if (IREE_UNLIKELY(bindings.count != attrs->binding_count)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "dispatch binding count mismatch: the export "
                            "takes %u, %" PRIhsz " were given",
                            (unsigned)attrs->binding_count, bindings.count);
  }
  dispatch_state->binding_count = (uint8_t)bindings.count;
  for (iree_host_size_t i = 0; i < bindings.count; ++i) {
    if (IREE_UNLIKELY(!bindings.values[i].buffer)) {
      return iree_make_status(IREE_STATUS_FAILED_PRECONDITION,
                              "dispatch binding %" PRIhsz " is NULL", i);
    }
    iree_byte_span_t contents;
    IREE_RETURN_IF_ERROR(iree_hal_inline_command_buffer_map_binding(
        &bindings.values[i], IREE_HAL_MEMORY_ACCESS_ANY, &contents));
    command_buffer->state.binding_ptr_storage[i] = contents.data;
    command_buffer->state.binding_length_storage[i] = contents.data_length;
  }

  // The caller's thread may have moved since the command buffer began.
  iree_cpu_requery_processor_id(&command_buffer->state.processor_tag,
                                &command_buffer->state.processor_id);

  const iree_host_size_t local_memory_size =
      (iree_host_size_t)attrs->local_memory_pages *
          IREE_HAL_EXECUTABLE_WORKGROUP_LOCAL_MEMORY_PAGE_SIZE +
      config.dynamic_workgroup_local_memory;
  iree_byte_span_t local_memory = iree_make_byte_span(NULL, 0);
  if (local_memory_size > 0) {
    IREE_RETURN_IF_ERROR(ireec_local_memory_cache_take(
        command_buffer->local_memory_cache, command_buffer->host_allocator,
        local_memory_size, &local_memory));
  }

  // The calling thread's floating-point mode is the caller's: executables
  // expect denormals flushed, as on IREE's own workers.
  iree_fpu_state_t fpu_state =
      iree_fpu_state_push(IREE_FPU_STATE_FLAG_FLUSH_DENORMALS_TO_ZERO);
  iree_status_t status = iree_hal_local_executable_issue_dispatch_inline(
      local_executable, export_ordinal, dispatch_state,
      command_buffer->state.processor_id, local_memory);
  iree_fpu_state_pop(fpu_state);

  if (local_memory.data) {
    ireec_local_memory_cache_give(command_buffer->local_memory_cache,
                                  command_buffer->host_allocator, local_memory);
  }
  return status;
}

static const iree_hal_command_buffer_vtable_t
    iree_hal_inline_command_buffer_vtable = {
        .destroy = iree_hal_inline_command_buffer_destroy,
        .begin = iree_hal_inline_command_buffer_begin,
        .end = iree_hal_inline_command_buffer_end,
        .begin_debug_group = iree_hal_inline_command_buffer_begin_debug_group,
        .end_debug_group = iree_hal_inline_command_buffer_end_debug_group,
        .execution_barrier = iree_hal_inline_command_buffer_execution_barrier,
        .signal_event = iree_hal_inline_command_buffer_signal_event,
        .reset_event = iree_hal_inline_command_buffer_reset_event,
        .wait_events = iree_hal_inline_command_buffer_wait_events,
        .advise_buffer = iree_hal_inline_command_buffer_advise_buffer,
        .fill_buffer = iree_hal_inline_command_buffer_fill_buffer,
        .update_buffer = iree_hal_inline_command_buffer_update_buffer,
        .copy_buffer = iree_hal_inline_command_buffer_copy_buffer,
        .collective = iree_hal_inline_command_buffer_collective,
        .dispatch = iree_hal_inline_command_buffer_dispatch,
};

//===----------------------------------------------------------------------===//
// Stack-allocated inline command buffers
//===----------------------------------------------------------------------===//

// Room for the command buffer and the validation state of one without
// binding slots (a few words); checked against the real need at run time.
#define IREEC_INLINE_COMMAND_BUFFER_STACK_SIZE \
  (sizeof(iree_hal_inline_command_buffer_t) + 256)

typedef struct ireec_inline_command_buffer_storage_t {
  iree_alignas(64) uint8_t bytes[IREEC_INLINE_COMMAND_BUFFER_STACK_SIZE];
} ireec_inline_command_buffer_storage_t;

static iree_status_t ireec_inline_command_buffer_begin_on_stack(
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t categories, iree_allocator_t host_allocator,
    ireec_local_memory_cache_t* local_memory_cache,
    ireec_inline_command_buffer_storage_t* storage,
    iree_hal_command_buffer_t** out_command_buffer) {
  mode |= IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT |
          IREE_HAL_COMMAND_BUFFER_MODE_ALLOW_INLINE_EXECUTION;
  if (iree_hal_inline_command_buffer_size(mode, 0) > sizeof(storage->bytes)) {
    return iree_make_status(IREE_STATUS_INTERNAL,
                            "inline command buffer storage too small");
  }
  IREE_RETURN_IF_ERROR(iree_hal_inline_command_buffer_initialize(
      device_allocator, mode, categories, IREE_HAL_QUEUE_AFFINITY_ANY,
      /*binding_capacity=*/0, host_allocator, local_memory_cache,
      iree_make_byte_span(storage->bytes, sizeof(storage->bytes)),
      out_command_buffer));
  // Not begun here: a replay's deferred command buffer begins and ends its
  // target itself, and a dispatch looks its processor up when it runs.
  return iree_ok_status();
}

iree_status_t ireec_inline_command_buffer_replay(
    iree_hal_allocator_t* device_allocator,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_allocator_t host_allocator,
    ireec_local_memory_cache_t* local_memory_cache) {
  // Commands were validated as they were recorded, except for the buffers a
  // binding table supplies now: those are validated on replay.
  iree_hal_command_buffer_mode_t mode = command_buffer->mode;
  if (binding_table.count == 0) {
    mode |= IREE_HAL_COMMAND_BUFFER_MODE_UNVALIDATED;
  }
  ireec_inline_command_buffer_storage_t storage;
  iree_hal_command_buffer_t* inline_command_buffer = NULL;
  IREE_RETURN_IF_ERROR(ireec_inline_command_buffer_begin_on_stack(
      device_allocator, mode, command_buffer->allowed_categories,
      host_allocator, local_memory_cache, &storage, &inline_command_buffer));
  iree_status_t status = iree_hal_deferred_command_buffer_apply(
      command_buffer, inline_command_buffer, binding_table);
  iree_hal_inline_command_buffer_deinitialize(inline_command_buffer);
  return status;
}

iree_status_t ireec_inline_command_buffer_measure(
    iree_hal_allocator_t* device_allocator,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_device_size_t* out_bytes) {
  *out_bytes = 0;
  // Unvalidated: the replay that runs the commands validates them.
  ireec_inline_command_buffer_storage_t storage;
  iree_hal_command_buffer_t* measuring_command_buffer = NULL;
  IREE_RETURN_IF_ERROR(ireec_inline_command_buffer_begin_on_stack(
      device_allocator,
      command_buffer->mode | IREE_HAL_COMMAND_BUFFER_MODE_UNVALIDATED,
      command_buffer->allowed_categories, iree_allocator_null(),
      /*local_memory_cache=*/NULL, &storage, &measuring_command_buffer));
  iree_hal_inline_command_buffer_cast(measuring_command_buffer)
      ->measured_bytes = out_bytes;
  // A replay of a ONE_SHOT recording drops its commands once they are
  // applied (it cannot be submitted again): measured that way, the run that
  // follows, here or on the task queue, would find nothing to run and signal
  // success having written nothing. The recording is measured as a reusable
  // one; a ONE_SHOT command buffer is submitted once, so nothing else reads
  // its mode meanwhile.
  const iree_hal_command_buffer_mode_t mode = command_buffer->mode;
  command_buffer->mode &= ~IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT;
  iree_status_t status = iree_hal_deferred_command_buffer_apply(
      command_buffer, measuring_command_buffer, binding_table);
  command_buffer->mode = mode;
  iree_hal_inline_command_buffer_deinitialize(measuring_command_buffer);
  return status;
}

iree_status_t ireec_inline_command_buffer_dispatch(
    iree_hal_allocator_t* device_allocator, iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags,
    iree_allocator_t host_allocator,
    ireec_local_memory_cache_t* local_memory_cache) {
  ireec_inline_command_buffer_storage_t storage;
  iree_hal_command_buffer_t* inline_command_buffer = NULL;
  IREE_RETURN_IF_ERROR(ireec_inline_command_buffer_begin_on_stack(
      device_allocator, IREE_HAL_COMMAND_BUFFER_MODE_UNVALIDATED,
      IREE_HAL_COMMAND_CATEGORY_DISPATCH, host_allocator, local_memory_cache,
      &storage, &inline_command_buffer));
  iree_status_t status = iree_hal_inline_command_buffer_dispatch(
      inline_command_buffer, executable, export_ordinal, config, constants,
      bindings, flags);
  iree_hal_inline_command_buffer_deinitialize(inline_command_buffer);
  return status;
}
