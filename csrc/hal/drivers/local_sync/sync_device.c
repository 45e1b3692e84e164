// iree_hal_sync_device_t: IREE's synchronous CPU device. Every queue
// operation runs on the thread that submits it: it waits (blocking) until its
// wait semaphores are reached, does its work inline and then signals.
//
// Failures follow the queue model of IREE's asynchronous devices, so that
// programs behave alike on local-task and local-sync: once a submission has
// been accepted, a failed wait (a semaphore waited on has failed) or a
// failure while doing the work fails the submission's signal semaphores with
// that status instead of being returned (their waiters get ABORTED and the
// status is kept); only a submission with nothing to signal returns it.
//
// Recorded command buffers are deferred command buffers from a block pool of
// the device, replayed at submission through an inline command buffer on the
// stack; dispatches borrow the device's cached workgroup-local memory, so a
// submission allocates nothing on the heap once warm.

#include <string.h>

#include "iree/hal/api.h"
#include "iree/hal/drivers/local_sync/sync_device.h"
#include "iree/hal/drivers/local_task/task_semaphore.h"
#include "iree/hal/local/executable_loader.h"
#include "iree/hal/local/local_executable_cache.h"
#include "iree/hal/utils/deferred_command_buffer.h"
#include "iree/hal/utils/file_registry.h"
#include "iree/hal/utils/file_transfer.h"
#include "iree/hal/utils/memory_file.h"
#include "iree/hal/utils/semaphore_base.h"

#include "../../file_transfers.h"
#include "inline_command_buffer.h"
#include "local_executable.h"
#include "sync_event.h"
#include "sync_semaphore.h"

typedef struct iree_hal_sync_device_t {
  iree_hal_resource_t resource;
  iree_string_view_t identifier;  // points into this allocation
  iree_allocator_t host_allocator;
  iree_hal_allocator_t* device_allocator;
  // Optional provider for collective channels (none are implemented).
  iree_hal_channel_provider_t* channel_provider;
  // Blocks of recorded command buffers; larger than the default because
  // recorded updates keep their data inline.
  ireec_arena_block_pool_storage_t large_block_pool;
  // Workgroup-local memory reused by dispatches.
  ireec_local_memory_cache_t local_memory_cache;
  iree_host_size_t loader_count;
  iree_hal_executable_loader_t* loaders[];
} iree_hal_sync_device_t;

static const iree_hal_device_vtable_t iree_hal_sync_device_vtable;

static iree_hal_sync_device_t* iree_hal_sync_device_cast(
    iree_hal_device_t* base_value) {
  return (iree_hal_sync_device_t*)base_value;
}

static iree_arena_block_pool_t* iree_hal_sync_device_block_pool(
    iree_hal_sync_device_t* device) {
  return (iree_arena_block_pool_t*)&device->large_block_pool;
}

IREE_API_EXPORT void iree_hal_sync_device_params_initialize(
    iree_hal_sync_device_params_t* out_params) {
  memset(out_params, 0, sizeof(*out_params));
  out_params->arena_block_size = 32 * 1024;
}

IREE_API_EXPORT iree_status_t iree_hal_sync_device_create(
    iree_string_view_t identifier, const iree_hal_sync_device_params_t* params,
    iree_host_size_t loader_count, iree_hal_executable_loader_t** loaders,
    iree_hal_allocator_t* device_allocator, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  if (!out_device) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT, "out_device is NULL");
  }
  *out_device = NULL;
  if (!params || !device_allocator || (loader_count && !loaders)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "params, device_allocator and (when loader_count "
                            "is not 0) loaders are required");
  }
  if (params->arena_block_size < 4096) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "arena block size too small (< 4096 bytes)");
  }

  iree_hal_sync_device_t* device = NULL;
  const iree_host_size_t struct_size =
      sizeof(*device) + loader_count * sizeof(device->loaders[0]);
  IREE_RETURN_IF_ERROR(iree_allocator_malloc_aligned(
      host_allocator, struct_size + identifier.size,
      iree_alignof(iree_hal_sync_device_t), 0, (void**)&device));
  memset(device, 0, struct_size + identifier.size);
  // One reference, the caller's; nothing else sees the device yet.
  iree_hal_resource_initialize(&iree_hal_sync_device_vtable, &device->resource);
  char* identifier_storage = (char*)device + struct_size;
  memcpy(identifier_storage, identifier.data, identifier.size);
  device->identifier =
      iree_make_string_view(identifier_storage, identifier.size);
  device->host_allocator = host_allocator;
  device->device_allocator = device_allocator;
  iree_hal_allocator_retain(device_allocator);
  iree_arena_block_pool_initialize(params->arena_block_size, host_allocator,
                                   iree_hal_sync_device_block_pool(device));
  ireec_local_memory_cache_initialize(host_allocator,
                                      &device->local_memory_cache);
  device->loader_count = loader_count;
  for (iree_host_size_t i = 0; i < loader_count; ++i) {
    device->loaders[i] = loaders[i];
    iree_hal_executable_loader_retain(loaders[i]);
  }
  *out_device = (iree_hal_device_t*)device;
  return iree_ok_status();
}

