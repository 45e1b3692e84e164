// The local-sync driver's timeline semaphore (see sync_semaphore.h).
//
// Value and failure are guarded by a per-semaphore slim mutex. Every change
// (signal or failure) also runs the semaphore base's timepoints, through
// which other drivers' queues (local-task) wait on these semaphores, and then
// posts one process-wide notification on which this driver's waiters block.
// The notification is process-wide rather than per device so that a
// semaphore never points at state its device owns: semaphores may outlive
// the device that created them.

#include "sync_semaphore.h"

#include <inttypes.h>
#include <pthread.h>
#include <string.h>

#include "iree/base/internal/synchronization.h"

//===----------------------------------------------------------------------===//
// The process-wide notification
//===----------------------------------------------------------------------===//

static iree_notification_t iree_hal_sync_semaphore_notification;
static pthread_once_t iree_hal_sync_semaphore_notification_once =
    PTHREAD_ONCE_INIT;

static void iree_hal_sync_semaphore_notification_initialize(void) {
  iree_notification_initialize(&iree_hal_sync_semaphore_notification);
}

static iree_notification_t* iree_hal_sync_semaphore_shared_notification(void) {
  pthread_once(&iree_hal_sync_semaphore_notification_once,
               iree_hal_sync_semaphore_notification_initialize);
  return &iree_hal_sync_semaphore_notification;
}

static void iree_hal_sync_semaphore_post_all(void) {
  iree_notification_post(iree_hal_sync_semaphore_shared_notification(),
                         IREE_ALL_WAITERS);
}

//===----------------------------------------------------------------------===//
// iree_hal_sync_semaphore_t
//===----------------------------------------------------------------------===//

typedef struct iree_hal_sync_semaphore_t {
  iree_hal_semaphore_t base;
  iree_allocator_t host_allocator;
  // Guards the two fields below.
  iree_slim_mutex_t mutex;
  // The value reached, or IREE_HAL_SEMAPHORE_FAILURE_VALUE once failed.
  uint64_t current_value;
  // OK, or the status the semaphore failed with (owned; the first failure
  // is kept, later ones are dropped).
  iree_status_t failure_status;
} iree_hal_sync_semaphore_t;

static const iree_hal_semaphore_vtable_t iree_hal_sync_semaphore_vtable;

static iree_hal_sync_semaphore_t* iree_hal_sync_semaphore_cast(
    iree_hal_semaphore_t* base_value) {
  return (iree_hal_sync_semaphore_t*)base_value;
}

bool iree_hal_sync_semaphore_isa(iree_hal_semaphore_t* semaphore) {
  return semaphore &&
         semaphore->resource.vtable == (const void*)&iree_hal_sync_semaphore_vtable;
}

iree_status_t iree_hal_sync_semaphore_create(
    uint64_t initial_value, iree_allocator_t host_allocator,
    iree_hal_semaphore_t** out_semaphore) {
  *out_semaphore = NULL;
  iree_hal_sync_semaphore_t* semaphore = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(host_allocator, sizeof(*semaphore),
                                             (void**)&semaphore));
  iree_hal_semaphore_initialize(&iree_hal_sync_semaphore_vtable,
                                &semaphore->base);
  semaphore->host_allocator = host_allocator;
  iree_slim_mutex_initialize(&semaphore->mutex);
  semaphore->current_value = initial_value;
  semaphore->failure_status = iree_ok_status();
  *out_semaphore = &semaphore->base;
  return iree_ok_status();
}

static void iree_hal_sync_semaphore_destroy(
    iree_hal_semaphore_t* base_semaphore) {
  iree_hal_sync_semaphore_t* semaphore =
      iree_hal_sync_semaphore_cast(base_semaphore);
  iree_allocator_t host_allocator = semaphore->host_allocator;
  iree_status_free(semaphore->failure_status);
  iree_slim_mutex_deinitialize(&semaphore->mutex);
  iree_hal_semaphore_deinitialize(&semaphore->base);
  iree_allocator_free(host_allocator, semaphore);
}

static iree_status_t iree_hal_sync_semaphore_query(
    iree_hal_semaphore_t* base_semaphore, uint64_t* out_value) {
  iree_hal_sync_semaphore_t* semaphore =
      iree_hal_sync_semaphore_cast(base_semaphore);
  iree_slim_mutex_lock(&semaphore->mutex);
  *out_value = semaphore->current_value;
  // A failed semaphore answers with (a copy of) the status it failed with.
  iree_status_t status = iree_status_is_ok(semaphore->failure_status)
                             ? iree_ok_status()
                             : iree_status_clone(semaphore->failure_status);
  iree_slim_mutex_unlock(&semaphore->mutex);
  return status;
}

