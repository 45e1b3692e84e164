// Private to csrc/hal: what the host does between devices that share no
// semaphores (a CPU device and a GPU, two drivers' devices), so that no
// device is ever handed a semaphore it cannot use (semaphore_bridge.c).
//
// A device says which semaphores it can wait on and signal in its queues
// (iree_hal_device_query_semaphore_compatibility: DEVICE_WAIT, DEVICE_SIGNAL).
// A queue operation's list naming another semaphore gets a new semaphore of
// the device in its place ("proxy"), and a host job joins the two:
// - a wait: the job waits for the semaphore (its own driver's host wait) and
//   then signals the proxy the operation waits on;
// - a signal: the operation signals the proxy; the job waits for it and then
//   signals the semaphore.
// A failure is passed on instead of a signal, so nothing waits for ever on
// work that failed, and nothing runs as if it had not.
#ifndef IREEC_HAL_SEMAPHORE_BRIDGE_H_
#define IREEC_HAL_SEMAPHORE_BRIDGE_H_

#include "hal_object_layouts.h"

// A copy a host job makes through host mappings of both buffers.
typedef struct ireec_hal_host_copy_t {
  iree_hal_buffer_t* source;
  iree_device_size_t source_offset;
  iree_hal_buffer_t* target;
  iree_device_size_t target_offset;
  iree_device_size_t length;
} ireec_hal_host_copy_t;

// Runs a host job: waits for every semaphore of |waits|, makes |copies| in
// order, then signals |signals|; or, when a wait or a copy fails, fails
// |signals| with that failure. When every wait is reached (or one failed)
// already, it runs on the calling thread; otherwise on a thread of its own,
// which retains everything the job names. Fails only when the job could not
// be started (its signals then fail too).
IREEC_HAL_INTERNAL iree_status_t ireec_hal_host_job_run(
    iree_hal_semaphore_list_t waits, iree_host_size_t copy_count,
    const ireec_hal_host_copy_t* copies, iree_hal_semaphore_list_t signals,
    iree_allocator_t host_allocator);

// The failure of |semaphore| (the status it failed with, or ABORTED), or OK
// while it has not failed.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_semaphore_failure(
    iree_hal_semaphore_t* semaphore);

// The first failure of |list|'s semaphores, or OK.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_semaphore_list_failure(
    iree_hal_semaphore_list_t list);

// Whether |semaphore| has reached |value| (false once it has failed).
IREEC_HAL_INTERNAL bool ireec_hal_semaphore_reached(iree_hal_semaphore_t* semaphore,
                                                    uint64_t value);

// The lists to hand |device|'s queue in place of |waits| and |signals|:
// semaphores it cannot wait on or signal get proxies made on |device| and
// host jobs (waits already reached are left out). |*out_state| is NULL when
// the lists are the caller's own; otherwise it holds the new lists and must
// be released with ireec_hal_semaphore_bridge_release once the operation is
// submitted or refused.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_semaphore_bridge_map(
    iree_hal_device_t* device, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals, iree_allocator_t host_allocator,
    iree_hal_semaphore_list_t* out_waits, iree_hal_semaphore_list_t* out_signals,
    void** out_state);

// Starts the host jobs passing the signal proxies on (when |submitted|) and
// frees the state.
IREEC_HAL_INTERNAL void ireec_hal_semaphore_bridge_release(void* state,
                                                           bool submitted);

// iree_hal_device_queue_copy on |device| with its lists bridged: for copies
// handed to a device that may not be one of ireec's (a GPU buffer's own
// device, as IREE's allocator names it).
IREEC_HAL_INTERNAL iree_status_t ireec_hal_bridged_queue_copy(
    iree_hal_device_t* device, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals, iree_hal_buffer_t* source,
    iree_device_size_t source_offset, iree_hal_buffer_t* target,
    iree_device_size_t target_offset, iree_device_size_t length,
    iree_allocator_t host_allocator);

#endif  // IREEC_HAL_SEMAPHORE_BRIDGE_H_
