// Private to csrc/hal/drivers: the URI query parameters of CPU devices, parsed
// and validated in one place for both CPU drivers.
//
//   local-task://?memory=discrete
//   local-sync://?memory=discrete
//   local-task://?topology_group_count=1&worker_spin_us=50
//
// IREE's task driver ignores a device URI's parameters; ours read them here,
// refuse any they do not know (naming the ones they do), and create the
// device they describe (ireec_cpu_device_create).
#ifndef IREEC_HAL_DRIVERS_DEVICE_PARAMS_H_
#define IREEC_HAL_DRIVERS_DEVICE_PARAMS_H_

#include <stdbool.h>

#include "driver_support.h"
#include "ireec/decls/ireec/hal/drivers/device_params.h"

// Which parameters a driver takes.
typedef enum ireec_cpu_device_param_set_e {
  // None of these (a wrapped driver whose devices take their own, HIP's).
  IREEC_CPU_DEVICE_PARAMS_NONE = 0,
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

// Most topologies a device may ask for (`topology_cpu_ids` given this many
// times): one executor, and one queue, each.
#define IREEC_CPU_DEVICE_MAX_TOPOLOGIES 16

// IREE's task system settings, as iree-run-module takes them from its
// `--task_*` flags (IREE's runtime/src/iree/task/api.c), named without the
// `task_` prefix and with the same value syntax. Unset ones keep the flags'
// defaults.
typedef struct ireec_cpu_task_settings_t {
  // Whether any was given: the device then gets executors of its own.
  bool any;
  int32_t worker_spin_us;              // 0
  int32_t worker_stack_size;           // 128 KiB
  int32_t worker_local_memory;         // 0: sized from the CPU's L2 cache
  iree_string_view_t topology_mode;    // "physical_cores"
  int32_t topology_group_count;        // 0: from the mode
  iree_host_size_t topology_cpu_ids_count;
  iree_string_view_t topology_cpu_ids[IREEC_CPU_DEVICE_MAX_TOPOLOGIES];
  iree_string_view_t topology_nodes;   // "current"
  int32_t topology_max_group_count;    // 64
  iree_string_view_t topology_performance_level;  // "any"
  iree_string_view_t topology_distribution;       // "scatter"
  iree_string_view_t topology_favor;              // ""
  bool abort_on_failure;               // false
} ireec_cpu_task_settings_t;

// `inline_small_work` (csrc/hal/drivers/task_inline_execution.c).
typedef enum ireec_cpu_device_inline_small_work_e {
  // On for a device whose URI has no parameters, off otherwise.
  IREEC_CPU_DEVICE_INLINE_SMALL_WORK_AUTO = 0,
  IREEC_CPU_DEVICE_INLINE_SMALL_WORK_ON = 1,
  IREEC_CPU_DEVICE_INLINE_SMALL_WORK_OFF = 2,
} ireec_cpu_device_inline_small_work_t;

typedef struct ireec_cpu_device_params_t {
  ireec_cpu_device_memory_t memory;
  ireec_cpu_device_inline_small_work_t inline_small_work;
  ireec_cpu_task_settings_t task;
} ireec_cpu_device_params_t;

// Parses |params| of a device of |driver_name| that takes |param_set|:
// INVALID_ARGUMENT naming the parameter for an unknown one (with the list of
// known ones) or a bad value.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_cpu_device_params_parse(
    iree_string_view_t driver_name, ireec_cpu_device_param_set_t param_set,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    ireec_cpu_device_params_t* out_params);

// Writes the URI a device is created from, as messages name it, into
// |buffer| (NUL-terminated, cut to |capacity|):
// `driver[://[path][?key=value&...]]`.
IREE_HAL_DRIVER_SUPPORT_INTERNAL void ireec_hal_device_uri_format(
    iree_string_view_t driver_name, iree_string_view_t device_path,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    char* buffer, iree_host_size_t capacity);

// Gives |*inout_device| (any HAL device whose vtable replaces its allocator,
// as the CPU devices' do) the memory |params| asks for: unchanged for
// `memory=host`; for `memory=discrete` a discrete allocator and a wrapper
// device (csrc/hal/discrete.h); then wraps it in a staging device
// (csrc/hal/staging.h) named by its URI (|driver_name| and the |params|
// given), so it takes buffers of devices whose memory it cannot reach.
// Takes |*inout_device|'s reference (released when failing: _move) and
// leaves the device to use in it (NULL when failing). A CPU driver that
// creates its devices itself parses with ireec_cpu_device_params_parse,
// creates the device, then calls this.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_cpu_device_apply_memory_move(
    const ireec_cpu_device_params_t* params, iree_string_view_t driver_name,
    iree_host_size_t param_count, const iree_string_pair_t* uri_params,
    iree_allocator_t host_allocator, iree_hal_device_t** inout_device);

// Creates the device a CPU driver is asked for (by |device_path| when
// |by_path|, else by |device_id|) with URI |params|: the device comes from
// |task_driver|, or, when task system settings are given, from a task driver
// of its own with executors configured as IREE configures them from its
// `--task_*` flags; it is then given the memory asked for.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_cpu_device_create(
    iree_hal_driver_t* task_driver, iree_string_view_t driver_name,
    ireec_cpu_device_param_set_t param_set, bool by_path,
    iree_hal_device_id_t device_id, iree_string_view_t device_path,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device);

#endif  // IREEC_HAL_DRIVERS_DEVICE_PARAMS_H_
