// The forwarding device base (see forwarding_device.h): the base entries, each
// passing its call to the inner device, host calls rebound to the wrapper,
// wait lists mapped by the wrapper's hooks, and the wrapper's vtable made
// from the base one and its overrides.

#include <string.h>

#include "forwarding_device.h"

//===----------------------------------------------------------------------===//
// Host calls rebound to the device their caller queued them on
//===----------------------------------------------------------------------===//

typedef struct ireec_hal_rebound_host_call_t {
  iree_hal_host_call_t call;
  iree_hal_device_t* device;
  iree_allocator_t host_allocator;
} ireec_hal_rebound_host_call_t;

static iree_status_t ireec_hal_rebound_host_call_run(
    void* user_data, const uint64_t args[4],
    iree_hal_host_call_context_t* context) {
  // Copied out and freed first: the callee may complete later (DEFERRED) and
  // nothing here is needed after it returns.
  ireec_hal_rebound_host_call_t rebound =
      *(ireec_hal_rebound_host_call_t*)user_data;
  iree_allocator_free(rebound.host_allocator, user_data);
  iree_hal_host_call_context_t outer_context = *context;
  outer_context.device = rebound.device;
  return rebound.call.fn(rebound.call.user_data, args, &outer_context);
}

// |*out_call| runs |call| with |device| as its context's device. It owns a
// small allocation, freed when the call runs; a queue operation that fails
// (so the call never runs) frees it with ireec_hal_host_call_rebind_discard.
// |device| is not retained: like IREE's own context, the pointer is valid
// while the queue holds the call.
static iree_status_t ireec_hal_host_call_rebind(
    iree_hal_device_t* device, iree_hal_host_call_t call,
    iree_allocator_t host_allocator, iree_hal_host_call_t* out_call) {
  ireec_hal_rebound_host_call_t* rebound = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(host_allocator, sizeof(*rebound),
                                             (void**)&rebound));
  rebound->call = call;
  rebound->device = device;
  rebound->host_allocator = host_allocator;
  out_call->fn = ireec_hal_rebound_host_call_run;
  out_call->user_data = rebound;
  return iree_ok_status();
}

static void ireec_hal_host_call_rebind_discard(iree_hal_host_call_t call) {
  ireec_hal_rebound_host_call_t* rebound =
      (ireec_hal_rebound_host_call_t*)call.user_data;
  iree_allocator_free(rebound->host_allocator, rebound);
}

//===----------------------------------------------------------------------===//
// Wait lists
//===----------------------------------------------------------------------===//

// The semaphore lists handed to the inner device for one queue operation.
typedef struct ireec_hal_forwarded_lists_t {
  iree_hal_semaphore_list_t waits;
  iree_hal_semaphore_list_t signals;
  void* state;
  bool skip;
} ireec_hal_forwarded_lists_t;

static iree_status_t ireec_hal_forwarding_device_map_lists(
    iree_hal_device_t* base_device, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals, ireec_hal_forwarded_lists_t* out) {
  ireec_hal_forwarding_device_t* device =
      ireec_hal_forwarding_device_cast(base_device);
  out->waits = waits;
  out->signals = signals;
  out->state = NULL;
  out->skip = false;
  if (!device->wait_hooks) return iree_ok_status();
  return device->wait_hooks->map(device, waits, signals, &out->waits,
                                 &out->signals, &out->state, &out->skip);
}

static void ireec_hal_forwarding_device_release_lists(
    iree_hal_device_t* base_device, ireec_hal_forwarded_lists_t* lists,
    iree_status_t submit_status) {
  ireec_hal_forwarding_device_t* device =
      ireec_hal_forwarding_device_cast(base_device);
  if (lists->state) {
    device->wait_hooks->release(device, lists->state,
                                iree_status_is_ok(submit_status));
  }
}

// Returns |method| of the inner device called with the semaphore lists
// mapped (the arguments after the queue affinity and lists are the caller's).
#define IREEC_FORWARD_QUEUE(device, method, queue_affinity, wait_list,        \
                            signal_list, ...)                                 \
  do {                                                                        \
    ireec_hal_forwarded_lists_t lists;                                        \
    IREE_RETURN_IF_ERROR(ireec_hal_forwarding_device_map_lists(               \
        (device), (wait_list), (signal_list), &lists));                       \
    if (lists.skip) return iree_ok_status();                                  \
    iree_status_t forward_status =                                            \
        IREEC_FORWARD((device), method, (queue_affinity), lists.waits,        \
                      lists.signals, __VA_ARGS__);                            \
    ireec_hal_forwarding_device_release_lists((device), &lists,               \
                                              forward_status);                \
    return forward_status;                                                    \
  } while (0)

