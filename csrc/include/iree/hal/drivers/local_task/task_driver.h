// The local-task HAL driver: CPU devices scheduled on task executors.
#ifndef IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DRIVER_H_
#define IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DRIVER_H_

#include "iree/task/api.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/drivers.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DRIVER_H_
