// Host jobs and bridged semaphore lists (see semaphore_bridge.h).

#include "semaphore_bridge.h"

#include <pthread.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// Failures
//===----------------------------------------------------------------------===//

IREEC_HAL_INTERNAL iree_status_t ireec_hal_semaphore_failure(
    iree_hal_semaphore_t* semaphore) {
  uint64_t value = 0;
  iree_status_t status = iree_hal_semaphore_query(semaphore, &value);
  if (iree_status_is_ok(status) && value >= IREE_HAL_SEMAPHORE_FAILURE_VALUE) {
    status = iree_make_status(IREE_STATUS_ABORTED, "semaphore failed");
  }
  return status;
}

IREEC_HAL_INTERNAL iree_status_t ireec_hal_semaphore_list_failure(
    iree_hal_semaphore_list_t list) {
  for (iree_host_size_t i = 0; i < list.count; ++i) {
    iree_status_t failure = ireec_hal_semaphore_failure(list.semaphores[i]);
    if (!iree_status_is_ok(failure)) return failure;
  }
  return iree_ok_status();
}

IREEC_HAL_INTERNAL bool ireec_hal_semaphore_reached(iree_hal_semaphore_t* semaphore,
                                                    uint64_t value) {
  uint64_t current = 0;
  iree_status_t status = iree_hal_semaphore_query(semaphore, &current);
  bool reached = iree_status_is_ok(status) && current < IREE_HAL_SEMAPHORE_FAILURE_VALUE &&
                 current >= value;
  iree_status_ignore(status);
  return reached;
}

// Whether |semaphore| has reached |value| or failed: a wait for it would
// not block.
static bool ireec_hal_semaphore_settled(iree_hal_semaphore_t* semaphore,
                                        uint64_t value) {
  uint64_t current = 0;
  iree_status_t status = iree_hal_semaphore_query(semaphore, &current);
  bool settled = !iree_status_is_ok(status) || current >= value;
  iree_status_ignore(status);
  return settled;
}

//===----------------------------------------------------------------------===//
// Host jobs
//===----------------------------------------------------------------------===//

typedef struct ireec_hal_host_job_t {
  iree_allocator_t host_allocator;
  iree_hal_semaphore_list_t waits;    // retained
  iree_hal_semaphore_list_t checks;   // retained: must not have failed
  iree_host_size_t copy_count;
  ireec_hal_host_copy_t* copies;      // buffers retained
  iree_hal_semaphore_list_t signals;  // retained
  // Storage for the lists and copies follows.
} ireec_hal_host_job_t;

// |list| copied into |*storage| (advanced), each semaphore retained.
static iree_hal_semaphore_list_t ireec_hal_list_keep(iree_hal_semaphore_list_t list,
                                                     uint8_t** storage) {
  iree_hal_semaphore_list_t kept = {.count = list.count};
  kept.semaphores = (iree_hal_semaphore_t**)*storage;
  *storage += list.count * sizeof(*kept.semaphores);
  kept.payload_values = (uint64_t*)*storage;
  *storage += list.count * sizeof(*kept.payload_values);
  if (list.count) {
    memcpy(kept.semaphores, list.semaphores, list.count * sizeof(*kept.semaphores));
    memcpy(kept.payload_values, list.payload_values,
           list.count * sizeof(*kept.payload_values));
  }
  iree_hal_semaphore_list_retain(kept);
  return kept;
}

static void ireec_hal_host_job_free(ireec_hal_host_job_t* job) {
  iree_hal_semaphore_list_release(job->waits);
  iree_hal_semaphore_list_release(job->checks);
  iree_hal_semaphore_list_release(job->signals);
  for (iree_host_size_t i = 0; i < job->copy_count; ++i) {
    iree_hal_buffer_release(job->copies[i].source);
    iree_hal_buffer_release(job->copies[i].target);
  }
  iree_allocator_free(job->host_allocator, job);
}

static iree_status_t ireec_hal_host_job_create(
    iree_hal_semaphore_list_t waits, iree_hal_semaphore_list_t checks,
    iree_host_size_t copy_count, const ireec_hal_host_copy_t* copies,
    iree_hal_semaphore_list_t signals, iree_allocator_t host_allocator,
    ireec_hal_host_job_t** out_job) {
  const iree_host_size_t entry = sizeof(iree_hal_semaphore_t*) + sizeof(uint64_t);
  ireec_hal_host_job_t* job = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      host_allocator,
      sizeof(*job) + copy_count * sizeof(*copies) +
          (waits.count + checks.count + signals.count) * entry,
      (void**)&job));
  job->host_allocator = host_allocator;
  uint8_t* storage = (uint8_t*)(job + 1);
  job->copies = (ireec_hal_host_copy_t*)storage;
  storage += copy_count * sizeof(*copies);
  job->copy_count = copy_count;
  for (iree_host_size_t i = 0; i < copy_count; ++i) {
    job->copies[i] = copies[i];
    iree_hal_buffer_retain(copies[i].source);
    iree_hal_buffer_retain(copies[i].target);
  }
  job->waits = ireec_hal_list_keep(waits, &storage);
  job->checks = ireec_hal_list_keep(checks, &storage);
  job->signals = ireec_hal_list_keep(signals, &storage);
  *out_job = job;
  return iree_ok_status();
}

