// Private to the local-sync driver: a command buffer that executes each
// command as it is recorded, on the recording thread (IREE's
// iree/hal/local/inline_command_buffer.h, written here: the runtime we bind
// does not export it).
//
// Only ONE_SHOT | ALLOW_INLINE_EXECUTION command buffers without binding
// tables can be inline. The sync device also replays its recorded (deferred)
// command buffers into one initialized on the stack, so a submission costs
// no heap allocation.
#ifndef IREEC_HAL_DRIVERS_LOCAL_SYNC_INLINE_COMMAND_BUFFER_H_
#define IREEC_HAL_DRIVERS_LOCAL_SYNC_INLINE_COMMAND_BUFFER_H_

#include "iree/hal/api.h"
#include "local_executable.h"

// Workgroup-local scratch memory for dispatches, reused from one dispatch to
// the next so that none allocates once it is large enough. Owned by a device;
// the command buffers executing on it borrow it, one at a time (a command
// buffer finding it taken uses a block of its own for that dispatch).
typedef struct ireec_local_memory_cache_t {
  // The cached block (NULL when taken or not yet allocated); its size is in
  // its header.
  void* _Atomic block;
  iree_allocator_t host_allocator;
} ireec_local_memory_cache_t;

IREE_HAL_LOCAL_SYNC_INTERNAL void ireec_local_memory_cache_initialize(
    iree_allocator_t host_allocator, ireec_local_memory_cache_t* out_cache);
IREE_HAL_LOCAL_SYNC_INTERNAL void ireec_local_memory_cache_deinitialize(
    ireec_local_memory_cache_t* cache);

// Bytes of storage iree_hal_inline_command_buffer_initialize needs.
IREE_HAL_LOCAL_SYNC_INTERNAL iree_host_size_t iree_hal_inline_command_buffer_size(
    iree_hal_command_buffer_mode_t mode, iree_host_size_t binding_capacity);

// Initializes an inline command buffer in |storage| (not retained, not freed
// by it); |local_memory_cache| may be NULL (scratch then comes from
// |host_allocator| per dispatch). Deinitialize it, do not release it.
IREE_HAL_LOCAL_SYNC_INTERNAL iree_status_t iree_hal_inline_command_buffer_initialize(
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_allocator_t host_allocator,
    ireec_local_memory_cache_t* local_memory_cache, iree_byte_span_t storage,
    iree_hal_command_buffer_t** out_command_buffer);

IREE_HAL_LOCAL_SYNC_INTERNAL void iree_hal_inline_command_buffer_deinitialize(
    iree_hal_command_buffer_t* command_buffer);

// Creates an inline command buffer on the heap; released like any other. It
// retains |device| (which owns |local_memory_cache|) for as long as it lives.
IREE_HAL_LOCAL_SYNC_INTERNAL iree_status_t iree_hal_inline_command_buffer_create(
    iree_hal_device_t* device,
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_allocator_t host_allocator,
    ireec_local_memory_cache_t* local_memory_cache,
    iree_hal_command_buffer_t** out_command_buffer);

// Replays the recorded (deferred) |command_buffer| with |binding_table| on
// the calling thread through an inline command buffer on the stack.
IREE_HAL_LOCAL_SYNC_INTERNAL iree_status_t ireec_inline_command_buffer_replay(
    iree_hal_allocator_t* device_allocator,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_allocator_t host_allocator,
    ireec_local_memory_cache_t* local_memory_cache);

// The bytes replaying the recorded (deferred) |command_buffer| with
// |binding_table| would touch, running nothing: each dispatch's bindings,
// each fill's and update's target, each copy's source and target. A dispatch
// whose grid is read from a buffer counts as IREE_DEVICE_SIZE_MAX. The
// recording is left whole, also a ONE_SHOT one, for the run that follows.
IREE_HAL_LOCAL_SYNC_INTERNAL iree_status_t ireec_inline_command_buffer_measure(
    iree_hal_allocator_t* device_allocator,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_device_size_t* out_bytes);

// Runs one dispatch on the calling thread through an inline command buffer
// on the stack (a queue dispatch, without recording anything).
IREE_HAL_LOCAL_SYNC_INTERNAL iree_status_t ireec_inline_command_buffer_dispatch(
    iree_hal_allocator_t* device_allocator, iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags,
    iree_allocator_t host_allocator,
    ireec_local_memory_cache_t* local_memory_cache);

#endif  // IREEC_HAL_DRIVERS_LOCAL_SYNC_INLINE_COMMAND_BUFFER_H_