// Moves |semaphore| to |new_value|. Requires the semaphore's mutex.
static iree_status_t iree_hal_sync_semaphore_signal_locked(
    iree_hal_sync_semaphore_t* semaphore, uint64_t new_value) {
  if (!iree_status_is_ok(semaphore->failure_status)) {
    return iree_make_status(IREE_STATUS_FAILED_PRECONDITION,
                            "semaphore has failed and cannot be signaled");
  }
  if (new_value <= semaphore->current_value) {
    return iree_make_status(IREE_STATUS_OUT_OF_RANGE,
                            "semaphore values must be monotonically "
                            "increasing; current_value=%" PRIu64
                            ", new_value=%" PRIu64,
                            semaphore->current_value, new_value);
  }
  semaphore->current_value = new_value;
  return iree_ok_status();
}

static iree_status_t iree_hal_sync_semaphore_signal_one(
    iree_hal_sync_semaphore_t* semaphore, uint64_t new_value) {
  iree_slim_mutex_lock(&semaphore->mutex);
  iree_status_t status =
      iree_hal_sync_semaphore_signal_locked(semaphore, new_value);
  iree_slim_mutex_unlock(&semaphore->mutex);
  if (!iree_status_is_ok(status)) return status;
  // Timepoints (other queues waiting on this semaphore) run on this thread.
  iree_hal_semaphore_notify(&semaphore->base, new_value, IREE_STATUS_OK);
  return iree_ok_status();
}

static iree_status_t iree_hal_sync_semaphore_signal(
    iree_hal_semaphore_t* base_semaphore, uint64_t new_value) {
  iree_status_t status = iree_hal_sync_semaphore_signal_one(
      iree_hal_sync_semaphore_cast(base_semaphore), new_value);
  if (iree_status_is_ok(status)) iree_hal_sync_semaphore_post_all();
  return status;
}

static void iree_hal_sync_semaphore_fail(iree_hal_semaphore_t* base_semaphore,
                                         iree_status_t status) {
  iree_hal_sync_semaphore_t* semaphore =
      iree_hal_sync_semaphore_cast(base_semaphore);
  const iree_status_code_t status_code = iree_status_code(status);
  iree_slim_mutex_lock(&semaphore->mutex);
  if (!iree_status_is_ok(semaphore->failure_status)) {
    // Already failed: the first failure is the one kept.
    iree_slim_mutex_unlock(&semaphore->mutex);
    iree_status_free(status);
    return;
  }
  semaphore->current_value = IREE_HAL_SEMAPHORE_FAILURE_VALUE;
  semaphore->failure_status = status;
  iree_slim_mutex_unlock(&semaphore->mutex);
  iree_hal_semaphore_notify(&semaphore->base, IREE_HAL_SEMAPHORE_FAILURE_VALUE,
                            status_code);
  iree_hal_sync_semaphore_post_all();
}

iree_status_t iree_hal_sync_semaphore_multi_signal(
    const iree_hal_semaphore_list_t semaphore_list) {
  iree_status_t status = iree_ok_status();
  bool any_ours = false;
  for (iree_host_size_t i = 0; i < semaphore_list.count; ++i) {
    iree_hal_semaphore_t* semaphore = semaphore_list.semaphores[i];
    if (iree_hal_sync_semaphore_isa(semaphore)) {
      any_ours = true;
      status = iree_hal_sync_semaphore_signal_one(
          iree_hal_sync_semaphore_cast(semaphore),
          semaphore_list.payload_values[i]);
    } else {
      status = iree_hal_semaphore_signal(semaphore,
                                         semaphore_list.payload_values[i]);
    }
    if (!iree_status_is_ok(status)) break;
  }
  // Posted even after a failure: the semaphores before it did change.
  if (any_ours) iree_hal_sync_semaphore_post_all();
  return status;
}

//===----------------------------------------------------------------------===//
// Waiting
//===----------------------------------------------------------------------===//

typedef enum iree_hal_sync_semaphore_state_e {
  IREE_HAL_SYNC_SEMAPHORE_PENDING = 0,
  IREE_HAL_SYNC_SEMAPHORE_REACHED = 1,
  IREE_HAL_SYNC_SEMAPHORE_FAILED = 2,
} iree_hal_sync_semaphore_state_t;

