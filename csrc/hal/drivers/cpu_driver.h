// Private to csrc/hal/drivers: the HAL driver that gives IREE's task driver
// device URI parameters (cpu_driver.c).
#ifndef IREEC_HAL_DRIVERS_CPU_DRIVER_H_
#define IREEC_HAL_DRIVERS_CPU_DRIVER_H_

#include "device_params.h"

// Wraps |task_driver| in a driver named |name| (static storage) whose devices
// take the URI parameters of |param_set|. Takes ownership of |task_driver|
// (also when failing).
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_hal_cpu_driver_wrap(
    iree_hal_driver_t* task_driver, iree_string_view_t name,
    ireec_cpu_device_param_set_t param_set, iree_allocator_t host_allocator,
    iree_hal_driver_t** out_driver);

#endif  // IREEC_HAL_DRIVERS_CPU_DRIVER_H_
