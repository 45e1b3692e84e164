// The wrapping driver (see wrapping_driver.h): listing and describing
// devices go to the inner driver unchanged; creating one goes through the
// wrapper's device constructor (local-task: ireec_cpu_device_create, which
// reads URI parameters IREE's task driver ignores; HIP: the HIP device
// wrapped by a staging device).

#include "wrapping_driver.h"

#include "../host_memory.h"
#include "../staging.h"

typedef struct ireec_hal_wrapping_driver_t {
  // Must come first: the runtime sees the driver as an iree_hal_resource_t.
  iree_hal_resource_t resource;
  iree_allocator_t host_allocator;
  ireec_cpu_device_param_set_t param_set;
  // The driver's name (static storage), for messages about its parameters.
  iree_string_view_t name;
  // The driver doing the work; owned (one reference).
  iree_hal_driver_t* inner_driver;
  ireec_hal_wrapped_device_create_fn_t create_device;
  ireec_hal_wrapped_devices_query_fn_t query_devices;
} ireec_hal_wrapping_driver_t;

static const iree_hal_driver_vtable_t ireec_hal_wrapping_driver_vtable;

static ireec_hal_wrapping_driver_t* ireec_hal_wrapping_driver_cast(
    iree_hal_driver_t* base_driver) {
  return (ireec_hal_wrapping_driver_t*)base_driver;
}

static void ireec_hal_wrapping_driver_destroy(iree_hal_driver_t* base_driver) {
  ireec_hal_wrapping_driver_t* driver = ireec_hal_wrapping_driver_cast(base_driver);
  iree_allocator_t host_allocator = driver->host_allocator;
  iree_hal_driver_release(driver->inner_driver);
  iree_allocator_free(host_allocator, driver);
}

static iree_status_t ireec_hal_wrapping_driver_query_available_devices(
    iree_hal_driver_t* base_driver, iree_allocator_t host_allocator,
    iree_host_size_t* out_device_info_count,
    iree_hal_device_info_t** out_device_infos) {
  ireec_hal_wrapping_driver_t* driver = ireec_hal_wrapping_driver_cast(base_driver);
  return driver->query_devices(driver->inner_driver, host_allocator,
                               out_device_info_count, out_device_infos);
}

static iree_status_t ireec_hal_wrapping_driver_dump_device_info(
    iree_hal_driver_t* base_driver, iree_hal_device_id_t device_id,
    iree_string_builder_t* builder) {
  return iree_hal_driver_dump_device_info(
      ireec_hal_wrapping_driver_cast(base_driver)->inner_driver, device_id, builder);
}

static iree_status_t ireec_hal_wrapping_driver_create_device_by_id(
    iree_hal_driver_t* base_driver, iree_hal_device_id_t device_id,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device) {
  ireec_hal_wrapping_driver_t* driver = ireec_hal_wrapping_driver_cast(base_driver);
  return driver->create_device(
      driver->inner_driver, driver->name, driver->param_set,
      /*by_path=*/false, device_id, iree_string_view_empty(), param_count,
      params, host_allocator, out_device);
}

static iree_status_t ireec_hal_wrapping_driver_create_device_by_path(
    iree_hal_driver_t* base_driver, iree_string_view_t driver_name,
    iree_string_view_t device_path, iree_host_size_t param_count,
    const iree_string_pair_t* params, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  ireec_hal_wrapping_driver_t* driver = ireec_hal_wrapping_driver_cast(base_driver);
  return driver->create_device(driver->inner_driver, driver_name,
                                 driver->param_set, /*by_path=*/true, 0,
                                 device_path, param_count, params,
                                 host_allocator, out_device);
}

static const iree_hal_driver_vtable_t ireec_hal_wrapping_driver_vtable = {
    .destroy = ireec_hal_wrapping_driver_destroy,
    .query_available_devices = ireec_hal_wrapping_driver_query_available_devices,
    .dump_device_info = ireec_hal_wrapping_driver_dump_device_info,
    .create_device_by_id = ireec_hal_wrapping_driver_create_device_by_id,
    .create_device_by_path = ireec_hal_wrapping_driver_create_device_by_path,
};

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_hal_wrapping_driver_wrap_move(
    iree_hal_driver_t* inner_driver, iree_string_view_t name,
    ireec_cpu_device_param_set_t param_set,
    ireec_hal_wrapped_device_create_fn_t create_device,
    ireec_hal_wrapped_devices_query_fn_t query_devices,
    iree_allocator_t host_allocator, iree_hal_driver_t** out_driver) {
  *out_driver = NULL;
  ireec_hal_wrapping_driver_t* driver = NULL;
  iree_status_t status =
      iree_allocator_malloc(host_allocator, sizeof(*driver), (void**)&driver);
  if (!iree_status_is_ok(status)) {
    iree_hal_driver_release(inner_driver);
    return status;
  }
  iree_hal_resource_initialize(&ireec_hal_wrapping_driver_vtable,
                               &driver->resource);
  driver->host_allocator = host_allocator;
  driver->param_set = param_set;
  driver->name = name;
  driver->inner_driver = inner_driver;
  driver->create_device = create_device;
  driver->query_devices =
      query_devices ? query_devices : iree_hal_driver_query_available_devices;
  *out_driver = (iree_hal_driver_t*)driver;
  return iree_ok_status();
}

