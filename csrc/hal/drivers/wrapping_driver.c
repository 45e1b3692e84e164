// The wrapping driver (see wrapping_driver.h): listing and describing
// devices go to the inner driver unchanged; creating one goes through the
// wrapper's device constructor (local-task: ireec_cpu_device_create, which
// reads URI parameters IREE's task driver ignores; HIP: the HIP device
// wrapped by a staging device).

#include "wrapping_driver.h"

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
  return iree_hal_driver_query_available_devices(
      ireec_hal_wrapping_driver_cast(base_driver)->inner_driver, host_allocator,
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
  *out_driver = (iree_hal_driver_t*)driver;
  return iree_ok_status();
}
