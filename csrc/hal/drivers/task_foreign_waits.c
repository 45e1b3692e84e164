// Local-task devices whose queues wait on other drivers' semaphores, and
// whose work never runs after a failed wait.
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
// IREE's task queue also takes a failed semaphore as reached: the work waiting
// on it runs on whatever its inputs hold and signals success, so a failure
// upstream became a wrong answer downstream. Here a queue operation whose wait
// has failed is not handed on and its signals fail with that failure; one
// whose waits are still pending signals a semaphore of its own, and the
// caller's signals fail or are signalled when the waits' outcome is known
// (ireec_failure_check_t). Host waits report a failed semaphore as ABORTED,
// with the failure's text.
//
// The wrapper is a forwarding device (../forwarding_device.h): the wait
// lists go through its wait hooks; host waits on mixed lists, queue_execute
// (small ready work runs on the caller's thread, task_inline_execution.c)
// and query_i64 (which tells about it) are its overrides; everything else is
// forwarded to the task device unchanged.

#include <string.h>

#include "iree/hal/api.h"
#include "iree/hal/drivers/local_task/task_semaphore.h"
#include "iree/hal/utils/semaphore_base.h"

#include "../forwarding_device.h"
#include "../semaphore_bridge.h"
#include "driver_support.h"
#include "local_sync/sync_semaphore.h"
#include "task_inline_execution.h"

// The wrapper's state (ireec_hal_forwarding_device_state).
typedef struct ireec_task_device_state_t {
  ireec_task_inline_execution_t inline_execution;
} ireec_task_device_state_t;

static ireec_task_device_state_t* ireec_task_device_state(
    ireec_hal_forwarding_device_t* device) {
  return (ireec_task_device_state_t*)ireec_hal_forwarding_device_state(device);
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

//===----------------------------------------------------------------------===//
// Failed waits
//===----------------------------------------------------------------------===//

// IREE's task queue takes a failed wait semaphore as reached and runs the
// work anyway, signalling success. A queue operation whose waits were not
// all reached when it was submitted therefore signals a semaphore of its own
// (|gate|) instead of the caller's; when the gate is reached the waits are
// checked, and the caller's semaphores fail with the first failure (the
// root cause, as the failed wait holds it) or are signalled. Freed by the
// gate's timepoint callback.
typedef struct ireec_failure_check_t {
  iree_hal_semaphore_timepoint_t timepoint;
  iree_allocator_t host_allocator;
  iree_hal_semaphore_t* gate;  // one reference
  // The caller's lists, each semaphore retained; storage follows the struct.
  iree_hal_semaphore_list_t waits;
  iree_hal_semaphore_list_t signals;
  uint64_t gate_value;  // what |signals| of the inner device hold
} ireec_failure_check_t;

static void ireec_failure_check_free(ireec_failure_check_t* check) {
  iree_hal_semaphore_list_release(check->waits);
  iree_hal_semaphore_list_release(check->signals);
  iree_hal_semaphore_release(check->gate);
  iree_allocator_free(check->host_allocator, check);
}

static iree_status_t ireec_failure_check_resolve(
    void* user_data, iree_hal_semaphore_t* semaphore, uint64_t value,
    iree_status_code_t status_code) {
  ireec_failure_check_t* check = (ireec_failure_check_t*)user_data;
  // A failed wait is the root cause even when the work failed after it.
  iree_status_t failure = ireec_hal_semaphore_list_failure(check->waits);
  if (iree_status_is_ok(failure) && status_code != IREE_STATUS_OK) {
    failure = ireec_hal_semaphore_failure(check->gate);
    if (iree_status_is_ok(failure)) failure = iree_status_from_code(status_code);
  }
  if (iree_status_is_ok(failure)) {
    iree_status_ignore(iree_hal_semaphore_list_signal(check->signals));
  } else {
    iree_hal_semaphore_list_fail(check->signals, failure);
  }
  ireec_failure_check_free(check);
  return iree_ok_status();
}

// Copies |list| into |semaphores| and |values|, retaining each semaphore.
static iree_hal_semaphore_list_t ireec_semaphore_list_copy(
    iree_hal_semaphore_list_t list, iree_hal_semaphore_t** semaphores,
    uint64_t* values) {
  for (iree_host_size_t i = 0; i < list.count; ++i) {
    semaphores[i] = list.semaphores[i];
    values[i] = list.payload_values[i];
    iree_hal_semaphore_retain(semaphores[i]);
  }
  return (iree_hal_semaphore_list_t){
      .count = list.count, .semaphores = semaphores, .payload_values = values};
}

static iree_status_t ireec_failure_check_create(
    ireec_hal_forwarding_device_t* device, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals, ireec_failure_check_t** out_check) {
  *out_check = NULL;
  const iree_host_size_t count = waits.count + signals.count;
  ireec_failure_check_t* check = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      device->host_allocator,
      sizeof(*check) +
          count * (sizeof(iree_hal_semaphore_t*) + sizeof(uint64_t)),
      (void**)&check));
  memset(check, 0, sizeof(*check));
  check->host_allocator = device->host_allocator;
  iree_hal_semaphore_t** semaphores = (iree_hal_semaphore_t**)(check + 1);
  uint64_t* values = (uint64_t*)(semaphores + count);
  iree_status_t status =
      iree_hal_semaphore_create(device->inner, IREE_HAL_QUEUE_AFFINITY_ANY, 0,
                                0, &check->gate);
  if (!iree_status_is_ok(status)) {
    iree_allocator_free(device->host_allocator, check);
    return status;
  }
  check->gate_value = 1;
  check->waits = ireec_semaphore_list_copy(waits, semaphores, values);
  check->signals = ireec_semaphore_list_copy(
      signals, semaphores + waits.count, values + waits.count);
  *out_check = check;
  return iree_ok_status();
}

