// Local-task devices whose queues wait on other drivers' semaphores.
//
// IREE's task queue treats every semaphore in a wait list as one of its own
// (task semaphores); handed a local-sync semaphore it crashes. Programs
// spanning a local-task and a local-sync device hand it exactly that (a
// fence signalled on one device, waited on by the other), so the local-task
// driver's devices are wrapped (by ireec_cpu_device_create, as they are
// made): each queue operation's wait list has every
// foreign semaphore not yet reached replaced by a task semaphore of the
// wrapped device ("proxy"), which a timepoint on the foreign semaphore
// signals when it is reached (or fails with its status when it fails). Wait
// lists of task semaphores only, the common case, pass through untouched.
//
// Everything else is forwarded to the task device unchanged, through its
// own vtable.

#include <string.h>

#include "iree/hal/api.h"
#include "ireec/decls/hal_driver_api.h"

#include "../host_call_rebind.h"
#include "driver_support.h"

static const iree_hal_resource_t* ireec_resource(const void* object) {
  return (const iree_hal_resource_t*)object;
}

//===----------------------------------------------------------------------===//
// Proxies
//===----------------------------------------------------------------------===//

// A timepoint on a foreign semaphore and the proxy it resolves; freed by the
// timepoint's callback.
typedef struct ireec_foreign_wait_t {
  iree_hal_semaphore_timepoint_t timepoint;
  iree_hal_semaphore_t* proxy;  // one reference, released by the callback
  iree_allocator_t host_allocator;
} ireec_foreign_wait_t;

static iree_status_t ireec_foreign_wait_resolve(void* user_data,
                                                iree_hal_semaphore_t* semaphore,
                                                uint64_t value,
                                                iree_status_code_t status_code) {
  ireec_foreign_wait_t* wait = (ireec_foreign_wait_t*)user_data;
  iree_hal_semaphore_t* proxy = wait->proxy;
  iree_allocator_free(wait->host_allocator, wait);
  if (status_code == IREE_STATUS_OK) {
    iree_status_ignore(iree_hal_semaphore_signal(proxy, 1));
  } else {
    // The foreign semaphore's own failure, when it keeps one, goes on.
    uint64_t current_value = 0;
    iree_status_t failure = iree_hal_semaphore_query(semaphore, &current_value);
    if (iree_status_is_ok(failure)) failure = iree_status_from_code(status_code);
    iree_hal_semaphore_fail(proxy, failure);
  }
  iree_hal_semaphore_release(proxy);
  return iree_ok_status();
}

// A wait list the task queue can take: the caller's when it holds task
// semaphores only, otherwise a copy with proxies (owned here, released after
// the submission: the task queue retains what it keeps). Small lists live
// here, larger ones on the heap.
#define IREEC_FOREIGN_WAITS_INLINE 8

typedef struct ireec_task_wait_list_t {
  iree_hal_semaphore_list_t list;
  // Storage of the copy: semaphores, payload values, then the proxies.
  void* heap_storage;
  iree_hal_semaphore_t* inline_semaphores[IREEC_FOREIGN_WAITS_INLINE];
  uint64_t inline_values[IREEC_FOREIGN_WAITS_INLINE];
  iree_hal_semaphore_t* inline_proxies[IREEC_FOREIGN_WAITS_INLINE];
  iree_hal_semaphore_t** proxies;
  iree_host_size_t proxy_count;
  iree_allocator_t host_allocator;
} ireec_task_wait_list_t;

static void ireec_task_wait_list_deinitialize(ireec_task_wait_list_t* wait_list) {
  for (iree_host_size_t i = 0; i < wait_list->proxy_count; ++i) {
    iree_hal_semaphore_release(wait_list->proxies[i]);
  }
  if (wait_list->heap_storage) {
    iree_allocator_free(wait_list->host_allocator, wait_list->heap_storage);
  }
}

