// The local-task HAL device and its parameters.
#ifndef IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DEVICE_H_
#define IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DEVICE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/drivers/local_task/task_device.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/local/executable_loader.h"
#include "iree/task/executor.h"

#endif  // IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DEVICE_H_