// Arms the check once the inner device has taken the work.
static void ireec_failure_check_arm(ireec_failure_check_t* check) {
  iree_hal_semaphore_t* gate = check->gate;
  iree_hal_semaphore_retain(gate);  // |check| may be gone after the poll
  iree_hal_semaphore_callback_t callback = {
      .fn = ireec_failure_check_resolve,
      .user_data = check,
  };
  iree_hal_semaphore_acquire_timepoint(gate, check->gate_value,
                                       iree_infinite_timeout(), callback,
                                       &check->timepoint);
  // Reached (or failed) before the timepoint was in place: resolve now.
  iree_hal_semaphore_poll(gate);
  iree_hal_semaphore_release(gate);
}

//===----------------------------------------------------------------------===//
// The lists handed to the task queue
//===----------------------------------------------------------------------===//

// What a queue operation hands the task queue in place of its caller's
// lists: proxies for the foreign semaphores not yet reached, and the failure
// check's gate in place of the signals; released once the submission is
// made (the task queue retains what it keeps).
typedef struct ireec_task_wait_list_t {
  iree_hal_semaphore_t** proxies;  // one reference each
  iree_host_size_t proxy_count;
  ireec_failure_check_t* check;  // NULL if none; armed once submitted
  iree_hal_semaphore_t* gate_semaphores[1];
  uint64_t gate_values[1];
  // Followed by the list's payload values, its semaphores and the proxies,
  // room for as many as the caller's list holds of each.
} ireec_task_wait_list_t;

static void ireec_task_wait_list_release(ireec_hal_forwarding_device_t* device,
                                         void* state, bool submitted) {
  ireec_task_wait_list_t* wait_list = (ireec_task_wait_list_t*)state;
  for (iree_host_size_t i = 0; i < wait_list->proxy_count; ++i) {
    iree_hal_semaphore_release(wait_list->proxies[i]);
  }
  if (wait_list->check) {
    if (submitted) {
      ireec_failure_check_arm(wait_list->check);
    } else {
      ireec_failure_check_free(wait_list->check);
    }
  }
  iree_allocator_free(device->host_allocator, wait_list);
}