static void iree_hal_sync_device_destroy(iree_hal_device_t* base_device) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  iree_allocator_t host_allocator = device->host_allocator;
  for (iree_host_size_t i = 0; i < device->loader_count; ++i) {
    iree_hal_executable_loader_release(device->loaders[i]);
  }
  iree_hal_allocator_release(device->device_allocator);
  if (device->channel_provider) {
    iree_hal_channel_provider_release(device->channel_provider);
  }
  ireec_local_memory_cache_deinitialize(&device->local_memory_cache);
  iree_arena_block_pool_deinitialize(iree_hal_sync_device_block_pool(device));
  iree_allocator_free_aligned(host_allocator, device);
}

static iree_string_view_t iree_hal_sync_device_id(
    iree_hal_device_t* base_device) {
  return iree_hal_sync_device_cast(base_device)->identifier;
}

static iree_allocator_t iree_hal_sync_device_host_allocator(
    iree_hal_device_t* base_device) {
  return iree_hal_sync_device_cast(base_device)->host_allocator;
}

static iree_hal_allocator_t* iree_hal_sync_device_allocator(
    iree_hal_device_t* base_device) {
  return iree_hal_sync_device_cast(base_device)->device_allocator;
}

static void iree_hal_sync_device_replace_device_allocator(
    iree_hal_device_t* base_device, iree_hal_allocator_t* new_allocator) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  iree_hal_allocator_retain(new_allocator);
  iree_hal_allocator_release(device->device_allocator);
  device->device_allocator = new_allocator;
}

static void iree_hal_sync_device_replace_channel_provider(
    iree_hal_device_t* base_device, iree_hal_channel_provider_t* new_provider) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  if (new_provider) iree_hal_channel_provider_retain(new_provider);
  if (device->channel_provider) {
    iree_hal_channel_provider_release(device->channel_provider);
  }
  device->channel_provider = new_provider;
}

static iree_status_t iree_hal_sync_device_trim(iree_hal_device_t* base_device) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  iree_arena_block_pool_trim(iree_hal_sync_device_block_pool(device));
  return iree_hal_allocator_trim(device->device_allocator);
}

static iree_status_t iree_hal_sync_device_query_i64(
    iree_hal_device_t* base_device, iree_string_view_t category,
    iree_string_view_t key, int64_t* out_value) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  *out_value = 0;
  if (iree_string_view_equal(category, IREE_SV("hal.device.id"))) {
    *out_value = iree_string_view_match_pattern(device->identifier, key) ? 1 : 0;
    return iree_ok_status();
  }
  if (iree_string_view_equal(category, IREE_SV("hal.executable.format"))) {
    *out_value = iree_hal_query_any_executable_loader_support(
                     device->loader_count, device->loaders,
                     /*caching_mode=*/0, key)
                     ? 1
                     : 0;
    return iree_ok_status();
  }
  if ((iree_string_view_equal(category, IREE_SV("hal.device")) ||
       iree_string_view_equal(category, IREE_SV("hal.dispatch"))) &&
      iree_string_view_equal(key, IREE_SV("concurrency"))) {
    *out_value = 1;  // everything runs on the one calling thread
    return iree_ok_status();
  }
  if (iree_string_view_equal(category, IREE_SV("hal.cpu"))) {
    return iree_cpu_lookup_data_by_key(key, out_value);
  }
  return iree_make_status(
      IREE_STATUS_NOT_FOUND,
      "unknown device configuration key value '%.*s :: %.*s'",
      (int)category.size, category.data, (int)key.size, key.data);
}

