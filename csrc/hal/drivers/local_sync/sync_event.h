// Private to the local-sync driver: its event, which orders nothing (every
// command has completed before the next is recorded) but exists so that
// programs creating events run unchanged.
#ifndef IREEC_HAL_DRIVERS_LOCAL_SYNC_SYNC_EVENT_H_
#define IREEC_HAL_DRIVERS_LOCAL_SYNC_SYNC_EVENT_H_

#include "iree/hal/api.h"
#include "local_executable.h"

IREE_HAL_LOCAL_SYNC_INTERNAL iree_status_t iree_hal_sync_event_create(
    iree_hal_queue_affinity_t queue_affinity, iree_hal_event_flags_t flags,
    iree_allocator_t host_allocator, iree_hal_event_t** out_event);

#endif  // IREEC_HAL_DRIVERS_LOCAL_SYNC_SYNC_EVENT_H_
