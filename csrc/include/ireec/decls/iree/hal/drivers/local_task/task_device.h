// Declarations of IREE's iree/hal/drivers/local_task/task_device.h: the local-
// task HAL device and its parameters.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DEVICE_H_
#define IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DEVICE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"
#include "ireec/decls/iree/task/executor.h"
#include "ireec/decls/iree/task/scope.h"

typedef struct iree_hal_task_device_params_t iree_hal_task_device_params_t;

struct iree_hal_task_device_params_t {
  iree_host_size_t arena_block_size;
  iree_task_scope_flags_t queue_scope_flags;
};

void iree_hal_task_device_params_initialize(
    iree_hal_task_device_params_t* out_params);
iree_status_t iree_hal_task_device_create(
    iree_string_view_t identifier,
    const iree_hal_task_device_params_t* params,
    iree_host_size_t queue_count,
    iree_task_executor_t* const* queue_executors,
    iree_host_size_t loader_count,
    iree_hal_executable_loader_t**loaders,
    iree_hal_allocator_t* device_allocator,
    iree_allocator_t host_allocator,
    iree_hal_device_t**out_device);

#endif  // IREEC_DECLS_IREE_HAL_DRIVERS_LOCAL_TASK_TASK_DEVICE_H_
