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
// The wrapper is a forwarding device (../forwarding_device.h): the wait
// lists go through its wait hooks, host waits on mixed lists are its one
// override, and everything else is forwarded to the task device unchanged.

#include <string.h>

#include "iree/hal/api.h"
#include "iree/hal/drivers/local_task/task_semaphore.h"
#include "iree/hal/utils/semaphore_base.h"

#include "../forwarding_device.h"
#include "driver_support.h"

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

// A wait list the task queue can take, with proxies in place of the foreign
// semaphores not yet reached; released once the submission is made (the task
// queue retains what it keeps). Wait lists of task semaphores only are
// handed on as they are.
typedef struct ireec_task_wait_list_t {
  iree_hal_semaphore_t** proxies;  // one reference each
  iree_host_size_t proxy_count;
  // Followed by the list's payload values, its semaphores and the proxies,
  // room for as many as the caller's list holds of each.
} ireec_task_wait_list_t;

static void ireec_task_wait_list_release(ireec_hal_forwarding_device_t* device,
                                         void* state) {
  ireec_task_wait_list_t* wait_list = (ireec_task_wait_list_t*)state;
  for (iree_host_size_t i = 0; i < wait_list->proxy_count; ++i) {
    iree_hal_semaphore_release(wait_list->proxies[i]);
  }
  iree_allocator_free(device->host_allocator, wait_list);
}

static iree_status_t ireec_task_wait_list_map(
    ireec_hal_forwarding_device_t* device,
    const iree_hal_semaphore_list_t semaphore_list,
    iree_hal_semaphore_list_t* out_waits, void** out_state) {
  *out_waits = semaphore_list;
  *out_state = NULL;
  iree_host_size_t foreign_count = 0;
  for (iree_host_size_t i = 0; i < semaphore_list.count; ++i) {
    if (!iree_hal_task_semaphore_isa(semaphore_list.semaphores[i])) {
      ++foreign_count;
    }
  }
  if (foreign_count == 0) return iree_ok_status();

  const iree_host_size_t capacity = semaphore_list.count;
  ireec_task_wait_list_t* wait_list = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      device->host_allocator,
      sizeof(*wait_list) +
          capacity * (sizeof(uint64_t) + 2 * sizeof(iree_hal_semaphore_t*)),
      (void**)&wait_list));
  uint64_t* values = (uint64_t*)(wait_list + 1);
  iree_hal_semaphore_t** semaphores = (iree_hal_semaphore_t**)(values + capacity);
  wait_list->proxies = semaphores + capacity;
  wait_list->proxy_count = 0;

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
    ireec_task_wait_list_release(device, wait_list);
    return status;
  }
  out_waits->count = count;
  out_waits->semaphores = semaphores;
  out_waits->payload_values = values;
  *out_state = wait_list;
  return iree_ok_status();
}

static const ireec_hal_forwarding_wait_hooks_t ireec_task_wait_hooks = {
    .map = ireec_task_wait_list_map,
    .release = ireec_task_wait_list_release,
};

//===----------------------------------------------------------------------===//
// The wrapper device
//===----------------------------------------------------------------------===//

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
  return ireec_hal_forwarding_device_vtable.wait_semaphores(
      device, wait_mode, semaphore_list, timeout, flags);
}

static const iree_hal_device_vtable_t ireec_task_device_overrides = {
    .wait_semaphores = ireec_task_device_wait_semaphores,
};

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_task_device_wrap(
    iree_hal_device_t* inner, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  return ireec_hal_forwarding_device_create(inner, &ireec_task_device_overrides,
                                            &ireec_task_wait_hooks,
                                            host_allocator, out_device);
}
