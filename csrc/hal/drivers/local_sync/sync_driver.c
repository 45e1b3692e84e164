// iree_hal_sync_driver_t: the driver of IREE's synchronous CPU devices. It
// holds what its devices share (parameters, executable loaders, the device
// allocator) and creates one kind of device, "default".
//
// Device URIs may carry the CPU devices' parameters that apply to it
// (`local-sync://?memory=discrete`, csrc/hal/drivers/device_params.h); an
// unknown one is refused, naming the known ones, rather than silently ignored.

#include <string.h>

#include "iree/hal/api.h"
#include "iree/hal/drivers/local_sync/sync_device.h"
#include "iree/hal/drivers/local_sync/sync_driver.h"
#include "iree/hal/local/executable_loader.h"

#include "local_executable.h"
#include "../device_params.h"

#define IREE_HAL_SYNC_DEVICE_ID_DEFAULT 0

typedef struct iree_hal_sync_driver_t {
  iree_hal_resource_t resource;
  iree_allocator_t host_allocator;
  iree_string_view_t identifier;  // points into this allocation
  iree_hal_sync_device_params_t default_params;
  iree_hal_allocator_t* device_allocator;
  iree_host_size_t loader_count;
  iree_hal_executable_loader_t* loaders[];
} iree_hal_sync_driver_t;

static const iree_hal_driver_vtable_t iree_hal_sync_driver_vtable;

static iree_hal_sync_driver_t* iree_hal_sync_driver_cast(
    iree_hal_driver_t* base_value) {
  return (iree_hal_sync_driver_t*)base_value;
}

IREE_API_EXPORT iree_status_t iree_hal_sync_driver_create(
    iree_string_view_t identifier,
    const iree_hal_sync_device_params_t* default_params,
    iree_host_size_t loader_count, iree_hal_executable_loader_t** loaders,
    iree_hal_allocator_t* device_allocator, iree_allocator_t host_allocator,
    iree_hal_driver_t** out_driver) {
  if (!out_driver) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT, "out_driver is NULL");
  }
  *out_driver = NULL;
  if (!default_params || !device_allocator || (loader_count && !loaders)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "default_params, device_allocator and (when "
                            "loader_count is not 0) loaders are required");
  }
  iree_hal_sync_driver_t* driver = NULL;
  const iree_host_size_t struct_size =
      sizeof(*driver) + loader_count * sizeof(driver->loaders[0]);
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      host_allocator, struct_size + identifier.size, (void**)&driver));
  memset(driver, 0, struct_size + identifier.size);
  iree_hal_resource_initialize(&iree_hal_sync_driver_vtable, &driver->resource);
  driver->host_allocator = host_allocator;
  char* identifier_storage = (char*)driver + struct_size;
  memcpy(identifier_storage, identifier.data, identifier.size);
  driver->identifier = iree_make_string_view(identifier_storage, identifier.size);
  driver->default_params = *default_params;
  driver->device_allocator = device_allocator;
  iree_hal_allocator_retain(device_allocator);
  driver->loader_count = loader_count;
  for (iree_host_size_t i = 0; i < loader_count; ++i) {
    driver->loaders[i] = loaders[i];
    iree_hal_executable_loader_retain(loaders[i]);
  }
  *out_driver = (iree_hal_driver_t*)driver;
  return iree_ok_status();
}

static void iree_hal_sync_driver_destroy(iree_hal_driver_t* base_driver) {
  iree_hal_sync_driver_t* driver = iree_hal_sync_driver_cast(base_driver);
  iree_allocator_t host_allocator = driver->host_allocator;
  iree_hal_allocator_release(driver->device_allocator);
  for (iree_host_size_t i = 0; i < driver->loader_count; ++i) {
    iree_hal_executable_loader_release(driver->loaders[i]);
  }
  iree_allocator_free(host_allocator, driver);
}