//===----------------------------------------------------------------------===//
// The base entries
//===----------------------------------------------------------------------===//

static void ireec_hal_forwarding_device_destroy(
    iree_hal_device_t* base_device) {
  ireec_hal_forwarding_device_t* device =
      ireec_hal_forwarding_device_cast(base_device);
  if (device->on_destroy) device->on_destroy(device);
  iree_allocator_t host_allocator = device->host_allocator;
  iree_hal_device_release(device->inner);
  iree_allocator_free(host_allocator, device);
}

static iree_string_view_t ireec_hal_forwarding_device_id(
    iree_hal_device_t* device) {
  return IREEC_FORWARD(device, id);
}

static iree_allocator_t ireec_hal_forwarding_device_host_allocator(
    iree_hal_device_t* device) {
  return IREEC_FORWARD(device, host_allocator);
}

static iree_hal_allocator_t* ireec_hal_forwarding_device_device_allocator(
    iree_hal_device_t* device) {
  return IREEC_FORWARD(device, device_allocator);
}

static void ireec_hal_forwarding_device_replace_device_allocator(
    iree_hal_device_t* device, iree_hal_allocator_t* new_allocator) {
  IREEC_FORWARD(device, replace_device_allocator, new_allocator);
}

static void ireec_hal_forwarding_device_replace_channel_provider(
    iree_hal_device_t* device, iree_hal_channel_provider_t* new_provider) {
  IREEC_FORWARD(device, replace_channel_provider, new_provider);
}

static iree_status_t ireec_hal_forwarding_device_trim(
    iree_hal_device_t* device) {
  return IREEC_FORWARD(device, trim);
}

static iree_status_t ireec_hal_forwarding_device_query_i64(
    iree_hal_device_t* device, iree_string_view_t category,
    iree_string_view_t key, int64_t* out_value) {
  return IREEC_FORWARD(device, query_i64, category, key, out_value);
}

static iree_status_t ireec_hal_forwarding_device_create_channel(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_channel_params_t params, iree_hal_channel_t** out_channel) {
  return IREEC_FORWARD(device, create_channel, queue_affinity, params,
                       out_channel);
}

static iree_status_t ireec_hal_forwarding_device_create_command_buffer(
    iree_hal_device_t* device, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t** out_command_buffer) {
  return IREEC_FORWARD(device, create_command_buffer, mode, command_categories,
                       queue_affinity, binding_capacity, out_command_buffer);
}

static iree_status_t ireec_hal_forwarding_device_create_event(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_event_flags_t flags, iree_hal_event_t** out_event) {
  return IREEC_FORWARD(device, create_event, queue_affinity, flags, out_event);
}

static iree_status_t ireec_hal_forwarding_device_create_executable_cache(
    iree_hal_device_t* device, iree_string_view_t identifier, iree_loop_t loop,
    iree_hal_executable_cache_t** out_executable_cache) {
  return IREEC_FORWARD(device, create_executable_cache, identifier, loop,
                       out_executable_cache);
}

static iree_status_t ireec_hal_forwarding_device_import_file(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_memory_access_t access, iree_io_file_handle_t* handle,
    iree_hal_external_file_flags_t flags, iree_hal_file_t** out_file) {
  return IREEC_FORWARD(device, import_file, queue_affinity, access, handle,
                       flags, out_file);
}

static iree_status_t ireec_hal_forwarding_device_create_semaphore(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    uint64_t initial_value, iree_hal_semaphore_flags_t flags,
    iree_hal_semaphore_t** out_semaphore) {
  return IREEC_FORWARD(device, create_semaphore, queue_affinity, initial_value,
                       flags, out_semaphore);
}

static iree_hal_semaphore_compatibility_t
ireec_hal_forwarding_device_query_semaphore_compatibility(
    iree_hal_device_t* device, iree_hal_semaphore_t* semaphore) {
  return IREEC_FORWARD(device, query_semaphore_compatibility, semaphore);
}