static iree_status_t iree_hal_sync_device_create_channel(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_channel_params_t params, iree_hal_channel_t** out_channel) {
  return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                          "collectives are not implemented on local-sync");
}

static iree_status_t iree_hal_sync_device_create_command_buffer(
    iree_hal_device_t* base_device, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t** out_command_buffer) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  if (iree_all_bits_set(mode,
                        IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT |
                            IREE_HAL_COMMAND_BUFFER_MODE_ALLOW_INLINE_EXECUTION) &&
      binding_capacity == 0) {
    // The caller allows executing while recording (and will submit it once):
    // no replay needed. Anything else is recorded and replayed at submission.
    return iree_hal_inline_command_buffer_create(
        base_device, device->device_allocator, mode, command_categories,
        queue_affinity, binding_capacity, device->host_allocator,
        &device->local_memory_cache, out_command_buffer);
  }
  return iree_hal_deferred_command_buffer_create(
      device->device_allocator, mode, command_categories, queue_affinity,
      binding_capacity, iree_hal_sync_device_block_pool(device),
      device->host_allocator, out_command_buffer);
}

static iree_status_t iree_hal_sync_device_create_event(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_event_flags_t flags, iree_hal_event_t** out_event) {
  return iree_hal_sync_event_create(queue_affinity, flags,
                                    iree_hal_sync_device_cast(base_device)
                                        ->host_allocator,
                                    out_event);
}

static iree_status_t iree_hal_sync_device_create_executable_cache(
    iree_hal_device_t* base_device, iree_string_view_t identifier,
    iree_loop_t loop, iree_hal_executable_cache_t** out_executable_cache) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  // One worker: executables size their per-worker state for this thread.
  return iree_hal_local_executable_cache_create(
      identifier, /*worker_capacity=*/1, device->loader_count, device->loaders,
      device->host_allocator, out_executable_cache);
}

static iree_status_t iree_hal_sync_device_import_file(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_memory_access_t access, iree_io_file_handle_t* handle,
    iree_hal_external_file_flags_t flags, iree_hal_file_t** out_file) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  // Host allocations become memory files (iree_hal_memory_file_wrap, which
  // imports them as buffers where the allocator can), descriptors fd files.
  return iree_hal_file_from_handle(device->device_allocator, queue_affinity,
                                   access, handle, device->host_allocator,
                                   out_file);
}

static iree_status_t iree_hal_sync_device_create_semaphore(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    uint64_t initial_value, iree_hal_semaphore_flags_t flags,
    iree_hal_semaphore_t** out_semaphore) {
  return iree_hal_sync_semaphore_create(
      initial_value, iree_hal_sync_device_cast(base_device)->host_allocator,
      out_semaphore);
}

static iree_hal_semaphore_compatibility_t
iree_hal_sync_device_query_semaphore_compatibility(
    iree_hal_device_t* base_device, iree_hal_semaphore_t* semaphore) {
  // The queue waits and signals on the calling thread: its own semaphores,
  // and task semaphores (which tell their timepoints when signalled, so a
  // wait of several follows them). Other drivers' semaphores only the host
  // waits on by itself.
  if (iree_hal_sync_semaphore_isa(semaphore) ||
      iree_hal_task_semaphore_isa(semaphore)) {
    return IREE_HAL_SEMAPHORE_COMPATIBILITY_ALL;
  }
  return IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_ONLY;
}

//===----------------------------------------------------------------------===//
// Queue operations
//===----------------------------------------------------------------------===//

// Waits for |wait_semaphore_list|. Returns true when the work may run; false
// when a semaphore waited on has failed, after failing the signal semaphores
// with its status (or storing it in |out_status| when there are none).
static bool iree_hal_sync_device_queue_wait(
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_status_t* out_status) {
  *out_status = iree_ok_status();
  iree_status_t status = iree_hal_sync_semaphore_multi_wait(
      IREE_HAL_WAIT_MODE_ALL, wait_semaphore_list, iree_infinite_timeout(),
      IREE_HAL_WAIT_FLAG_DEFAULT);
  if (iree_status_is_ok(status)) return true;
  // The failure itself, rather than a bare ABORTED, goes downstream.
  iree_status_t failure = iree_hal_sync_semaphore_list_failure(wait_semaphore_list);
  if (!iree_status_is_ok(failure)) {
    iree_status_free(status);
    status = failure;
  }
  if (signal_semaphore_list.count > 0) {
    iree_hal_semaphore_list_fail(signal_semaphore_list, status);
  } else {
    *out_status = status;
  }
  return false;
}

