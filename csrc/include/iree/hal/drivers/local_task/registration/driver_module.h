// Registering the local-task driver's factory.
#ifndef IREE_HAL_DRIVERS_LOCAL_TASK_REGISTRATION_DRIVER_MODULE_H_
#define IREE_HAL_DRIVERS_LOCAL_TASK_REGISTRATION_DRIVER_MODULE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/drivers/local_task/registration/driver_module.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_DRIVERS_LOCAL_TASK_REGISTRATION_DRIVER_MODULE_H_