static iree_status_t iree_hal_sync_driver_query_available_devices(
    iree_hal_driver_t* base_driver, iree_allocator_t host_allocator,
    iree_host_size_t* out_device_info_count,
    iree_hal_device_info_t** out_device_infos) {
  static const iree_hal_device_info_t device_infos[1] = {
      {
          .device_id = IREE_HAL_SYNC_DEVICE_ID_DEFAULT,
          .name = IREE_SVL("default"),
      },
  };
  *out_device_info_count = IREE_ARRAYSIZE(device_infos);
  // The caller frees the list; the names point at static storage.
  return iree_allocator_clone(
      host_allocator,
      iree_make_const_byte_span(device_infos, sizeof(device_infos)),
      (void**)out_device_infos);
}

static iree_status_t iree_hal_sync_driver_dump_device_info(
    iree_hal_driver_t* base_driver, iree_hal_device_id_t device_id,
    iree_string_builder_t* builder) {
  iree_hal_sync_driver_t* driver = iree_hal_sync_driver_cast(base_driver);
  return iree_string_builder_append_format(
      builder,
      "- execution: inline on the thread submitting work; no worker threads\n"
      "- executable loaders: %" PRIhsz "\n"
      "- command buffers: recorded ones replayed at submission, arena blocks "
      "of %" PRIhsz " B\n",
      driver->loader_count, driver->default_params.arena_block_size);
}

//===----------------------------------------------------------------------===//
// Device creation
//===----------------------------------------------------------------------===//

static iree_status_t iree_hal_sync_driver_create_device_by_id(
    iree_hal_driver_t* base_driver, iree_hal_device_id_t device_id,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device) {
  iree_hal_sync_driver_t* driver = iree_hal_sync_driver_cast(base_driver);
  if (device_id != IREE_HAL_DEVICE_ID_DEFAULT &&
      device_id != IREE_HAL_SYNC_DEVICE_ID_DEFAULT) {
    return iree_make_status(IREE_STATUS_NOT_FOUND,
                            "local-sync has one device, 'default'");
  }
  // The CPU devices' URI parameters (only `memory` applies to local-sync);
  // an unknown one is refused, naming the known ones.
  ireec_cpu_device_params_t parsed;
  IREE_RETURN_IF_ERROR(ireec_cpu_device_params_parse(
      driver->identifier, IREEC_CPU_DEVICE_PARAMS_MEMORY, param_count, params,
      &parsed));
  iree_hal_device_t* device = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_sync_device_create(
      driver->identifier, &driver->default_params, driver->loader_count,
      driver->loaders, driver->device_allocator, host_allocator, &device));
  IREE_RETURN_IF_ERROR(ireec_cpu_device_apply_memory_move(
      &parsed, driver->identifier, param_count, params, host_allocator,
      &device));
  *out_device = device;
  return iree_ok_status();
}

static iree_status_t iree_hal_sync_driver_create_device_by_path(
    iree_hal_driver_t* base_driver, iree_string_view_t driver_name,
    iree_string_view_t device_path, iree_host_size_t param_count,
    const iree_string_pair_t* params, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  if (!iree_string_view_is_empty(device_path) &&
      !iree_string_view_equal(device_path, IREE_SV("default")) &&
      !iree_string_view_equal(device_path, IREE_SV("0"))) {
    return iree_make_status(IREE_STATUS_NOT_FOUND,
                            "local-sync has one device, 'default' (0); no "
                            "device '%.*s'",
                            (int)device_path.size, device_path.data);
  }
  return iree_hal_sync_driver_create_device_by_id(
      base_driver, IREE_HAL_DEVICE_ID_DEFAULT, param_count, params,
      host_allocator, out_device);
}

static const iree_hal_driver_vtable_t iree_hal_sync_driver_vtable = {
    .destroy = iree_hal_sync_driver_destroy,
    .query_available_devices = iree_hal_sync_driver_query_available_devices,
    .dump_device_info = iree_hal_sync_driver_dump_device_info,
    .create_device_by_id = iree_hal_sync_driver_create_device_by_id,
    .create_device_by_path = iree_hal_sync_driver_create_device_by_path,
};