// Completes a submission whose work returned |work_status|: signals on
// success, fails the signal semaphores (or returns the failure when there
// are none) otherwise.
static iree_status_t iree_hal_sync_device_queue_complete(
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_status_t work_status) {
  if (iree_status_is_ok(work_status)) {
    return iree_hal_sync_semaphore_multi_signal(signal_semaphore_list);
  }
  if (signal_semaphore_list.count == 0) return work_status;
  iree_hal_semaphore_list_fail(signal_semaphore_list, work_status);
  return iree_ok_status();
}

// Returns the result of a queue operation whose work is |work|, an
// expression evaluated only once the waits are met: waits, runs it,
// completes (iree_hal_sync_device_queue_complete).
#define IREE_HAL_SYNC_DEVICE_QUEUE_RUN(wait_semaphore_list,                \
                                       signal_semaphore_list, work)        \
  do {                                                                     \
    iree_status_t wait_status = iree_ok_status();                          \
    if (!iree_hal_sync_device_queue_wait((wait_semaphore_list),            \
                                         (signal_semaphore_list),          \
                                         &wait_status)) {                  \
      return wait_status;                                                  \
    }                                                                      \
    return iree_hal_sync_device_queue_complete((signal_semaphore_list),    \
                                               (work));                    \
  } while (0)

static iree_status_t iree_hal_sync_device_queue_alloca(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_allocator_pool_t pool, iree_hal_buffer_params_t params,
    iree_device_size_t allocation_size, iree_hal_alloca_flags_t flags,
    iree_hal_buffer_t** IREE_RESTRICT out_buffer) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  *out_buffer = NULL;
  // The buffer is returned now, so allocation failures are returned too.
  iree_status_t status = iree_ok_status();
  if (!iree_hal_sync_device_queue_wait(wait_semaphore_list,
                                       signal_semaphore_list, &status)) {
    if (!iree_status_is_ok(status)) return status;
    return iree_make_status(IREE_STATUS_ABORTED,
                            "queue_alloca waited on a failed semaphore");
  }
  IREE_RETURN_IF_ERROR(iree_hal_allocator_allocate_buffer(
      device->device_allocator, params, allocation_size, out_buffer));
  status = iree_hal_sync_semaphore_multi_signal(signal_semaphore_list);
  if (!iree_status_is_ok(status)) {
    iree_hal_buffer_release(*out_buffer);
    *out_buffer = NULL;
  }
  return status;
}

static iree_status_t iree_hal_sync_device_queue_dealloca(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* buffer, iree_hal_dealloca_flags_t flags) {
  // The memory goes when the last reference to |buffer| does; the queue only
  // orders the semaphores.
  IREE_HAL_SYNC_DEVICE_QUEUE_RUN(wait_semaphore_list, signal_semaphore_list,
                                 iree_ok_status());
}

static iree_status_t iree_hal_sync_device_queue_fill(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, const void* pattern,
    iree_host_size_t pattern_length, iree_hal_fill_flags_t flags) {
  IREE_HAL_SYNC_DEVICE_QUEUE_RUN(
      wait_semaphore_list, signal_semaphore_list,
      iree_hal_buffer_map_fill(target_buffer, target_offset, length, pattern,
                               pattern_length));
}

static iree_status_t iree_hal_sync_device_queue_update(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    const void* source_buffer, iree_host_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_update_flags_t flags) {
  IREE_HAL_SYNC_DEVICE_QUEUE_RUN(
      wait_semaphore_list, signal_semaphore_list,
      iree_hal_buffer_map_write(target_buffer, target_offset,
                                (const uint8_t*)source_buffer + source_offset,
                                length));
}

static iree_status_t iree_hal_sync_device_queue_copy(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_copy_flags_t flags) {
  IREE_HAL_SYNC_DEVICE_QUEUE_RUN(
      wait_semaphore_list, signal_semaphore_list,
      iree_hal_buffer_map_copy(source_buffer, source_offset, target_buffer,
                               target_offset, length));
}

