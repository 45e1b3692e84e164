// CPU device URI parameters (see device_params.h): parsing, validation and
// the device they describe.

#include "device_params.h"

#include <string.h>

#include "../discrete.h"

typedef struct ireec_cpu_device_param_info_t {
  const char* name;
  ireec_cpu_device_param_set_t sets;
} ireec_cpu_device_param_info_t;

// Every parameter, in the order error messages list them.
static const ireec_cpu_device_param_info_t ireec_cpu_device_param_infos[] = {
    {"memory", IREEC_CPU_DEVICE_PARAMS_MEMORY | IREEC_CPU_DEVICE_PARAMS_TASK},
};

// "a, b, c": the parameters a driver taking |param_set| knows.
static iree_status_t ireec_cpu_device_append_known_params(
    ireec_cpu_device_param_set_t param_set, iree_string_builder_t* builder) {
  bool first = true;
  for (iree_host_size_t i = 0; i < IREE_ARRAYSIZE(ireec_cpu_device_param_infos);
       ++i) {
    if (!(ireec_cpu_device_param_infos[i].sets & param_set)) continue;
    IREE_RETURN_IF_ERROR(iree_string_builder_append_format(
        builder, "%s%s", first ? "" : ", ",
        ireec_cpu_device_param_infos[i].name));
    first = false;
  }
  return iree_ok_status();
}

static iree_status_t ireec_cpu_device_unknown_param(
    iree_string_view_t driver_name, ireec_cpu_device_param_set_t param_set,
    iree_string_view_t key) {
  iree_string_builder_t known;
  iree_string_builder_initialize(iree_allocator_system(), &known);
  iree_status_t status =
      ireec_cpu_device_append_known_params(param_set, &known);
  if (iree_status_is_ok(status)) {
    status = iree_make_status(
        IREE_STATUS_INVALID_ARGUMENT,
        "unknown %.*s device parameter '%.*s'; known parameters: %.*s",
        (int)driver_name.size, driver_name.data, (int)key.size, key.data,
        (int)iree_string_builder_size(&known),
        iree_string_builder_buffer(&known));
  }
  iree_string_builder_deinitialize(&known);
  return status;
}

static iree_status_t ireec_cpu_device_parse_memory(
    iree_string_view_t value, ireec_cpu_device_params_t* params) {
  if (iree_string_view_equal(value, IREE_SV("discrete"))) {
    params->memory = IREEC_CPU_DEVICE_MEMORY_DISCRETE;
  } else if (iree_string_view_equal(value, IREE_SV("host"))) {
    params->memory = IREEC_CPU_DEVICE_MEMORY_HOST;
  } else {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "device parameter 'memory' is '%.*s'; expected "
                            "'host' (the default) or 'discrete'",
                            (int)value.size, value.data);
  }
  return iree_ok_status();
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_cpu_device_params_parse(
    iree_string_view_t driver_name, ireec_cpu_device_param_set_t param_set,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    ireec_cpu_device_params_t* out_params) {
  memset(out_params, 0, sizeof(*out_params));
  out_params->memory = IREEC_CPU_DEVICE_MEMORY_HOST;
  for (iree_host_size_t i = 0; i < param_count; ++i) {
    iree_string_view_t key = params[i].key;
    iree_string_view_t value = params[i].value;
    if (iree_string_view_equal(key, IREE_SV("memory"))) {
      IREE_RETURN_IF_ERROR(ireec_cpu_device_parse_memory(value, out_params));
    } else {
      return ireec_cpu_device_unknown_param(driver_name, param_set, key);
    }
  }
  return iree_ok_status();
}

// Gives |*inout_device| discrete memory: its allocator is wrapped by a
// discrete one and the device by one that resolves discrete buffers.
static iree_status_t ireec_cpu_device_make_discrete(
    iree_allocator_t host_allocator, iree_hal_device_t** inout_device) {
  iree_hal_device_t* device = *inout_device;
  *inout_device = NULL;
  iree_hal_allocator_t* discrete_allocator = NULL;
  iree_status_t status = ireec_hal_discrete_allocator_create(
      iree_hal_device_allocator(device), host_allocator, &discrete_allocator);
  if (!iree_status_is_ok(status)) {
    iree_hal_device_release(device);
    return status;
  }
  ireec_hal_device_replace_allocator(device, discrete_allocator);
  iree_hal_allocator_release(discrete_allocator);  // the device retains it
  return ireec_hal_discrete_device_wrap(device, host_allocator, inout_device);
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_cpu_device_create(
    iree_hal_driver_t* task_driver, iree_string_view_t driver_name,
    ireec_cpu_device_param_set_t param_set, bool by_path,
    iree_hal_device_id_t device_id, iree_string_view_t device_path,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device) {
  *out_device = NULL;
  ireec_cpu_device_params_t parsed;
  IREE_RETURN_IF_ERROR(ireec_cpu_device_params_parse(
      driver_name, param_set, param_count, params, &parsed));

  // The task driver ignores parameters; they have all been applied here.
  iree_hal_device_t* device = NULL;
  if (by_path) {
    IREE_RETURN_IF_ERROR(iree_hal_driver_create_device_by_path(
        task_driver, driver_name, device_path, 0, NULL, host_allocator,
        &device));
  } else {
    IREE_RETURN_IF_ERROR(iree_hal_driver_create_device_by_id(
        task_driver, device_id, 0, NULL, host_allocator, &device));
  }
  if (parsed.memory == IREEC_CPU_DEVICE_MEMORY_DISCRETE) {
    IREE_RETURN_IF_ERROR(ireec_cpu_device_make_discrete(host_allocator, &device));
  }
  *out_device = device;
  return iree_ok_status();
}