// Where |semaphore| stands with respect to |value|; any driver's semaphore.
static iree_hal_sync_semaphore_state_t iree_hal_sync_semaphore_state_of(
    iree_hal_semaphore_t* base_semaphore, uint64_t value) {
  if (iree_hal_sync_semaphore_isa(base_semaphore)) {
    iree_hal_sync_semaphore_t* semaphore =
        iree_hal_sync_semaphore_cast(base_semaphore);
    iree_slim_mutex_lock(&semaphore->mutex);
    iree_hal_sync_semaphore_state_t state =
        !iree_status_is_ok(semaphore->failure_status)
            ? IREE_HAL_SYNC_SEMAPHORE_FAILED
        : semaphore->current_value >= value ? IREE_HAL_SYNC_SEMAPHORE_REACHED
                                            : IREE_HAL_SYNC_SEMAPHORE_PENDING;
    iree_slim_mutex_unlock(&semaphore->mutex);
    return state;
  }
  uint64_t current_value = 0;
  iree_status_t status = iree_hal_semaphore_query(base_semaphore, &current_value);
  if (!iree_status_is_ok(status)) {
    iree_status_free(status);
    return IREE_HAL_SYNC_SEMAPHORE_FAILED;
  }
  if (current_value >= IREE_HAL_SEMAPHORE_FAILURE_VALUE) {
    return IREE_HAL_SYNC_SEMAPHORE_FAILED;
  }
  return current_value >= value ? IREE_HAL_SYNC_SEMAPHORE_REACHED
                                : IREE_HAL_SYNC_SEMAPHORE_PENDING;
}

typedef struct iree_hal_sync_semaphore_wait_t {
  iree_hal_wait_mode_t wait_mode;
  const iree_hal_semaphore_list_t* semaphore_list;
} iree_hal_sync_semaphore_wait_t;

// OK when the wait is satisfied, ABORTED when a semaphore failed (failure
// wins over everything), DEADLINE_EXCEEDED while it is not.
static iree_status_code_t iree_hal_sync_semaphore_wait_result(
    const iree_hal_sync_semaphore_wait_t* wait) {
  const iree_hal_semaphore_list_t* list = wait->semaphore_list;
  bool any_reached = false;
  bool all_reached = true;
  for (iree_host_size_t i = 0; i < list->count; ++i) {
    switch (iree_hal_sync_semaphore_state_of(list->semaphores[i],
                                             list->payload_values[i])) {
      case IREE_HAL_SYNC_SEMAPHORE_FAILED:
        return IREE_STATUS_ABORTED;
      case IREE_HAL_SYNC_SEMAPHORE_REACHED:
        any_reached = true;
        break;
      default:
        all_reached = false;
        break;
    }
  }
  bool done = wait->wait_mode == IREE_HAL_WAIT_MODE_ANY ? any_reached
                                                        : all_reached;
  return done ? IREE_STATUS_OK : IREE_STATUS_DEADLINE_EXCEEDED;
}

static bool iree_hal_sync_semaphore_wait_is_done(void* arg) {
  return iree_hal_sync_semaphore_wait_result(
             (const iree_hal_sync_semaphore_wait_t*)arg) !=
         IREE_STATUS_DEADLINE_EXCEEDED;
}

// Timepoint callback on another driver's semaphore: wakes our waiters, who
// re-check every semaphore they wait on.
static iree_status_t iree_hal_sync_semaphore_wake_waiters(
    void* user_data, iree_hal_semaphore_t* semaphore, uint64_t value,
    iree_status_code_t status_code) {
  iree_hal_sync_semaphore_post_all();
  return iree_ok_status();
}

// Timepoints registered on other drivers' semaphores during one wait; a few
// live on the stack, more on the heap.
#define IREE_HAL_SYNC_SEMAPHORE_INLINE_TIMEPOINTS 8