// ireec's one URI parameter of accelerator devices, `memory` (host or
// discrete: see ../host_memory.h), taken out of |params| (into |kept|, the
// rest in order, capacity |param_count|); the others are the driver's own.
static iree_status_t ireec_accelerator_memory_param(
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_string_pair_t* kept, iree_host_size_t* out_kept_count,
    iree_string_view_t* out_memory) {
  *out_kept_count = 0;
  *out_memory = iree_string_view_empty();
  for (iree_host_size_t i = 0; i < param_count; ++i) {
    if (!iree_string_view_equal(params[i].key, IREE_SV("memory"))) {
      kept[(*out_kept_count)++] = params[i];
      continue;
    }
    if (!iree_string_view_equal(params[i].value, IREE_SV("host")) &&
        !iree_string_view_equal(params[i].value, IREE_SV("discrete"))) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "memory=%.*s: an accelerator's memory is host "
                              "(device-local memory the host maps, where it "
                              "is host memory) or discrete (as asked for)",
                              (int)params[i].value.size, params[i].value.data);
    }
    *out_memory = params[i].value;
  }
  return iree_ok_status();
}

// With memory=host, or by default where the device's memory is host memory,
// the device allocates DEVICE_LOCAL memory host-visible (../host_memory.h).
static iree_status_t ireec_accelerator_apply_memory(
    iree_hal_device_t* device, iree_string_view_t memory,
    iree_allocator_t host_allocator) {
  if (iree_string_view_equal(memory, IREE_SV("discrete"))) return iree_ok_status();
  iree_hal_allocator_t* allocator = iree_hal_device_allocator(device);
  if (!ireec_hal_allocator_memory_is_host_memory(allocator)) {
    if (iree_string_view_is_empty(memory)) return iree_ok_status();
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "memory=host: this device's device-local memory "
                            "is not all memory the host can map (a discrete "
                            "GPU's)");
  }
  iree_hal_allocator_t* host_memory_allocator = NULL;
  IREE_RETURN_IF_ERROR(ireec_hal_host_memory_allocator_create(
      allocator, host_allocator, &host_memory_allocator));
  iree_hal_device_replace_allocator(device, host_memory_allocator);
  iree_hal_allocator_release(host_memory_allocator);
  return iree_ok_status();
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_accelerator_device_create(
    iree_hal_driver_t* inner_driver, iree_string_view_t driver_name,
    ireec_cpu_device_param_set_t unused_param_set, bool by_path,
    iree_hal_device_id_t device_id, iree_string_view_t device_path,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device) {
  *out_device = NULL;
  iree_string_pair_t* driver_params = NULL;
  if (param_count) {
    IREE_RETURN_IF_ERROR(iree_allocator_malloc(
        host_allocator, param_count * sizeof(*driver_params), (void**)&driver_params));
  }
  iree_host_size_t driver_param_count = 0;
  iree_string_view_t memory = iree_string_view_empty();
  iree_status_t status = ireec_accelerator_memory_param(
      param_count, params, driver_params, &driver_param_count, &memory);
  iree_hal_device_t* device = NULL;
  if (iree_status_is_ok(status) && by_path) {
    status = iree_hal_driver_create_device_by_path(
        inner_driver, driver_name, device_path, driver_param_count, driver_params,
        host_allocator, &device);
  } else if (iree_status_is_ok(status)) {
    status = iree_hal_driver_create_device_by_id(
        inner_driver, device_id, driver_param_count, driver_params, host_allocator,
        &device);
  }
  iree_allocator_free(host_allocator, driver_params);
  if (iree_status_is_ok(status)) {
    status = ireec_accelerator_apply_memory(device, memory, host_allocator);
  }
  if (!iree_status_is_ok(status)) {
    iree_hal_device_release(device);
    return status;
  }
  char name[128];
  ireec_hal_device_uri_format(driver_name, device_path, param_count, params,
                              name, sizeof(name));
  return ireec_hal_staging_device_wrap_move(
      device, iree_make_cstring_view(name), IREEC_HAL_STAGING_REACH_OWN_MEMORY,
      host_allocator, out_device);
}
