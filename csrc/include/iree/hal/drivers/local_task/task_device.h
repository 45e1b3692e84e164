// The local-task HAL device and its parameters.
#ifndef IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DEVICE_H_
#define IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DEVICE_H_

#include "iree/task/api.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/drivers.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DEVICE_H_
