// Private to csrc/hal/drivers: the URI query parameters of CPU devices, parsed
// and validated in one place for both CPU drivers.
//
//   local-task://?memory=discrete
//   local-sync://?memory=discrete
//
// IREE's task driver ignores a device URI's parameters; ours read them here,
// refuse any they do not know (naming the ones they do), and create the
// device they describe (ireec_cpu_device_create).
#ifndef IREEC_HAL_DRIVERS_DEVICE_PARAMS_H_
#define IREEC_HAL_DRIVERS_DEVICE_PARAMS_H_

#include <stdbool.h>

#include "driver_support.h"

// Which parameters a driver takes.
typedef enum ireec_cpu_device_param_set_e {
  // `memory` only (local-sync: no task system to configure).
  IREEC_CPU_DEVICE_PARAMS_MEMORY = 1u << 0,
  // `memory` and the task system settings (local-task).
  IREEC_CPU_DEVICE_PARAMS_TASK = 1u << 1,
} ireec_cpu_device_param_set_t;

typedef enum ireec_cpu_device_memory_e {
  // Host memory, mappable: the CPU drivers' usual allocator (`memory=host`).
  IREEC_CPU_DEVICE_MEMORY_HOST = 0,
  // DEVICE_LOCAL memory the host cannot map, as on a discrete GPU
  // (`memory=discrete`; csrc/hal/discrete.h).
  IREEC_CPU_DEVICE_MEMORY_DISCRETE = 1,
} ireec_cpu_device_memory_t;

typedef struct ireec_cpu_device_params_t {
  ireec_cpu_device_memory_t memory;
} ireec_cpu_device_params_t;

// Parses |params| of a device of |driver_name| that takes |param_set|:
// INVALID_ARGUMENT naming the parameter for an unknown one (with the list of
// known ones) or a bad value.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_cpu_device_params_parse(
    iree_string_view_t driver_name, ireec_cpu_device_param_set_t param_set,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    ireec_cpu_device_params_t* out_params);

// Creates the device a CPU driver is asked for (by |device_path| when
// |by_path|, else by |device_id|) with URI |params|: the device comes from
// |task_driver| and is then given what the parameters ask for.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_cpu_device_create(
    iree_hal_driver_t* task_driver, iree_string_view_t driver_name,
    ireec_cpu_device_param_set_t param_set, bool by_path,
    iree_hal_device_id_t device_id, iree_string_view_t device_path,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device);

#endif  // IREEC_HAL_DRIVERS_DEVICE_PARAMS_H_