static iree_status_t ireec_hal_forwarding_device_queue_alloca(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_allocator_pool_t pool, iree_hal_buffer_params_t params,
    iree_device_size_t allocation_size, iree_hal_alloca_flags_t flags,
    iree_hal_buffer_t** restrict out_buffer) {
  ireec_hal_forwarded_lists_t lists;
  IREE_RETURN_IF_ERROR(ireec_hal_forwarding_device_map_lists(
      device, wait_semaphore_list, signal_semaphore_list, &lists));
  if (lists.skip) {
    // The caller still gets its buffer; its signals have failed already.
    lists.waits = iree_hal_semaphore_list_empty();
    lists.signals = iree_hal_semaphore_list_empty();
  }
  iree_status_t status = IREEC_FORWARD(device, queue_alloca, queue_affinity,
                                       lists.waits, lists.signals, pool,
                                       params, allocation_size, flags,
                                       out_buffer);
  ireec_hal_forwarding_device_release_lists(device, &lists, status);
  return status;
}

static iree_status_t ireec_hal_forwarding_device_queue_dealloca(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* buffer, iree_hal_dealloca_flags_t flags) {
  IREEC_FORWARD_QUEUE(device, queue_dealloca, queue_affinity,
                      wait_semaphore_list, signal_semaphore_list, buffer,
                      flags);
}

static iree_status_t ireec_hal_forwarding_device_queue_fill(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, const void* pattern,
    iree_host_size_t pattern_length, iree_hal_fill_flags_t flags) {
  IREEC_FORWARD_QUEUE(device, queue_fill, queue_affinity, wait_semaphore_list,
                      signal_semaphore_list, target_buffer, target_offset,
                      length, pattern, pattern_length, flags);
}

static iree_status_t ireec_hal_forwarding_device_queue_update(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    const void* source_buffer, iree_host_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_update_flags_t flags) {
  IREEC_FORWARD_QUEUE(device, queue_update, queue_affinity,
                      wait_semaphore_list, signal_semaphore_list,
                      source_buffer, source_offset, target_buffer,
                      target_offset, length, flags);
}

static iree_status_t ireec_hal_forwarding_device_queue_copy(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_copy_flags_t flags) {
  IREEC_FORWARD_QUEUE(device, queue_copy, queue_affinity, wait_semaphore_list,
                      signal_semaphore_list, source_buffer, source_offset,
                      target_buffer, target_offset, length, flags);
}

static iree_status_t ireec_hal_forwarding_device_queue_read(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_read_flags_t flags) {
  IREEC_FORWARD_QUEUE(device, queue_read, queue_affinity, wait_semaphore_list,
                      signal_semaphore_list, source_file, source_offset,
                      target_buffer, target_offset, length, flags);
}

static iree_status_t ireec_hal_forwarding_device_queue_write(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length, iree_hal_write_flags_t flags) {
  IREEC_FORWARD_QUEUE(device, queue_write, queue_affinity, wait_semaphore_list,
                      signal_semaphore_list, source_buffer, source_offset,
                      target_file, target_offset, length, flags);
}

static iree_status_t ireec_hal_forwarding_device_queue_host_call(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_host_call_t call, const uint64_t* args,
    iree_hal_host_call_flags_t flags) {
  ireec_hal_forwarded_lists_t lists;
  IREE_RETURN_IF_ERROR(ireec_hal_forwarding_device_map_lists(
      device, wait_semaphore_list, signal_semaphore_list, &lists));
  if (lists.skip) return iree_ok_status();
  // The call sees this device, the one its caller queued on.
  iree_hal_host_call_t rebound_call;
  iree_status_t status = ireec_hal_host_call_rebind(
      device, call, ireec_hal_forwarding_device_cast(device)->host_allocator,
      &rebound_call);
  if (iree_status_is_ok(status)) {
    status = IREEC_FORWARD(device, queue_host_call, queue_affinity,
                           lists.waits, lists.signals, rebound_call, args,
                           flags);
    if (!iree_status_is_ok(status)) {
      ireec_hal_host_call_rebind_discard(rebound_call);
    }
  }
  ireec_hal_forwarding_device_release_lists(device, &lists, status);
  return status;
}

static iree_status_t ireec_hal_forwarding_device_queue_dispatch(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings,
    iree_hal_dispatch_flags_t flags) {
  IREEC_FORWARD_QUEUE(device, queue_dispatch, queue_affinity,
                      wait_semaphore_list, signal_semaphore_list, executable,
                      export_ordinal, config, constants, bindings, flags);
}

