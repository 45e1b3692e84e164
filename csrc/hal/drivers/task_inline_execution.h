// Private to csrc/hal/drivers: local-task devices running small, ready work
// on the submitting thread (see task_inline_execution.c).
#ifndef IREEC_HAL_DRIVERS_TASK_INLINE_EXECUTION_H_
#define IREEC_HAL_DRIVERS_TASK_INLINE_EXECUTION_H_

#include <stdbool.h>

#include "driver_support.h"
#include "iree/base/internal/synchronization.h"
#include "local_sync/inline_command_buffer.h"

// Most bytes a command buffer's commands may touch (dispatch bindings, fill,
// update and copy ranges) to run on the submitting thread: a 64x64 f32
// matmul (48 KiB) does, a 128x128 one (192 KiB) goes to the workers, whose
// parallelism then pays for their wake-up.
#define IREEC_TASK_INLINE_EXECUTION_MAX_BYTES (64 * 1024)

// Most queue operations handed to the task queue that are remembered as not
// yet complete; past that, inline execution stops for the device's lifetime.
#define IREEC_TASK_INLINE_EXECUTION_MAX_PENDING 32

// Per device. Thread-safe.
typedef struct ireec_task_inline_execution_t {
  bool enabled;
  // Work run here failed: like IREE's task queue after a failure, the
  // device aborts all later work (task_foreign_waits.c's wait hooks).
  _Atomic bool failed;
  // Command buffers run on submitting threads so far.
  _Atomic int64_t execution_count;
  // Scratch memory for the dispatches run here.
  ireec_local_memory_cache_t local_memory_cache;
  // Guards the fields below.
  iree_slim_mutex_t mutex;
  // One signal of each queue operation handed to the task queue that was not
  // yet seen reached (or failed); each semaphore retained.
  iree_host_size_t pending_count;
  iree_hal_semaphore_t* pending_semaphores[IREEC_TASK_INLINE_EXECUTION_MAX_PENDING];
  uint64_t pending_values[IREEC_TASK_INLINE_EXECUTION_MAX_PENDING];
  // An operation was handed on whose completion cannot be seen (it signals
  // nothing, or too many were pending): the queue is never known idle again.
  bool untracked;
} ireec_task_inline_execution_t;

IREE_HAL_DRIVER_SUPPORT_INTERNAL void ireec_task_inline_execution_initialize(
    bool enabled, iree_allocator_t host_allocator,
    ireec_task_inline_execution_t* out_inline_execution);

IREE_HAL_DRIVER_SUPPORT_INTERNAL void ireec_task_inline_execution_deinitialize(
    ireec_task_inline_execution_t* inline_execution);

// Records a queue operation about to be handed to the task queue, which
// signals |signals| when complete.
IREE_HAL_DRIVER_SUPPORT_INTERNAL void ireec_task_inline_execution_note_submission(
    ireec_task_inline_execution_t* inline_execution,
    iree_hal_semaphore_list_t signals);

// Whether work run on a submitting thread has failed (the device then aborts
// all later work).
IREE_HAL_DRIVER_SUPPORT_INTERNAL bool ireec_task_inline_execution_failed(
    ireec_task_inline_execution_t* inline_execution);

// Answers iree_hal_device_query_i64 for category "ireec.local_task":
// `inline_small_work` (1 when on, else 0) and `inline_executions` (how many
// command buffers ran on submitting threads so far). NOT_FOUND for other
// keys.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_task_inline_execution_query_i64(
    ireec_task_inline_execution_t* inline_execution, iree_string_view_t key,
    int64_t* out_value);

// Runs |command_buffer| with |binding_table| on the calling thread and
// signals |signals|, setting |*out_executed|, when it is enabled and the
// submission qualifies: a recorded (deferred) command buffer touching at
// most IREEC_TASK_INLINE_EXECUTION_MAX_BYTES, every wait already reached,
// nothing handed to the task queue still pending, and no earlier failure.
// Otherwise leaves |*out_executed| false and does nothing. If the work
// fails, then as on the task queue the device aborts all later work and the
// signals fail with ABORTED (here with the work's failure in its message).
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_task_inline_execution_try_execute(
    ireec_task_inline_execution_t* inline_execution,
    iree_hal_allocator_t* device_allocator, iree_allocator_t host_allocator,
    const iree_hal_semaphore_list_t waits,
    const iree_hal_semaphore_list_t signals,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table, bool* out_executed);

#endif  // IREEC_HAL_DRIVERS_TASK_INLINE_EXECUTION_H_