// Waits, checks and copies; the first failure.
static iree_status_t ireec_hal_host_job_work(ireec_hal_host_job_t* job) {
  iree_status_t status = iree_ok_status();
  for (iree_host_size_t i = 0; i < job->waits.count && iree_status_is_ok(status);
       ++i) {
    iree_hal_semaphore_t* semaphore = job->waits.semaphores[i];
    status = iree_hal_semaphore_wait(semaphore, job->waits.payload_values[i],
                                     iree_infinite_timeout(),
                                     IREE_HAL_WAIT_FLAG_DEFAULT);
    // Some drivers take a failed semaphore as reached, others answer a bare
    // ABORTED: the semaphore's own failure (the root cause) is passed on.
    iree_status_t failure = ireec_hal_semaphore_failure(semaphore);
    if (!iree_status_is_ok(failure)) {
      iree_status_ignore(status);
      status = failure;
    }
  }
  if (iree_status_is_ok(status)) status = ireec_hal_semaphore_list_failure(job->checks);
  for (iree_host_size_t i = 0; i < job->copy_count && iree_status_is_ok(status); ++i) {
    const ireec_hal_host_copy_t* copy = &job->copies[i];
    status = iree_hal_buffer_map_copy(copy->source, copy->source_offset, copy->target,
                                      copy->target_offset, copy->length);
  }
  return status;
}

static void ireec_hal_host_job_finish(ireec_hal_host_job_t* job) {
  iree_status_t status = ireec_hal_host_job_work(job);
  if (iree_status_is_ok(status)) {
    status = iree_hal_semaphore_list_signal(job->signals);
    // A signal refused (a semaphore failed meanwhile): fail the rest.
    if (!iree_status_is_ok(status)) {
      iree_hal_semaphore_list_fail(job->signals, status);
    }
  } else {
    iree_hal_semaphore_list_fail(job->signals, status);
  }
  ireec_hal_host_job_free(job);
}

static void* ireec_hal_host_job_thread_main(void* arg) {
  ireec_hal_host_job_finish((ireec_hal_host_job_t*)arg);
  return NULL;
}

static iree_status_t ireec_hal_host_job_start(
    iree_hal_semaphore_list_t waits, iree_hal_semaphore_list_t checks,
    iree_host_size_t copy_count, const ireec_hal_host_copy_t* copies,
    iree_hal_semaphore_list_t signals, iree_allocator_t host_allocator) {
  ireec_hal_host_job_t* job = NULL;
  iree_status_t status = ireec_hal_host_job_create(waits, checks, copy_count, copies,
                                                   signals, host_allocator, &job);
  if (!iree_status_is_ok(status)) {
    iree_hal_semaphore_list_fail(signals, iree_status_clone(status));
    return status;
  }
  bool settled = true;
  for (iree_host_size_t i = 0; i < waits.count && settled; ++i) {
    settled = ireec_hal_semaphore_settled(waits.semaphores[i], waits.payload_values[i]);
  }
  if (settled) {
    ireec_hal_host_job_finish(job);
    return iree_ok_status();
  }
  // Each job waits on a thread of its own: jobs never wait for one another.
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attributes, 512 * 1024);
  pthread_t thread;
  int error = pthread_create(&thread, &attributes, ireec_hal_host_job_thread_main, job);
  pthread_attr_destroy(&attributes);
  if (error != 0) {
    status = iree_make_status(IREE_STATUS_RESOURCE_EXHAUSTED,
                              "no thread could be started to pass a semaphore "
                              "between devices (error %d)",
                              error);
    iree_hal_semaphore_list_fail(job->signals, iree_status_clone(status));
    ireec_hal_host_job_free(job);
  }
  return status;
}

IREEC_HAL_INTERNAL iree_status_t ireec_hal_host_job_run(
    iree_hal_semaphore_list_t waits, iree_host_size_t copy_count,
    const ireec_hal_host_copy_t* copies, iree_hal_semaphore_list_t signals,
    iree_allocator_t host_allocator) {
  return ireec_hal_host_job_start(waits, iree_hal_semaphore_list_empty(), copy_count,
                                  copies, signals, host_allocator);
}

//===----------------------------------------------------------------------===//
// Bridged lists
//===----------------------------------------------------------------------===//