static iree_status_t ireec_hal_forwarding_device_queue_execute(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_execute_flags_t flags) {
  IREEC_FORWARD_QUEUE(device, queue_execute, queue_affinity,
                      wait_semaphore_list, signal_semaphore_list,
                      command_buffer, binding_table, flags);
}

static iree_status_t ireec_hal_forwarding_device_queue_flush(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity) {
  return IREEC_FORWARD(device, queue_flush, queue_affinity);
}

static iree_status_t ireec_hal_forwarding_device_wait_semaphores(
    iree_hal_device_t* device, iree_hal_wait_mode_t wait_mode,
    const iree_hal_semaphore_list_t semaphore_list, iree_timeout_t timeout,
    iree_hal_wait_flags_t flags) {
  return IREEC_FORWARD(device, wait_semaphores, wait_mode, semaphore_list,
                       timeout, flags);
}

static iree_status_t ireec_hal_forwarding_device_profiling_begin(
    iree_hal_device_t* device,
    const iree_hal_device_profiling_options_t* options) {
  return IREEC_FORWARD(device, profiling_begin, options);
}

static iree_status_t ireec_hal_forwarding_device_profiling_flush(
    iree_hal_device_t* device) {
  return IREEC_FORWARD(device, profiling_flush);
}

static iree_status_t ireec_hal_forwarding_device_profiling_end(
    iree_hal_device_t* device) {
  return IREEC_FORWARD(device, profiling_end);
}

// Every entry of iree_hal_device_vtable_t (iree/hal/device.h, checked against
// IREE's ABI facts), in its order.
#define IREEC_FORWARDING_DEVICE_ENTRIES(X) \
  X(destroy)                               \
  X(id)                                    \
  X(host_allocator)                        \
  X(device_allocator)                      \
  X(replace_device_allocator)              \
  X(replace_channel_provider)              \
  X(trim)                                  \
  X(query_i64)                             \
  X(create_channel)                        \
  X(create_command_buffer)                 \
  X(create_event)                          \
  X(create_executable_cache)               \
  X(import_file)                           \
  X(create_semaphore)                      \
  X(query_semaphore_compatibility)         \
  X(queue_alloca)                          \
  X(queue_dealloca)                        \
  X(queue_fill)                            \
  X(queue_update)                          \
  X(queue_copy)                            \
  X(queue_read)                            \
  X(queue_write)                           \
  X(queue_host_call)                       \
  X(queue_dispatch)                        \
  X(queue_execute)                         \
  X(queue_flush)                           \
  X(wait_semaphores)                       \
  X(profiling_begin)                       \
  X(profiling_flush)                       \
  X(profiling_end)

#define IREEC_BASE_ENTRY(entry) .entry = ireec_hal_forwarding_device_##entry,
const iree_hal_device_vtable_t ireec_hal_forwarding_device_vtable = {
    IREEC_FORWARDING_DEVICE_ENTRIES(IREEC_BASE_ENTRY)};
#undef IREEC_BASE_ENTRY

// A new entry in IREE's vtable, missing from the list, would stay NULL.
_Static_assert(sizeof(iree_hal_device_vtable_t) == 30 * sizeof(void (*)(void)),
               "iree_hal_device_vtable_t has an entry the base does not name");

IREEC_HAL_INTERNAL iree_status_t ireec_hal_forwarding_device_create_move(
    iree_hal_device_t* inner, const iree_hal_device_vtable_t* overrides,
    const ireec_hal_forwarding_wait_hooks_t* wait_hooks,
    iree_host_size_t state_size, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  *out_device = NULL;
  ireec_hal_forwarding_device_t* device = NULL;
  iree_status_t status = iree_allocator_malloc(
      host_allocator, sizeof(*device) + state_size, (void**)&device);
  if (!iree_status_is_ok(status)) {
    iree_hal_device_release(inner);
    return status;
  }
  memset(device, 0, sizeof(*device) + state_size);
  device->vtable = ireec_hal_forwarding_device_vtable;
#define IREEC_OVERRIDE_ENTRY(entry) \
  if (overrides->entry) device->vtable.entry = overrides->entry;
  IREEC_FORWARDING_DEVICE_ENTRIES(IREEC_OVERRIDE_ENTRY)
#undef IREEC_OVERRIDE_ENTRY
  iree_hal_resource_initialize(&device->vtable, &device->resource);
  device->host_allocator = host_allocator;
  device->inner = inner;
  device->wait_hooks = wait_hooks;
  *out_device = (iree_hal_device_t*)device;
  return iree_ok_status();
}