static iree_status_t ireec_task_wait_list_map_lists(
    ireec_hal_forwarding_device_t* device,
    const iree_hal_semaphore_list_t semaphore_list,
    const iree_hal_semaphore_list_t signal_list,
    iree_hal_semaphore_list_t* out_waits, iree_hal_semaphore_list_t* out_signals,
    void** out_state, bool* out_skip) {
  *out_waits = semaphore_list;
  *out_signals = signal_list;
  *out_state = NULL;
  *out_skip = false;
  // A wait that has failed already: the work must not run.
  iree_status_t failure = ireec_hal_semaphore_list_failure(semaphore_list);
  if (!iree_status_is_ok(failure)) {
    iree_hal_semaphore_list_fail(signal_list, failure);
    *out_skip = true;
    return iree_ok_status();
  }
  iree_host_size_t foreign_count = 0;
  iree_host_size_t pending_count = 0;
  for (iree_host_size_t i = 0; i < semaphore_list.count; ++i) {
    // Every foreign semaphore, reached or not, is kept from the task queue.
    if (!iree_hal_task_semaphore_isa(semaphore_list.semaphores[i])) {
      ++foreign_count;
    }
    if (!ireec_hal_semaphore_reached(semaphore_list.semaphores[i],
                                 semaphore_list.payload_values[i])) {
      ++pending_count;
    }
  }
  const bool checks_failure = pending_count > 0 && signal_list.count > 0;
  if (foreign_count == 0 && !checks_failure) return iree_ok_status();

  const iree_host_size_t capacity = semaphore_list.count;
  ireec_task_wait_list_t* wait_list = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      device->host_allocator,
      sizeof(*wait_list) +
          capacity * (sizeof(uint64_t) + 2 * sizeof(iree_hal_semaphore_t*)),
      (void**)&wait_list));
  memset(wait_list, 0, sizeof(*wait_list));
  uint64_t* values = (uint64_t*)(wait_list + 1);
  iree_hal_semaphore_t** semaphores = (iree_hal_semaphore_t**)(values + capacity);
  wait_list->proxies = semaphores + capacity;

  iree_status_t status = iree_ok_status();
  if (checks_failure) {
    status = ireec_failure_check_create(device, semaphore_list, signal_list,
                                        &wait_list->check);
  }
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
    if (ireec_hal_semaphore_reached(semaphore, value)) continue;

    iree_hal_semaphore_t* proxy = NULL;
    status = iree_hal_semaphore_create(device->inner,
                                       IREE_HAL_QUEUE_AFFINITY_ANY, 0, 0,
                                       &proxy);
    if (!iree_status_is_ok(status)) break;
    wait_list->proxies[wait_list->proxy_count++] = proxy;
    ireec_foreign_wait_t* wait = NULL;
    status = iree_allocator_malloc(device->host_allocator, sizeof(*wait),
                                   (void**)&wait);
    if (!iree_status_is_ok(status)) break;
    memset(wait, 0, sizeof(*wait));
    wait->proxy = proxy;
    iree_hal_semaphore_retain(proxy);  // the callback's reference
    wait->host_allocator = device->host_allocator;
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
    ireec_task_wait_list_release(device, wait_list, /*submitted=*/false);
    return status;
  }
  out_waits->count = count;
  out_waits->semaphores = semaphores;
  out_waits->payload_values = values;
  if (wait_list->check) {
    wait_list->gate_semaphores[0] = wait_list->check->gate;
    wait_list->gate_values[0] = wait_list->check->gate_value;
    *out_signals = (iree_hal_semaphore_list_t){
        .count = 1,
        .semaphores = wait_list->gate_semaphores,
        .payload_values = wait_list->gate_values,
    };
  }
  *out_state = wait_list;
  return iree_ok_status();
}

// Every queue operation passes here on its way to the task queue: it is
// recorded as pending, so that later work does not overtake it by running
// inline.
static iree_status_t ireec_task_wait_list_map(
    ireec_hal_forwarding_device_t* device,
    const iree_hal_semaphore_list_t semaphore_list,
    const iree_hal_semaphore_list_t signal_list,
    iree_hal_semaphore_list_t* out_waits, iree_hal_semaphore_list_t* out_signals,
    void** out_state, bool* out_skip) {
  ireec_task_inline_execution_t* inline_execution =
      &ireec_task_device_state(device)->inline_execution;
  if (ireec_task_inline_execution_failed(inline_execution)) {
    // Work run on the caller's thread failed: as IREE's task queue does once
    // its work failed, every later operation is aborted.
    *out_waits = semaphore_list;
    *out_signals = signal_list;
    *out_state = NULL;
    *out_skip = true;
    iree_hal_semaphore_list_fail(signal_list,
                                 iree_status_from_code(IREE_STATUS_ABORTED));
    return iree_ok_status();
  }
  IREE_RETURN_IF_ERROR(ireec_task_wait_list_map_lists(
      device, semaphore_list, signal_list, out_waits, out_signals, out_state,
      out_skip));
  ireec_task_inline_execution_note_submission(inline_execution, signal_list);
  return iree_ok_status();
}

static const ireec_hal_forwarding_wait_hooks_t ireec_task_wait_hooks = {
    .map = ireec_task_wait_list_map,
    .release = ireec_task_wait_list_release,
};

//===----------------------------------------------------------------------===//
// The wrapper device
//===----------------------------------------------------------------------===//

static iree_status_t ireec_task_device_wait_inner(
    iree_hal_device_t* device, iree_hal_wait_mode_t wait_mode,
    const iree_hal_semaphore_list_t semaphore_list, iree_timeout_t timeout,
    iree_hal_wait_flags_t flags);

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_status_aborted_by(
    const char* what, iree_status_t failure) {
  if (iree_status_code(failure) == IREE_STATUS_ABORTED) return failure;
  char message[512];
  iree_host_size_t length = 0;
  if (!iree_status_format(failure, sizeof(message), message, &length)) {
    length = 0;
  }
  iree_status_ignore(failure);
  // No source location: the message reads as IREE's own ABORTED does.
  return iree_status_annotate_f(iree_status_from_code(IREE_STATUS_ABORTED),
                                "%s: %.*s", what, (int)length, message);
}

