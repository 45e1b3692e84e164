// Private to the local-sync driver: its timeline semaphore.
//
// A semaphore is a 64-bit value that only grows, or a failure that keeps its
// status. Waiting blocks the calling thread on one process-wide notification
// that every signal and failure of these semaphores posts; waits on several
// semaphores (all or any, also mixed with other drivers' semaphores) use the
// same notification, so one wake-up re-checks them all.
#ifndef IREEC_HAL_DRIVERS_LOCAL_SYNC_SYNC_SEMAPHORE_H_
#define IREEC_HAL_DRIVERS_LOCAL_SYNC_SYNC_SEMAPHORE_H_

#include "iree/hal/api.h"
#include "iree/hal/utils/semaphore_base.h"
#include "local_executable.h"

// Creates a semaphore holding |initial_value|.
IREE_HAL_LOCAL_SYNC_INTERNAL iree_status_t iree_hal_sync_semaphore_create(
    uint64_t initial_value, iree_allocator_t host_allocator,
    iree_hal_semaphore_t** out_semaphore);

// True if |semaphore| is one of this driver's.
IREE_HAL_LOCAL_SYNC_INTERNAL bool iree_hal_sync_semaphore_isa(
    iree_hal_semaphore_t* semaphore);

// Signals every semaphore of |semaphore_list| to its payload value, stopping
// at the first that cannot be (a value not above the current one).
IREE_HAL_LOCAL_SYNC_INTERNAL iree_status_t iree_hal_sync_semaphore_multi_signal(
    const iree_hal_semaphore_list_t semaphore_list);

// Waits until all (or any) of |semaphore_list| reach their payload values,
// one of them fails (ABORTED) or |timeout| expires (DEADLINE_EXCEEDED).
// Semaphores of other drivers may be in the list.
IREE_HAL_LOCAL_SYNC_INTERNAL iree_status_t iree_hal_sync_semaphore_multi_wait(
    iree_hal_wait_mode_t wait_mode,
    const iree_hal_semaphore_list_t semaphore_list, iree_timeout_t timeout,
    iree_hal_wait_flags_t flags);

// The failure status of the first failed semaphore of |semaphore_list| (a
// copy the caller owns), or OK if none failed.
IREE_HAL_LOCAL_SYNC_INTERNAL iree_status_t
iree_hal_sync_semaphore_list_failure(const iree_hal_semaphore_list_t semaphore_list);

#endif  // IREEC_HAL_DRIVERS_LOCAL_SYNC_SYNC_SEMAPHORE_H_