typedef struct ireec_hal_semaphore_bridge_t {
  iree_allocator_t host_allocator;
  // What the device is handed.
  iree_hal_semaphore_list_t waits;
  iree_hal_semaphore_list_t signals;
  // The caller's signals the device signals proxies for (retained), and
  // those proxies; once they are reached, a host job signals the caller's,
  // unless one of the caller's waits (retained) has failed.
  iree_hal_semaphore_list_t bridged_signals;
  iree_hal_semaphore_list_t signal_proxies;
  iree_hal_semaphore_list_t caller_waits;
  // Every proxy made (one reference each).
  iree_host_size_t proxy_count;
  iree_hal_semaphore_t** proxies;
  // Storage follows.
} ireec_hal_semaphore_bridge_t;

static void ireec_hal_semaphore_bridge_free(ireec_hal_semaphore_bridge_t* bridge) {
  for (iree_host_size_t i = 0; i < bridge->proxy_count; ++i) {
    iree_hal_semaphore_release(bridge->proxies[i]);
  }
  iree_hal_semaphore_list_release(bridge->bridged_signals);
  iree_hal_semaphore_list_release(bridge->caller_waits);
  iree_allocator_free(bridge->host_allocator, bridge);
}

// A new proxy semaphore of |device| at 0, noted in |bridge|.
static iree_status_t ireec_hal_semaphore_bridge_proxy(
    ireec_hal_semaphore_bridge_t* bridge, iree_hal_device_t* device,
    iree_hal_semaphore_t** out_proxy) {
  IREE_RETURN_IF_ERROR(iree_hal_semaphore_create(device, IREE_HAL_QUEUE_AFFINITY_ANY,
                                                 0, IREE_HAL_SEMAPHORE_FLAG_NONE,
                                                 out_proxy));
  bridge->proxies[bridge->proxy_count++] = *out_proxy;
  return iree_ok_status();
}