static iree_status_t ireec_task_device_wait_semaphores(
    iree_hal_device_t* device, iree_hal_wait_mode_t wait_mode,
    const iree_hal_semaphore_list_t semaphore_list, iree_timeout_t timeout,
    iree_hal_wait_flags_t flags) {
  // IREE's task waits take a failed semaphore as reached (also when waiting
  // for any one), so a wait checks for failures first and after.
  iree_status_t failure = ireec_hal_semaphore_list_failure(semaphore_list);
  if (!iree_status_is_ok(failure)) {
    return ireec_status_aborted_by("a waited semaphore failed", failure);
  }
  iree_status_t status = ireec_task_device_wait_inner(
      device, wait_mode, semaphore_list, timeout, flags);
  if (!iree_status_is_ok(status)) return status;
  failure = ireec_hal_semaphore_list_failure(semaphore_list);
  if (!iree_status_is_ok(failure)) {
    return ireec_status_aborted_by("a waited semaphore failed", failure);
  }
  return iree_ok_status();
}

static iree_status_t ireec_task_device_wait_inner(
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
  return ireec_hal_forwarding_device_vtable.wait_semaphores(
      device, wait_mode, semaphore_list, timeout, flags);
}

static iree_status_t ireec_task_device_queue_execute(
    iree_hal_device_t* base_device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_execute_flags_t flags) {
  ireec_hal_forwarding_device_t* device =
      ireec_hal_forwarding_device_cast(base_device);
  bool executed = false;
  IREE_RETURN_IF_ERROR(ireec_task_inline_execution_try_execute(
      &ireec_task_device_state(device)->inline_execution,
      iree_hal_device_allocator(device->inner), device->host_allocator,
      wait_semaphore_list, signal_semaphore_list, command_buffer,
      binding_table, &executed));
  if (executed) return iree_ok_status();
  return ireec_hal_forwarding_device_vtable.queue_execute(
      base_device, queue_affinity, wait_semaphore_list, signal_semaphore_list,
      command_buffer, binding_table, flags);
}

static iree_status_t ireec_task_device_query_i64(iree_hal_device_t* base_device,
                                                 iree_string_view_t category,
                                                 iree_string_view_t key,
                                                 int64_t* out_value) {
  if (iree_string_view_equal(category, IREE_SV("ireec.local_task"))) {
    *out_value = 0;
    return ireec_task_inline_execution_query_i64(
        &ireec_task_device_state(ireec_hal_forwarding_device_cast(base_device))
             ->inline_execution,
        key, out_value);
  }
  return ireec_hal_forwarding_device_vtable.query_i64(base_device, category,
                                                      key, out_value);
}

static void ireec_task_device_on_destroy(ireec_hal_forwarding_device_t* device) {
  ireec_task_inline_execution_deinitialize(
      &ireec_task_device_state(device)->inline_execution);
}

// What the queue waits on and signals itself: task semaphores, and
// local-sync's, which a timepoint follows (proxies above). Other drivers'
// semaphores only the host can wait on (a Vulkan semaphore tells its
// timepoints only when asked); IREE's task device answers ALL for every one.
static iree_hal_semaphore_compatibility_t
ireec_task_device_query_semaphore_compatibility(iree_hal_device_t* device,
                                               iree_hal_semaphore_t* semaphore) {
  if (iree_hal_task_semaphore_isa(semaphore) || iree_hal_sync_semaphore_isa(semaphore)) {
    return IREE_HAL_SEMAPHORE_COMPATIBILITY_ALL;
  }
  return IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_ONLY;
}

static const iree_hal_device_vtable_t ireec_task_device_overrides = {
    .query_i64 = ireec_task_device_query_i64,
    .query_semaphore_compatibility = ireec_task_device_query_semaphore_compatibility,
    .queue_execute = ireec_task_device_queue_execute,
    .wait_semaphores = ireec_task_device_wait_semaphores,
};

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_task_device_wrap_move(
    iree_hal_device_t* inner, bool inline_small_work,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device) {
  IREE_RETURN_IF_ERROR(ireec_hal_forwarding_device_create_move(
      inner, &ireec_task_device_overrides, &ireec_task_wait_hooks,
      sizeof(ireec_task_device_state_t), host_allocator, out_device));
  ireec_hal_forwarding_device_t* device =
      ireec_hal_forwarding_device_cast(*out_device);
  ireec_task_inline_execution_initialize(
      inline_small_work, host_allocator,
      &ireec_task_device_state(device)->inline_execution);
  device->on_destroy = ireec_task_device_on_destroy;
  return iree_ok_status();
}