// File transfers in IREE's default chunking, run to completion on an inline
// loop (the chunks are this device's own queue copies).
static iree_hal_file_transfer_options_t iree_hal_sync_device_transfer_options(
    iree_status_t* loop_status) {
  iree_hal_file_transfer_options_t options;
  memset(&options, 0, sizeof(options));
  options.loop.self = loop_status;
  options.loop.ctl = iree_loop_inline_ctl;
  options.chunk_count = 0;  // IREE_HAL_FILE_TRANSFER_CHUNK_COUNT_DEFAULT
  options.chunk_size = 0;   // IREE_HAL_FILE_TRANSFER_CHUNK_SIZE_DEFAULT
  return options;
}

// Files that do synchronous I/O (fd files, memory files) are read and
// written on this thread like any other queue work. Others go through IREE's
// streaming transfer, run on an inline loop.
static iree_status_t iree_hal_sync_device_queue_read(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_read_flags_t flags) {
  IREE_RETURN_IF_ERROR(
      ireec_hal_file_check_range(source_file, source_offset, length));
  if (iree_hal_file_supports_synchronous_io(source_file)) {
    IREE_HAL_SYNC_DEVICE_QUEUE_RUN(
        wait_semaphore_list, signal_semaphore_list,
        iree_hal_file_read(source_file, source_offset, target_buffer,
                           target_offset, length));
  }
  iree_status_t loop_status = iree_ok_status();
  IREE_RETURN_IF_ERROR(iree_hal_device_queue_read_streaming(
      base_device, queue_affinity, wait_semaphore_list, signal_semaphore_list,
      source_file, source_offset, target_buffer, target_offset, length, flags,
      iree_hal_sync_device_transfer_options(&loop_status)));
  return loop_status;
}

static iree_status_t iree_hal_sync_device_queue_write(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length, iree_hal_write_flags_t flags) {
  if (iree_hal_file_supports_synchronous_io(target_file)) {
    IREE_HAL_SYNC_DEVICE_QUEUE_RUN(
        wait_semaphore_list, signal_semaphore_list,
        iree_hal_file_write(target_file, target_offset, source_buffer,
                            source_offset, length));
  }
  iree_status_t loop_status = iree_ok_status();
  IREE_RETURN_IF_ERROR(iree_hal_device_queue_write_streaming(
      base_device, queue_affinity, wait_semaphore_list, signal_semaphore_list,
      source_buffer, source_offset, target_file, target_offset, length, flags,
      iree_hal_sync_device_transfer_options(&loop_status)));
  return loop_status;
}

static iree_status_t iree_hal_sync_device_queue_host_call(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_host_call_t call, const uint64_t* args,
    iree_hal_host_call_flags_t flags) {
  iree_status_t status = iree_ok_status();
  if (!iree_hal_sync_device_queue_wait(wait_semaphore_list,
                                       signal_semaphore_list, &status)) {
    return status;
  }
  // A non-blocking call signals first: work waiting on it (on other devices)
  // need not wait for the call itself.
  const bool is_nonblocking =
      iree_any_bit_set(flags, IREE_HAL_HOST_CALL_FLAG_NON_BLOCKING);
  if (is_nonblocking) {
    IREE_RETURN_IF_ERROR(
        iree_hal_sync_semaphore_multi_signal(signal_semaphore_list));
  }
  iree_hal_host_call_context_t context;
  memset(&context, 0, sizeof(context));
  context.device = base_device;
  context.queue_affinity = queue_affinity;
  context.signal_semaphore_list =
      is_nonblocking ? iree_hal_semaphore_list_empty() : signal_semaphore_list;
  iree_status_t call_status = call.fn(call.user_data, args, &context);
  if (is_nonblocking) {
    iree_status_free(call_status);  // nobody is left to tell
    return iree_ok_status();
  }
  if (iree_status_is_deferred(call_status)) {
    // The callee took over the signal semaphores and signals them later.
    return iree_ok_status();
  }
  return iree_hal_sync_device_queue_complete(signal_semaphore_list,
                                             call_status);
}

