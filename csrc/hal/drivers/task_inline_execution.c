// Local-task devices running small, ready work on the submitting thread.
//
// Why: a small call on local-task costs little work and two cross-CPU
// wake-ups, the caller waking a task worker for the dispatch and the worker
// waking the caller when it is done. Unpinned, on a machine with few cores,
// those hand-offs are most of a call's time and CPU (bench/latency.py). The
// caller has nothing to do but wait, so for work too small for the workers'
// parallelism to pay for their wake-up, the caller runs it itself, as the
// local-sync device runs everything: the recorded command buffer is replayed
// through an inline command buffer (local_sync/inline_command_buffer.h) and
// the signals are signalled before queue_execute returns.
//
// What keeps it correct:
// - only when every wait is already reached: a pending wait goes to the task
//   queue, which orders it; a failed wait too, so that its failure reaches
//   the signals as it always has (task_foreign_waits.c);
// - only when nothing handed to the task queue is still pending, so work
//   never overtakes earlier work of the same device (queue operations are
//   tracked by one of their signals; one signalling nothing leaves the queue
//   never known idle again);
// - the work's failure fails the signals and aborts all later work of the
//   device, as a failure on the task queue does (IREE's task queue then
//   reports a bare ABORTED; here the root cause is in its message);
// - only recorded command buffers touching at most
//   IREEC_TASK_INLINE_EXECUTION_MAX_BYTES, so large work keeps the workers'
//   parallelism (the size is measured by replaying the recording without
//   running it).
// A device made with task settings, or any URI parameter, keeps IREE's
// behaviour; `inline_small_work` turns it on or off (docs/devices.md).

#include "task_inline_execution.h"

#include "../semaphore_bridge.h"

#include <stdatomic.h>
#include <string.h>

#include "iree/hal/utils/deferred_command_buffer.h"

void ireec_task_inline_execution_initialize(
    bool enabled, iree_allocator_t host_allocator,
    ireec_task_inline_execution_t* out_inline_execution) {
  memset(out_inline_execution, 0, sizeof(*out_inline_execution));
  out_inline_execution->enabled = enabled;
  ireec_local_memory_cache_initialize(host_allocator,
                                      &out_inline_execution->local_memory_cache);
  iree_slim_mutex_initialize(&out_inline_execution->mutex);
}

void ireec_task_inline_execution_deinitialize(
    ireec_task_inline_execution_t* inline_execution) {
  for (iree_host_size_t i = 0; i < inline_execution->pending_count; ++i) {
    iree_hal_semaphore_release(inline_execution->pending_semaphores[i]);
  }
  inline_execution->pending_count = 0;
  iree_slim_mutex_deinitialize(&inline_execution->mutex);
  ireec_local_memory_cache_deinitialize(&inline_execution->local_memory_cache);
}

// Whether |semaphore| has reached |value| or failed: either way the work
// signalling it is over.
static bool ireec_task_inline_execution_completed(iree_hal_semaphore_t* semaphore,
                                                  uint64_t value) {
  uint64_t current_value = 0;
  iree_status_t status = iree_hal_semaphore_query(semaphore, &current_value);
  bool completed = !iree_status_is_ok(status) || current_value >= value;
  iree_status_ignore(status);
  return completed;
}

// Drops the pending operations that have completed. Called with the mutex
// held.
static void ireec_task_inline_execution_prune(
    ireec_task_inline_execution_t* inline_execution) {
  iree_host_size_t kept = 0;
  for (iree_host_size_t i = 0; i < inline_execution->pending_count; ++i) {
    iree_hal_semaphore_t* semaphore = inline_execution->pending_semaphores[i];
    uint64_t value = inline_execution->pending_values[i];
    if (ireec_task_inline_execution_completed(semaphore, value)) {
      iree_hal_semaphore_release(semaphore);
      continue;
    }
    inline_execution->pending_semaphores[kept] = semaphore;
    inline_execution->pending_values[kept++] = value;
  }
  inline_execution->pending_count = kept;
}

void ireec_task_inline_execution_note_submission(
    ireec_task_inline_execution_t* inline_execution,
    iree_hal_semaphore_list_t signals) {
  if (!inline_execution->enabled) return;
  iree_slim_mutex_lock(&inline_execution->mutex);
  ireec_task_inline_execution_prune(inline_execution);
  if (signals.count == 0 || inline_execution->pending_count ==
                                IREEC_TASK_INLINE_EXECUTION_MAX_PENDING) {
    inline_execution->untracked = true;
  } else {
    // One signal is enough: the operation signals all of them at once.
    iree_hal_semaphore_retain(signals.semaphores[0]);
    inline_execution->pending_semaphores[inline_execution->pending_count] =
        signals.semaphores[0];
    inline_execution->pending_values[inline_execution->pending_count++] =
        signals.payload_values[0];
  }
  iree_slim_mutex_unlock(&inline_execution->mutex);
}

