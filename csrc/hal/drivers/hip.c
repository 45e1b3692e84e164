// The HIP (AMD GPU) driver module.
//
// The runtime contains the HIP driver but loads the HIP runtime library
// (libamdhip64.so) itself, only when a driver is created. Registering is
// therefore always safe; creating a driver on a machine without that library
// fails with the runtime's UNAVAILABLE status, which names the library and
// what loading it reported.
//
// Its devices are wrapped (wrapping_driver.h) in staging devices
// (../staging.h) reaching only their own memory: a buffer of another device
// named in a HIP queue operation or command buffer is copied through host
// memory by its own device, as buffers of `memory=discrete` CPU devices are
// for the CPU devices (the same code, which the CPU tests run).
//
// Options are IREE's defaults without flags. As in IREE, the
// IREE_HIP_DYLIB_PATH environment variable, when set, lists where to look for
// the library (';'-separated directories, or files prefixed with "file:");
// otherwise the system's library search decides.

#include <stdlib.h>

#include "iree/hal/drivers/hip/api.h"
#include "iree/hal/drivers/hip/registration/driver_module.h"
#include "iree/hal/drivers/init.h"

#include "driver_support.h"
#include "wrapping_driver.h"

static const iree_hal_driver_info_t iree_hal_hip_driver_info = {
    .driver_name = IREE_SVL("hip"),
    .full_name = IREE_SVL("HIP (AMD GPU) driver; loads the HIP runtime "
                          "library when created"),
};

// Splits |value| on ';' into a newly allocated array of views into |value|
// (the caller frees the array). Empty entries name no directory and are
// dropped; if nothing remains the system's search is used, as when unset.
static iree_status_t iree_hal_hip_split_dylib_paths(
    iree_string_view_t value, iree_allocator_t host_allocator,
    iree_host_size_t* out_count, iree_string_view_t** out_paths) {
  *out_count = 0;
  *out_paths = NULL;
  iree_host_size_t capacity = 1;
  for (iree_host_size_t i = 0; i < value.size; ++i) {
    if (value.data[i] == ';') ++capacity;
  }
  iree_string_view_t* paths = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      host_allocator, capacity * sizeof(*paths), (void**)&paths));
  iree_host_size_t count = 0;
  iree_string_view_t remaining = value;
  while (!iree_string_view_is_empty(remaining)) {
    iree_string_view_t entry = iree_string_view_empty();
    iree_string_view_split(remaining, ';', &entry, &remaining);
    if (!iree_string_view_is_empty(entry)) paths[count++] = entry;
  }
  if (count == 0) {
    iree_allocator_free(host_allocator, paths);
    return iree_ok_status();
  }
  *out_count = count;
  *out_paths = paths;
  return iree_ok_status();
}

static iree_status_t iree_hal_hip_driver_factory_try_create(
    void* self, iree_string_view_t driver_name, iree_allocator_t host_allocator,
    iree_hal_driver_t** out_driver) {
  IREE_RETURN_IF_ERROR(
      ireec_single_driver_factory_check_name(self, driver_name));

  iree_hal_hip_driver_options_t options;
  iree_hal_hip_driver_options_initialize(&options);
  iree_hal_hip_device_params_t device_params;
  iree_hal_hip_device_params_initialize(&device_params);

  // The paths point into the environment, which outlives this call; the
  // driver reads them only while loading the library, during creation.
  const char* dylib_path_env = getenv("IREE_HIP_DYLIB_PATH");
  if (dylib_path_env && dylib_path_env[0]) {
    IREE_RETURN_IF_ERROR(iree_hal_hip_split_dylib_paths(
        iree_make_cstring_view(dylib_path_env), host_allocator,
        &options.hip_lib_search_path_count, &options.hip_lib_search_paths));
  }

  iree_hal_driver_t* hip_driver = NULL;
  iree_status_t status = iree_hal_hip_driver_create(
      driver_name, &options, &device_params, host_allocator, &hip_driver);

  iree_allocator_free(host_allocator, options.hip_lib_search_paths);
  IREE_RETURN_IF_ERROR(status);
  return ireec_hal_wrapping_driver_wrap_move(
      hip_driver, iree_hal_hip_driver_info.driver_name,
      IREEC_CPU_DEVICE_PARAMS_NONE, ireec_accelerator_device_create,
      /*query_devices=*/NULL, host_allocator,
      out_driver);
}

IREE_API_EXPORT iree_status_t
iree_hal_hip_driver_module_register(iree_hal_driver_registry_t* registry) {
  // Static so the registry can borrow it for as long as it stays registered.
  static const iree_hal_driver_factory_t factory = {
      .self = (void*)&iree_hal_hip_driver_info,
      .enumerate = ireec_single_driver_factory_enumerate,
      .try_create = iree_hal_hip_driver_factory_try_create,
  };
  return iree_hal_driver_registry_register_factory(registry, &factory);
}