// Makes |wait_list| from |semaphore_list| for submission to |task_device|.
static iree_status_t ireec_task_wait_list_initialize(
    iree_hal_device_t* task_device, iree_allocator_t host_allocator,
    const iree_hal_semaphore_list_t semaphore_list,
    ireec_task_wait_list_t* wait_list) {
  wait_list->list = semaphore_list;
  wait_list->heap_storage = NULL;
  wait_list->proxies = wait_list->inline_proxies;
  wait_list->proxy_count = 0;
  wait_list->host_allocator = host_allocator;
  iree_host_size_t foreign_count = 0;
  for (iree_host_size_t i = 0; i < semaphore_list.count; ++i) {
    if (!iree_hal_task_semaphore_isa(semaphore_list.semaphores[i])) {
      ++foreign_count;
    }
  }
  if (foreign_count == 0) return iree_ok_status();

  iree_hal_semaphore_t** semaphores = wait_list->inline_semaphores;
  uint64_t* values = wait_list->inline_values;
  if (semaphore_list.count > IREEC_FOREIGN_WAITS_INLINE) {
    const iree_host_size_t count = semaphore_list.count;
    IREE_RETURN_IF_ERROR(iree_allocator_malloc(
        host_allocator,
        count * (2 * sizeof(iree_hal_semaphore_t*) + sizeof(uint64_t)),
        &wait_list->heap_storage));
    values = (uint64_t*)wait_list->heap_storage;
    semaphores = (iree_hal_semaphore_t**)(values + count);
    wait_list->proxies = semaphores + count;
  }

  iree_status_t status = iree_ok_status();
  iree_host_size_t count = 0;
  for (iree_host_size_t i = 0;
       i < semaphore_list.count && iree_status_is_ok(status); ++i) {
    iree_hal_semaphore_t* semaphore = semaphore_list.semaphores[i];
    const uint64_t value = semaphore_list.payload_values[i];
    if (iree_hal_task_semaphore_isa(semaphore)) {
      semaphores[count] = semaphore;
      values[count++] = value;
      continue;
    }
    // Already reached: nothing to wait for.
    uint64_t current_value = 0;
    iree_status_t query_status = iree_hal_semaphore_query(semaphore, &current_value);
    bool failed = !iree_status_is_ok(query_status) ||
                  current_value >= IREE_HAL_SEMAPHORE_FAILURE_VALUE;
    iree_status_free(query_status);
    if (!failed && current_value >= value) continue;

    iree_hal_semaphore_t* proxy = NULL;
    status = iree_hal_semaphore_create(task_device, IREE_HAL_QUEUE_AFFINITY_ANY,
                                       0, 0, &proxy);
    if (!iree_status_is_ok(status)) break;
    wait_list->proxies[wait_list->proxy_count++] = proxy;
    ireec_foreign_wait_t* wait = NULL;
    status = iree_allocator_malloc(host_allocator, sizeof(*wait), (void**)&wait);
    if (!iree_status_is_ok(status)) break;
    memset(wait, 0, sizeof(*wait));
    wait->proxy = proxy;
    iree_hal_semaphore_retain(proxy);  // the callback's reference
    wait->host_allocator = host_allocator;
    iree_hal_semaphore_callback_t callback = {
        .fn = ireec_foreign_wait_resolve,
        .user_data = wait,
    };
    iree_hal_semaphore_acquire_timepoint(semaphore, value,
                                         iree_infinite_timeout(), callback,
                                         &wait->timepoint);
    // Reached (or failed) before the timepoint was in place: resolve now.
    iree_hal_semaphore_poll(semaphore);
    semaphores[count] = proxy;
    values[count++] = 1;
  }
  if (!iree_status_is_ok(status)) {
    ireec_task_wait_list_deinitialize(wait_list);
    return status;
  }
  wait_list->list.count = count;
  wait_list->list.semaphores = semaphores;
  wait_list->list.payload_values = values;
  return iree_ok_status();
}

//===----------------------------------------------------------------------===//
// ireec_task_device_t
//===----------------------------------------------------------------------===//

typedef struct ireec_task_device_t {
  iree_hal_resource_t resource;
  iree_allocator_t host_allocator;
  iree_hal_device_t* inner;  // the task device, owned
} ireec_task_device_t;

static const iree_hal_device_vtable_t ireec_task_device_vtable;

static ireec_task_device_t* ireec_task_device_cast(iree_hal_device_t* device) {
  return (ireec_task_device_t*)device;
}

static iree_hal_device_t* ireec_inner(iree_hal_device_t* device) {
  return ireec_task_device_cast(device)->inner;
}

