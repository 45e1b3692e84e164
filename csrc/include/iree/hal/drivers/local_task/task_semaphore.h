// The local-task driver's semaphores.
#ifndef IREE_HAL_DRIVERS_LOCAL_TASK_TASK_SEMAPHORE_H_
#define IREE_HAL_DRIVERS_LOCAL_TASK_TASK_SEMAPHORE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/drivers/local_task/task_semaphore.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/arena.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_DRIVERS_LOCAL_TASK_TASK_SEMAPHORE_H_