iree_status_t iree_hal_sync_semaphore_multi_wait(
    iree_hal_wait_mode_t wait_mode,
    const iree_hal_semaphore_list_t semaphore_list, iree_timeout_t timeout,
    iree_hal_wait_flags_t flags) {
  if (semaphore_list.count == 0) return iree_ok_status();
  iree_hal_sync_semaphore_wait_t wait = {
      .wait_mode = wait_mode,
      .semaphore_list = &semaphore_list,
  };
  iree_status_code_t code = iree_hal_sync_semaphore_wait_result(&wait);
  if (code != IREE_STATUS_DEADLINE_EXCEEDED || iree_timeout_is_immediate(timeout)) {
    return iree_status_from_code(code);
  }
  iree_convert_timeout_to_absolute(&timeout);

  // Other drivers' semaphores do not post our notification by themselves: a
  // timepoint on each makes them do so when they change.
  iree_host_size_t foreign_count = 0;
  for (iree_host_size_t i = 0; i < semaphore_list.count; ++i) {
    if (!iree_hal_sync_semaphore_isa(semaphore_list.semaphores[i])) {
      ++foreign_count;
    }
  }
  iree_hal_semaphore_timepoint_t
      inline_timepoints[IREE_HAL_SYNC_SEMAPHORE_INLINE_TIMEPOINTS];
  iree_hal_semaphore_timepoint_t* timepoints = inline_timepoints;
  iree_allocator_t allocator = iree_allocator_system();
  if (foreign_count > IREE_HAL_SYNC_SEMAPHORE_INLINE_TIMEPOINTS) {
    IREE_RETURN_IF_ERROR(iree_allocator_malloc(
        allocator, foreign_count * sizeof(*timepoints), (void**)&timepoints));
  }
  iree_host_size_t timepoint_count = 0;
  for (iree_host_size_t i = 0; i < semaphore_list.count; ++i) {
    if (iree_hal_sync_semaphore_isa(semaphore_list.semaphores[i])) continue;
    iree_hal_semaphore_callback_t callback = {
        .fn = iree_hal_sync_semaphore_wake_waiters,
        .user_data = NULL,
    };
    iree_hal_semaphore_acquire_timepoint(
        semaphore_list.semaphores[i], semaphore_list.payload_values[i],
        timeout, callback, &timepoints[timepoint_count++]);
  }

  iree_notification_await(iree_hal_sync_semaphore_shared_notification(),
                          iree_hal_sync_semaphore_wait_is_done, &wait, timeout);
  code = iree_hal_sync_semaphore_wait_result(&wait);

  // Timepoints that fired cleared themselves; cancelling those is a no-op.
  timepoint_count = 0;
  for (iree_host_size_t i = 0; i < semaphore_list.count; ++i) {
    if (iree_hal_sync_semaphore_isa(semaphore_list.semaphores[i])) continue;
    iree_hal_semaphore_cancel_timepoint(semaphore_list.semaphores[i],
                                        &timepoints[timepoint_count++]);
  }
  if (timepoints != inline_timepoints) iree_allocator_free(allocator, timepoints);
  return iree_status_from_code(code);
}

static iree_status_t iree_hal_sync_semaphore_wait(
    iree_hal_semaphore_t* base_semaphore, uint64_t value,
    iree_timeout_t timeout, iree_hal_wait_flags_t flags) {
  iree_hal_semaphore_list_t list = {
      .count = 1,
      .semaphores = &base_semaphore,
      .payload_values = &value,
  };
  return iree_hal_sync_semaphore_multi_wait(IREE_HAL_WAIT_MODE_ALL, list,
                                            timeout, flags);
}

iree_status_t iree_hal_sync_semaphore_list_failure(
    const iree_hal_semaphore_list_t semaphore_list) {
  for (iree_host_size_t i = 0; i < semaphore_list.count; ++i) {
    uint64_t value = 0;
    iree_status_t status =
        iree_hal_semaphore_query(semaphore_list.semaphores[i], &value);
    if (!iree_status_is_ok(status)) return status;
    if (value >= IREE_HAL_SEMAPHORE_FAILURE_VALUE) {
      return iree_make_status(IREE_STATUS_ABORTED,
                              "a semaphore waited on has failed");
    }
  }
  return iree_ok_status();
}

static iree_status_t iree_hal_sync_semaphore_import_timepoint(
    iree_hal_semaphore_t* base_semaphore, uint64_t value,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_external_timepoint_t external_timepoint) {
  return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                          "local-sync semaphores do not import timepoints");
}

static iree_status_t iree_hal_sync_semaphore_export_timepoint(
    iree_hal_semaphore_t* base_semaphore, uint64_t value,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_external_timepoint_type_t requested_type,
    iree_hal_external_timepoint_flags_t requested_flags,
    iree_hal_external_timepoint_t* IREE_RESTRICT out_external_timepoint) {
  return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                          "local-sync semaphores do not export timepoints");
}

static const iree_hal_semaphore_vtable_t iree_hal_sync_semaphore_vtable = {
    .destroy = iree_hal_sync_semaphore_destroy,
    .query = iree_hal_sync_semaphore_query,
    .signal = iree_hal_sync_semaphore_signal,
    .fail = iree_hal_sync_semaphore_fail,
    .wait = iree_hal_sync_semaphore_wait,
    .import_timepoint = iree_hal_sync_semaphore_import_timepoint,
    .export_timepoint = iree_hal_sync_semaphore_export_timepoint,
};