// Whether nothing handed to the task queue is still pending.
static bool ireec_task_inline_execution_queue_idle(
    ireec_task_inline_execution_t* inline_execution) {
  iree_slim_mutex_lock(&inline_execution->mutex);
  ireec_task_inline_execution_prune(inline_execution);
  bool idle =
      !inline_execution->untracked && inline_execution->pending_count == 0;
  iree_slim_mutex_unlock(&inline_execution->mutex);
  return idle;
}

// Whether every wait of |waits| has been reached (not failed).
static bool ireec_task_inline_execution_waits_reached(
    iree_hal_semaphore_list_t waits) {
  for (iree_host_size_t i = 0; i < waits.count; ++i) {
    if (!ireec_hal_semaphore_reached(waits.semaphores[i],
                                 waits.payload_values[i])) {
      return false;
    }
  }
  return true;
}

bool ireec_task_inline_execution_failed(
    ireec_task_inline_execution_t* inline_execution) {
  return atomic_load_explicit(&inline_execution->failed, memory_order_acquire);
}

iree_status_t ireec_task_inline_execution_query_i64(
    ireec_task_inline_execution_t* inline_execution, iree_string_view_t key,
    int64_t* out_value) {
  if (iree_string_view_equal(key, IREE_SV("inline_small_work"))) {
    *out_value = inline_execution->enabled ? 1 : 0;
  } else if (iree_string_view_equal(key, IREE_SV("inline_executions"))) {
    *out_value = atomic_load_explicit(&inline_execution->execution_count,
                                      memory_order_relaxed);
  } else {
    return iree_make_status(IREE_STATUS_NOT_FOUND,
                            "unknown device query ireec.local_task :: %.*s; "
                            "known: inline_small_work, inline_executions",
                            (int)key.size, key.data);
  }
  return iree_ok_status();
}

iree_status_t ireec_task_inline_execution_try_execute(
    ireec_task_inline_execution_t* inline_execution,
    iree_hal_allocator_t* device_allocator, iree_allocator_t host_allocator,
    const iree_hal_semaphore_list_t waits,
    const iree_hal_semaphore_list_t signals,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table, bool* out_executed) {
  *out_executed = false;
  // Cheapest checks first: most submissions that go to the workers stop here.
  if (!inline_execution->enabled || !command_buffer ||
      ireec_task_inline_execution_failed(inline_execution) ||
      !iree_hal_deferred_command_buffer_isa(command_buffer) ||
      !ireec_task_inline_execution_waits_reached(waits) ||
      !ireec_task_inline_execution_queue_idle(inline_execution)) {
    return iree_ok_status();
  }
  iree_device_size_t bytes = 0;
  iree_status_t status = ireec_inline_command_buffer_measure(
      device_allocator, command_buffer, binding_table, &bytes);
  if (!iree_status_is_ok(status) ||
      bytes > IREEC_TASK_INLINE_EXECUTION_MAX_BYTES) {
    // Whatever could not be measured is the task queue's to report.
    iree_status_ignore(status);
    return iree_ok_status();
  }

  *out_executed = true;
  atomic_fetch_add_explicit(&inline_execution->execution_count, 1,
                            memory_order_relaxed);
  iree_status_t work_status = ireec_inline_command_buffer_replay(
      device_allocator, command_buffer, binding_table, host_allocator,
      &inline_execution->local_memory_cache);
  if (iree_status_is_ok(work_status)) {
    return iree_hal_semaphore_list_signal(signals);
  }
  // As from the task queue: the device aborts all later work, and the
  // failure reaches the caller through the signals (with none to carry it,
  // through the submission itself).
  atomic_store_explicit(&inline_execution->failed, true, memory_order_release);
  iree_status_t failure = ireec_status_aborted_by(
      "the device has failed and aborts all later work (a new device is "
      "needed to continue): work it ran on the submitting thread failed",
      work_status);
  if (signals.count == 0) return failure;
  iree_hal_semaphore_list_fail(signals, failure);
  return iree_ok_status();
}