IREEC_HAL_INTERNAL iree_status_t ireec_hal_semaphore_bridge_map(
    iree_hal_device_t* device, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals, iree_allocator_t host_allocator,
    iree_hal_semaphore_list_t* out_waits, iree_hal_semaphore_list_t* out_signals,
    void** out_state) {
  *out_waits = waits;
  *out_signals = signals;
  *out_state = NULL;
  // The common case, asked once per semaphore: everything is the device's.
  bool bridged_wait = false, bridged_signal = false;
  for (iree_host_size_t i = 0; i < waits.count; ++i) {
    if (!iree_all_bits_set(
            iree_hal_device_query_semaphore_compatibility(device, waits.semaphores[i]),
            IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_WAIT)) {
      bridged_wait = true;
    }
  }
  for (iree_host_size_t i = 0; i < signals.count; ++i) {
    if (!iree_all_bits_set(
            iree_hal_device_query_semaphore_compatibility(device, signals.semaphores[i]),
            IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_SIGNAL)) {
      bridged_signal = true;
    }
  }
  if (!bridged_wait && !bridged_signal) return iree_ok_status();

  const iree_host_size_t entry = sizeof(iree_hal_semaphore_t*) + sizeof(uint64_t);
  const iree_host_size_t proxy_capacity = waits.count + signals.count;
  ireec_hal_semaphore_bridge_t* bridge = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      host_allocator,
      sizeof(*bridge) + proxy_capacity * sizeof(iree_hal_semaphore_t*) +
          (2 * waits.count + 3 * signals.count) * entry,
      (void**)&bridge));
  bridge->host_allocator = host_allocator;
  uint8_t* storage = (uint8_t*)(bridge + 1);
  bridge->proxies = (iree_hal_semaphore_t**)storage;
  storage += proxy_capacity * sizeof(iree_hal_semaphore_t*);
  // The caller's waits, checked before its bridged signals are passed on:
  // a device that takes a failed (bridged) wait as reached must not make
  // its work look done.
  bridge->caller_waits = ireec_hal_list_keep(waits, &storage);
  iree_hal_semaphore_list_t empty = iree_hal_semaphore_list_empty();
  bridge->waits = empty;
  bridge->waits.semaphores = (iree_hal_semaphore_t**)storage;
  storage += waits.count * sizeof(iree_hal_semaphore_t*);
  bridge->waits.payload_values = (uint64_t*)storage;
  storage += waits.count * sizeof(uint64_t);
  iree_hal_semaphore_list_t* lists[3] = {&bridge->signals, &bridge->bridged_signals,
                                         &bridge->signal_proxies};
  for (int l = 0; l < 3; ++l) {
    *lists[l] = empty;
    lists[l]->semaphores = (iree_hal_semaphore_t**)storage;
    storage += signals.count * sizeof(iree_hal_semaphore_t*);
    lists[l]->payload_values = (uint64_t*)storage;
    storage += signals.count * sizeof(uint64_t);
  }

  iree_status_t status = iree_ok_status();
  for (iree_host_size_t i = 0; i < waits.count && iree_status_is_ok(status); ++i) {
    iree_hal_semaphore_t* semaphore = waits.semaphores[i];
    const uint64_t value = waits.payload_values[i];
    iree_hal_semaphore_list_t* list = &bridge->waits;
    if (iree_all_bits_set(iree_hal_device_query_semaphore_compatibility(device, semaphore),
                          IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_WAIT)) {
      list->semaphores[list->count] = semaphore;
      list->payload_values[list->count++] = value;
      continue;
    }
    if (ireec_hal_semaphore_reached(semaphore, value)) continue;  // nothing to wait for
    iree_hal_semaphore_t* proxy = NULL;
    status = ireec_hal_semaphore_bridge_proxy(bridge, device, &proxy);
    if (!iree_status_is_ok(status)) break;
    uint64_t one = 1;
    iree_hal_semaphore_list_t from = {.count = 1, .semaphores = &semaphore,
                                      .payload_values = (uint64_t*)&value};
    iree_hal_semaphore_list_t to = {.count = 1, .semaphores = &proxy,
                                    .payload_values = &one};
    status = ireec_hal_host_job_run(from, 0, NULL, to, host_allocator);
    list->semaphores[list->count] = proxy;
    list->payload_values[list->count++] = 1;
  }
  // With a bridged wait, every signal goes through a host job that checks
  // the caller's waits for a failure first.
  for (iree_host_size_t i = 0; i < signals.count && iree_status_is_ok(status); ++i) {
    iree_hal_semaphore_t* semaphore = signals.semaphores[i];
    if (!bridged_wait &&
        iree_all_bits_set(iree_hal_device_query_semaphore_compatibility(device, semaphore),
                          IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_SIGNAL)) {
      bridge->signals.semaphores[bridge->signals.count] = semaphore;
      bridge->signals.payload_values[bridge->signals.count++] =
          signals.payload_values[i];
      continue;
    }
    iree_hal_semaphore_t* proxy = NULL;
    status = ireec_hal_semaphore_bridge_proxy(bridge, device, &proxy);
    if (!iree_status_is_ok(status)) break;
    bridge->signals.semaphores[bridge->signals.count] = proxy;
    bridge->signals.payload_values[bridge->signals.count++] = 1;
    bridge->signal_proxies.semaphores[bridge->signal_proxies.count] = proxy;
    bridge->signal_proxies.payload_values[bridge->signal_proxies.count++] = 1;
    bridge->bridged_signals.semaphores[bridge->bridged_signals.count] = semaphore;
    bridge->bridged_signals.payload_values[bridge->bridged_signals.count++] =
        signals.payload_values[i];
  }
  iree_hal_semaphore_list_retain(bridge->bridged_signals);
  if (!iree_status_is_ok(status)) {
    ireec_hal_semaphore_bridge_free(bridge);
    return status;
  }
  *out_waits = bridge->waits;
  *out_signals = bridge->signals;
  *out_state = bridge;
  return iree_ok_status();
}

IREEC_HAL_INTERNAL void ireec_hal_semaphore_bridge_release(void* state,
                                                           bool submitted) {
  ireec_hal_semaphore_bridge_t* bridge = (ireec_hal_semaphore_bridge_t*)state;
  if (!bridge) return;
  if (submitted && bridge->bridged_signals.count) {
    // Its failure to start fails the caller's signals; nothing to add.
    iree_status_ignore(ireec_hal_host_job_start(
        bridge->signal_proxies, bridge->caller_waits, 0, NULL,
        bridge->bridged_signals, bridge->host_allocator));
  }
  ireec_hal_semaphore_bridge_free(bridge);
}

IREEC_HAL_INTERNAL iree_status_t ireec_hal_bridged_queue_copy(
    iree_hal_device_t* device, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals, iree_hal_buffer_t* source,
    iree_device_size_t source_offset, iree_hal_buffer_t* target,
    iree_device_size_t target_offset, iree_device_size_t length,
    iree_allocator_t host_allocator) {
  iree_hal_semaphore_list_t device_waits, device_signals;
  void* state = NULL;
  IREE_RETURN_IF_ERROR(ireec_hal_semaphore_bridge_map(
      device, waits, signals, host_allocator, &device_waits, &device_signals, &state));
  iree_status_t status = iree_hal_device_queue_copy(
      device, IREE_HAL_QUEUE_AFFINITY_ANY, device_waits, device_signals, source,
      source_offset, target, target_offset, length, IREE_HAL_COPY_FLAG_NONE);
  ireec_hal_semaphore_bridge_release(state, iree_status_is_ok(status));
  return status;
}
