// Declarations of IREE's iree/hal/drivers/local_task/task_driver.h: the local-
// task HAL driver: CPU devices scheduled on task executors.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DRIVER_H_
#define IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DRIVER_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/driver.h"
#include "ireec/decls/iree/hal/drivers/local_task/task_device.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"
#include "ireec/decls/iree/task/executor.h"

iree_status_t iree_hal_task_driver_create(
    iree_string_view_t identifier,
    const iree_hal_task_device_params_t* default_params,
    iree_host_size_t queue_count,
    iree_task_executor_t* const* queue_executors,
    iree_host_size_t loader_count,
    iree_hal_executable_loader_t**loaders,
    iree_hal_allocator_t* device_allocator,
    iree_allocator_t host_allocator,
    iree_hal_driver_t**out_driver);

#endif  // IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DRIVER_H_
