// Declarations of IREE's iree/hal/drivers/local_task/task_semaphore.h: the
// local-task driver's semaphores.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_TASK_SEMAPHORE_H_
#define IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_TASK_SEMAPHORE_H_

#include <stdbool.h>

#include "ireec/decls/iree/hal/semaphore.h"

// True for semaphores of IREE's local-task devices (which wait only on
// those in their queues).
bool iree_hal_task_semaphore_isa(iree_hal_semaphore_t* semaphore);

#endif  // IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_TASK_SEMAPHORE_H_
