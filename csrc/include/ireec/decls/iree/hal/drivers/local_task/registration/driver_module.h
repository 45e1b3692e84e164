// Declarations of IREE's
// iree/hal/drivers/local_task/registration/driver_module.h: registering the
// local-task driver's factory. The runtime we bind does not export these;
// libireec_runtime implements them (csrc/hal/drivers/local_task.c) with exactly
// IREE's declarations.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_REGISTRATION_DRIVER_MODULE_H_
#define IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_REGISTRATION_DRIVER_MODULE_H_

#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/driver_registry.h"

iree_status_t iree_hal_local_task_driver_module_register(
    iree_hal_driver_registry_t* registry);

#endif  // IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_REGISTRATION_DRIVER_MODULE_H_