static const iree_hal_device_vtable_t* ireec_inner_vtable(
    iree_hal_device_t* device) {
  return (const iree_hal_device_vtable_t*)ireec_resource(ireec_inner(device))
      ->vtable;
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_task_device_wrap(
    iree_hal_device_t* inner, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  ireec_task_device_t* device = NULL;
  iree_status_t status =
      iree_allocator_malloc(host_allocator, sizeof(*device), (void**)&device);
  if (!iree_status_is_ok(status)) {
    iree_hal_device_release(inner);
    return status;
  }
  device->resource.ref_count = 1;
  device->resource.vtable = &ireec_task_device_vtable;
  device->host_allocator = host_allocator;
  device->inner = inner;
  *out_device = (iree_hal_device_t*)device;
  return iree_ok_status();
}

static void ireec_task_device_destroy(iree_hal_device_t* base_device) {
  ireec_task_device_t* device = ireec_task_device_cast(base_device);
  iree_hal_device_release(device->inner);
  iree_allocator_free(device->host_allocator, device);
}

static iree_string_view_t ireec_task_device_id(iree_hal_device_t* device) {
  return ireec_inner_vtable(device)->id(ireec_inner(device));
}

static iree_allocator_t ireec_task_device_host_allocator(
    iree_hal_device_t* device) {
  return ireec_inner_vtable(device)->host_allocator(ireec_inner(device));
}

static iree_hal_allocator_t* ireec_task_device_device_allocator(
    iree_hal_device_t* device) {
  return ireec_inner_vtable(device)->device_allocator(ireec_inner(device));
}

static void ireec_task_device_replace_device_allocator(
    iree_hal_device_t* device, iree_hal_allocator_t* new_allocator) {
  ireec_inner_vtable(device)->replace_device_allocator(ireec_inner(device),
                                                       new_allocator);
}

static void ireec_task_device_replace_channel_provider(
    iree_hal_device_t* device, iree_hal_channel_provider_t* new_provider) {
  ireec_inner_vtable(device)->replace_channel_provider(ireec_inner(device),
                                                       new_provider);
}

static iree_status_t ireec_task_device_trim(iree_hal_device_t* device) {
  return ireec_inner_vtable(device)->trim(ireec_inner(device));
}

static iree_status_t ireec_task_device_query_i64(iree_hal_device_t* device,
                                                 iree_string_view_t category,
                                                 iree_string_view_t key,
                                                 int64_t* out_value) {
  return ireec_inner_vtable(device)->query_i64(ireec_inner(device), category,
                                               key, out_value);
}

static iree_status_t ireec_task_device_create_channel(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_channel_params_t params, iree_hal_channel_t** out_channel) {
  return ireec_inner_vtable(device)->create_channel(
      ireec_inner(device), queue_affinity, params, out_channel);
}

static iree_status_t ireec_task_device_create_command_buffer(
    iree_hal_device_t* device, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t** out_command_buffer) {
  return ireec_inner_vtable(device)->create_command_buffer(
      ireec_inner(device), mode, command_categories, queue_affinity,
      binding_capacity, out_command_buffer);
}

static iree_status_t ireec_task_device_create_event(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_event_flags_t flags, iree_hal_event_t** out_event) {
  return ireec_inner_vtable(device)->create_event(ireec_inner(device),
                                                  queue_affinity, flags,
                                                  out_event);
}

static iree_status_t ireec_task_device_create_executable_cache(
    iree_hal_device_t* device, iree_string_view_t identifier, iree_loop_t loop,
    iree_hal_executable_cache_t** out_executable_cache) {
  return ireec_inner_vtable(device)->create_executable_cache(
      ireec_inner(device), identifier, loop, out_executable_cache);
}

static iree_status_t ireec_task_device_import_file(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_memory_access_t access, iree_io_file_handle_t* handle,
    iree_hal_external_file_flags_t flags, iree_hal_file_t** out_file) {
  return ireec_inner_vtable(device)->import_file(
      ireec_inner(device), queue_affinity, access, handle, flags, out_file);
}

static iree_status_t ireec_task_device_create_semaphore(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    uint64_t initial_value, iree_hal_semaphore_flags_t flags,
    iree_hal_semaphore_t** out_semaphore) {
  return ireec_inner_vtable(device)->create_semaphore(
      ireec_inner(device), queue_affinity, initial_value, flags, out_semaphore);
}

static iree_hal_semaphore_compatibility_t
ireec_task_device_query_semaphore_compatibility(iree_hal_device_t* device,
                                                iree_hal_semaphore_t* semaphore) {
  return ireec_inner_vtable(device)->query_semaphore_compatibility(
      ireec_inner(device), semaphore);
}

// Runs |call| (a queue operation of the inner device taking |waits|) with the
// wait list made acceptable to the task queue.
#define IREEC_WITH_TASK_WAITS(device, wait_semaphore_list, waits, call)        \
  do {                                                                         \
    ireec_task_wait_list_t waits;                                              \
    IREE_RETURN_IF_ERROR(ireec_task_wait_list_initialize(                      \
        ireec_inner(device), ireec_task_device_cast(device)->host_allocator,   \
        (wait_semaphore_list), &waits));                                       \
    iree_status_t call_status = (call);                                        \
    ireec_task_wait_list_deinitialize(&waits);                                 \
    return call_status;                                                        \
  } while (0)

static iree_status_t ireec_task_device_queue_alloca(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_allocator_pool_t pool, iree_hal_buffer_params_t params,
    iree_device_size_t allocation_size, iree_hal_alloca_flags_t flags,
    iree_hal_buffer_t** IREE_RESTRICT out_buffer) {
  IREEC_WITH_TASK_WAITS(
      device, wait_semaphore_list, waits,
      ireec_inner_vtable(device)->queue_alloca(
          ireec_inner(device), queue_affinity, waits.list,
          signal_semaphore_list, pool, params, allocation_size, flags,
          out_buffer));
}

static iree_status_t ireec_task_device_queue_dealloca(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* buffer, iree_hal_dealloca_flags_t flags) {
  IREEC_WITH_TASK_WAITS(
      device, wait_semaphore_list, waits,
      ireec_inner_vtable(device)->queue_dealloca(
          ireec_inner(device), queue_affinity, waits.list,
          signal_semaphore_list, buffer, flags));
}

static iree_status_t ireec_task_device_queue_fill(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, const void* pattern,
    iree_host_size_t pattern_length, iree_hal_fill_flags_t flags) {
  IREEC_WITH_TASK_WAITS(
      device, wait_semaphore_list, waits,
      ireec_inner_vtable(device)->queue_fill(
          ireec_inner(device), queue_affinity, waits.list,
          signal_semaphore_list, target_buffer, target_offset, length, pattern,
          pattern_length, flags));
}

static iree_status_t ireec_task_device_queue_update(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    const void* source_buffer, iree_host_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_update_flags_t flags) {
  IREEC_WITH_TASK_WAITS(
      device, wait_semaphore_list, waits,
      ireec_inner_vtable(device)->queue_update(
          ireec_inner(device), queue_affinity, waits.list,
          signal_semaphore_list, source_buffer, source_offset, target_buffer,
          target_offset, length, flags));
}

static iree_status_t ireec_task_device_queue_copy(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_copy_flags_t flags) {
  IREEC_WITH_TASK_WAITS(
      device, wait_semaphore_list, waits,
      ireec_inner_vtable(device)->queue_copy(
          ireec_inner(device), queue_affinity, waits.list,
          signal_semaphore_list, source_buffer, source_offset, target_buffer,
          target_offset, length, flags));
}

static iree_status_t ireec_task_device_queue_read(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_read_flags_t flags) {
  IREEC_WITH_TASK_WAITS(
      device, wait_semaphore_list, waits,
      ireec_inner_vtable(device)->queue_read(
          ireec_inner(device), queue_affinity, waits.list,
          signal_semaphore_list, source_file, source_offset, target_buffer,
          target_offset, length, flags));
}

static iree_status_t ireec_task_device_queue_write(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length, iree_hal_write_flags_t flags) {
  IREEC_WITH_TASK_WAITS(
      device, wait_semaphore_list, waits,
      ireec_inner_vtable(device)->queue_write(
          ireec_inner(device), queue_affinity, waits.list,
          signal_semaphore_list, source_buffer, source_offset, target_file,
          target_offset, length, flags));
}

static iree_status_t ireec_task_device_queue_host_call(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_host_call_t call, const uint64_t* args,
    iree_hal_host_call_flags_t flags) {
  // The call sees this device, the one its caller queued on.
  iree_hal_host_call_t rebound_call;
  IREE_RETURN_IF_ERROR(ireec_hal_host_call_rebind(
      device, call, ireec_task_device_cast(device)->host_allocator,
      &rebound_call));
  ireec_task_wait_list_t waits;
  iree_status_t status = ireec_task_wait_list_initialize(
      ireec_inner(device), ireec_task_device_cast(device)->host_allocator,
      wait_semaphore_list, &waits);
  if (iree_status_is_ok(status)) {
    status = ireec_inner_vtable(device)->queue_host_call(
        ireec_inner(device), queue_affinity, waits.list, signal_semaphore_list,
        rebound_call, args, flags);
    ireec_task_wait_list_deinitialize(&waits);
  }
  if (!iree_status_is_ok(status)) {
    ireec_hal_host_call_rebind_discard(rebound_call);
  }
  return status;
}

static iree_status_t ireec_task_device_queue_dispatch(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings,
    iree_hal_dispatch_flags_t flags) {
  IREEC_WITH_TASK_WAITS(
      device, wait_semaphore_list, waits,
      ireec_inner_vtable(device)->queue_dispatch(
          ireec_inner(device), queue_affinity, waits.list,
          signal_semaphore_list, executable, export_ordinal, config, constants,
          bindings, flags));
}

static iree_status_t ireec_task_device_queue_execute(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_execute_flags_t flags) {
  IREEC_WITH_TASK_WAITS(
      device, wait_semaphore_list, waits,
      ireec_inner_vtable(device)->queue_execute(
          ireec_inner(device), queue_affinity, waits.list,
          signal_semaphore_list, command_buffer, binding_table, flags));
}

static iree_status_t ireec_task_device_queue_flush(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity) {
  return ireec_inner_vtable(device)->queue_flush(ireec_inner(device),
                                                 queue_affinity);
}

static iree_status_t ireec_task_device_wait_semaphores(
    iree_hal_device_t* device, iree_hal_wait_mode_t wait_mode,
    const iree_hal_semaphore_list_t semaphore_list, iree_timeout_t timeout,
    iree_hal_wait_flags_t flags) {
  for (iree_host_size_t i = 0; i < semaphore_list.count; ++i) {
    if (iree_hal_task_semaphore_isa(semaphore_list.semaphores[i])) continue;
    // Mixed lists: each semaphore waits by itself (its own driver's wait).
    if (wait_mode == IREE_HAL_WAIT_MODE_ALL) {
      return iree_hal_semaphore_list_wait(semaphore_list, timeout, flags);
    }
    return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                            "local-task cannot wait for any of a list holding "
                            "other drivers' semaphores");
  }
  return ireec_inner_vtable(device)->wait_semaphores(
      ireec_inner(device), wait_mode, semaphore_list, timeout, flags);
}