static iree_status_t iree_hal_sync_device_queue_dispatch(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings,
    iree_hal_dispatch_flags_t flags) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  IREE_HAL_SYNC_DEVICE_QUEUE_RUN(
      wait_semaphore_list, signal_semaphore_list,
      ireec_inline_command_buffer_dispatch(
          device->device_allocator, executable, export_ordinal, config,
          constants, bindings, flags, device->host_allocator,
          &device->local_memory_cache));
}

static iree_status_t iree_hal_sync_device_queue_execute(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_execute_flags_t flags) {
  iree_hal_sync_device_t* device = iree_hal_sync_device_cast(base_device);
  iree_status_t status = iree_ok_status();
  if (!iree_hal_sync_device_queue_wait(wait_semaphore_list,
                                       signal_semaphore_list, &status)) {
    return status;
  }
  // No command buffer is a barrier; an inline one already ran as it was
  // recorded; a recorded one is replayed now.
  iree_status_t work_status = iree_ok_status();
  if (command_buffer && iree_hal_deferred_command_buffer_isa(command_buffer)) {
    work_status = ireec_inline_command_buffer_replay(
        device->device_allocator, command_buffer, binding_table,
        device->host_allocator, &device->local_memory_cache);
  }
  return iree_hal_sync_device_queue_complete(signal_semaphore_list,
                                             work_status);
}

static iree_status_t iree_hal_sync_device_queue_flush(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity) {
  return iree_ok_status();  // every submission has run by the time it returns
}

static iree_status_t iree_hal_sync_device_wait_semaphores(
    iree_hal_device_t* base_device, iree_hal_wait_mode_t wait_mode,
    const iree_hal_semaphore_list_t semaphore_list, iree_timeout_t timeout,
    iree_hal_wait_flags_t flags) {
  return iree_hal_sync_semaphore_multi_wait(wait_mode, semaphore_list, timeout,
                                            flags);
}

static iree_status_t iree_hal_sync_device_profiling_begin(
    iree_hal_device_t* base_device,
    const iree_hal_device_profiling_options_t* options) {
  return iree_ok_status();  // nothing to capture beyond what tracing sees
}

static iree_status_t iree_hal_sync_device_profiling_flush(
    iree_hal_device_t* base_device) {
  return iree_ok_status();
}

static iree_status_t iree_hal_sync_device_profiling_end(
    iree_hal_device_t* base_device) {
  return iree_ok_status();
}

static const iree_hal_device_vtable_t iree_hal_sync_device_vtable = {
    .destroy = iree_hal_sync_device_destroy,
    .id = iree_hal_sync_device_id,
    .host_allocator = iree_hal_sync_device_host_allocator,
    .device_allocator = iree_hal_sync_device_allocator,
    .replace_device_allocator = iree_hal_sync_device_replace_device_allocator,
    .replace_channel_provider = iree_hal_sync_device_replace_channel_provider,
    .trim = iree_hal_sync_device_trim,
    .query_i64 = iree_hal_sync_device_query_i64,
    .create_channel = iree_hal_sync_device_create_channel,
    .create_command_buffer = iree_hal_sync_device_create_command_buffer,
    .create_event = iree_hal_sync_device_create_event,
    .create_executable_cache = iree_hal_sync_device_create_executable_cache,
    .import_file = iree_hal_sync_device_import_file,
    .create_semaphore = iree_hal_sync_device_create_semaphore,
    .query_semaphore_compatibility =
        iree_hal_sync_device_query_semaphore_compatibility,
    .queue_alloca = iree_hal_sync_device_queue_alloca,
    .queue_dealloca = iree_hal_sync_device_queue_dealloca,
    .queue_fill = iree_hal_sync_device_queue_fill,
    .queue_update = iree_hal_sync_device_queue_update,
    .queue_copy = iree_hal_sync_device_queue_copy,
    .queue_read = iree_hal_sync_device_queue_read,
    .queue_write = iree_hal_sync_device_queue_write,
    .queue_host_call = iree_hal_sync_device_queue_host_call,
    .queue_dispatch = iree_hal_sync_device_queue_dispatch,
    .queue_execute = iree_hal_sync_device_queue_execute,
    .queue_flush = iree_hal_sync_device_queue_flush,
    .wait_semaphores = iree_hal_sync_device_wait_semaphores,
    .profiling_begin = iree_hal_sync_device_profiling_begin,
    .profiling_flush = iree_hal_sync_device_profiling_flush,
    .profiling_end = iree_hal_sync_device_profiling_end,
};
