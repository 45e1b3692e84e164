// ireec's own declarations (not IREE's): the URI parameters of the CPU drivers'
// devices (csrc/hal/drivers/device_params.c).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_HAL_DRIVERS_DEVICE_PARAMS_H_
#define IREEC_DECLS_IREEC_HAL_DRIVERS_DEVICE_PARAMS_H_

#include <stdbool.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"

// How a CPU device URI parameter's value is written.
typedef enum ireec_hal_cpu_device_param_kind_e {
  // A non-negative integer (int32).
  IREEC_HAL_CPU_DEVICE_PARAM_KIND_INT = 0,
  // Text; most such parameters take one of a few words.
  IREEC_HAL_CPU_DEVICE_PARAM_KIND_STRING = 1,
  // true, false, 1 or 0 (empty is true).
  IREEC_HAL_CPU_DEVICE_PARAM_KIND_BOOL = 2,
  // Repeatable: each occurrence adds one value.
  IREEC_HAL_CPU_DEVICE_PARAM_KIND_LIST = 3,
} ireec_hal_cpu_device_param_kind_t;

// One URI query parameter of the CPU drivers' devices
// (`local-task://?topology_group_count=1`). Strings are static.
typedef struct ireec_hal_cpu_device_param_t {
  // The parameter's name.
  const char* name;
  ireec_hal_cpu_device_param_kind_t kind;
  // One of IREE's task system settings: iree-run-module's `--task_<name>`
  // flag, taken by local-task devices only. Otherwise ireec's own
  // (`memory`), taken by both CPU drivers.
  bool task_setting;
  // The value an unset parameter has, as text ("" for a list: none).
  const char* default_value;
  // What it sets, in one line.
  const char* description;
} ireec_hal_cpu_device_param_t;

// The parameters CPU device URIs take, in the order errors list them:
// copies up to |capacity| into |out_params| and sets |*out_count| to how many
// there are (OUT_OF_RANGE when |capacity| is smaller; |out_params| may then be
// NULL, to ask for the count).
iree_status_t ireec_hal_cpu_device_params_query(
    iree_host_size_t capacity,
    ireec_hal_cpu_device_param_t* out_params,
    iree_host_size_t* out_count);

#endif  // IREEC_DECLS_IREEC_HAL_DRIVERS_DEVICE_PARAMS_H_