static iree_status_t ireec_task_device_profiling_begin(
    iree_hal_device_t* device,
    const iree_hal_device_profiling_options_t* options) {
  return ireec_inner_vtable(device)->profiling_begin(ireec_inner(device),
                                                     options);
}

static iree_status_t ireec_task_device_profiling_flush(
    iree_hal_device_t* device) {
  return ireec_inner_vtable(device)->profiling_flush(ireec_inner(device));
}

static iree_status_t ireec_task_device_profiling_end(iree_hal_device_t* device) {
  return ireec_inner_vtable(device)->profiling_end(ireec_inner(device));
}

static const iree_hal_device_vtable_t ireec_task_device_vtable = {
    .destroy = ireec_task_device_destroy,
    .id = ireec_task_device_id,
    .host_allocator = ireec_task_device_host_allocator,
    .device_allocator = ireec_task_device_device_allocator,
    .replace_device_allocator = ireec_task_device_replace_device_allocator,
    .replace_channel_provider = ireec_task_device_replace_channel_provider,
    .trim = ireec_task_device_trim,
    .query_i64 = ireec_task_device_query_i64,
    .create_channel = ireec_task_device_create_channel,
    .create_command_buffer = ireec_task_device_create_command_buffer,
    .create_event = ireec_task_device_create_event,
    .create_executable_cache = ireec_task_device_create_executable_cache,
    .import_file = ireec_task_device_import_file,
    .create_semaphore = ireec_task_device_create_semaphore,
    .query_semaphore_compatibility =
        ireec_task_device_query_semaphore_compatibility,
    .queue_alloca = ireec_task_device_queue_alloca,
    .queue_dealloca = ireec_task_device_queue_dealloca,
    .queue_fill = ireec_task_device_queue_fill,
    .queue_update = ireec_task_device_queue_update,
    .queue_copy = ireec_task_device_queue_copy,
    .queue_read = ireec_task_device_queue_read,
    .queue_write = ireec_task_device_queue_write,
    .queue_host_call = ireec_task_device_queue_host_call,
    .queue_dispatch = ireec_task_device_queue_dispatch,
    .queue_execute = ireec_task_device_queue_execute,
    .queue_flush = ireec_task_device_queue_flush,
    .wait_semaphores = ireec_task_device_wait_semaphores,
    .profiling_begin = ireec_task_device_profiling_begin,
    .profiling_flush = ireec_task_device_profiling_flush,
    .profiling_end = ireec_task_device_profiling_end,
};
