// The local-sync driver module: registers the "local-sync" factory, whose
// driver is IREE's synchronous CPU driver (sync_driver.c) configured as
// IREE configures it when no flags are given, with the executable loaders
// and device memory local-task uses:
// - executable loaders: local-task's (system library, embedded ELF,
//   isolated VMVX; no plugins);
// - device memory from the host heap (huge pages for large blocks, see
//   csrc/base/huge_page_allocator.c).

#include "iree/hal/api.h"
#include "iree/hal/drivers/init.h"
#include "iree/hal/drivers/local_sync/registration/driver_module.h"
#include "iree/hal/drivers/local_sync/sync_device.h"
#include "iree/hal/drivers/local_sync/sync_driver.h"
#include "ireec/decls/ireec/base/huge_page_allocator.h"

#include "../driver_support.h"

static const iree_hal_driver_info_t iree_hal_local_sync_driver_info = {
    .driver_name = IREE_SVL("local-sync"),
    .full_name = IREE_SVL("Local CPU execution inline on the calling "
                          "thread (synchronous, no worker threads)"),
};

static iree_status_t iree_hal_local_sync_driver_factory_try_create(
    void* self, iree_string_view_t driver_name, iree_allocator_t host_allocator,
    iree_hal_driver_t** out_driver) {
  IREE_RETURN_IF_ERROR(
      ireec_single_driver_factory_check_name(self, driver_name));

  iree_hal_sync_device_params_t default_params;
  iree_hal_sync_device_params_initialize(&default_params);

  // The loaders local-task uses (every one IREE's tools create).
  iree_hal_executable_loader_t* loaders[IREEC_HAL_CPU_LOADER_CAPACITY] = {NULL};
  iree_host_size_t loader_count = 0;
  iree_status_t status =
      ireec_hal_create_cpu_executable_loaders(host_allocator, loaders, &loader_count);

  // As local-task: the system allocator's huge-page variant for buffer
  // storage, a caller's own allocator as given (the same one for storage and
  // metadata, which this IREE's heap allocator requires).
  iree_allocator_t buffer_allocator = host_allocator;
  if (host_allocator.ctl == iree_allocator_system().ctl &&
      host_allocator.self == NULL) {
    buffer_allocator = ireec_allocator_system_huge_pages();
  }
  iree_hal_allocator_t* device_allocator = NULL;
  if (iree_status_is_ok(status)) {
    status = iree_hal_allocator_create_heap(iree_make_cstring_view("local"),
                                            buffer_allocator, buffer_allocator,
                                            &device_allocator);
  }
  if (iree_status_is_ok(status)) {
    status = iree_hal_sync_driver_create(driver_name, &default_params,
                                         loader_count, loaders,
                                         device_allocator, host_allocator,
                                         out_driver);
  }
  // The driver retains what it keeps.
  iree_hal_allocator_release(device_allocator);
  for (iree_host_size_t i = 0; i < loader_count; ++i) {
    iree_hal_executable_loader_release(loaders[i]);
  }
  return status;
}

IREE_API_EXPORT iree_status_t
iree_hal_local_sync_driver_module_register(iree_hal_driver_registry_t* registry) {
  // Static so the registry can borrow it for as long as it stays registered.
  static const iree_hal_driver_factory_t factory = {
      .self = (void*)&iree_hal_local_sync_driver_info,
      .enumerate = ireec_single_driver_factory_enumerate,
      .try_create = iree_hal_local_sync_driver_factory_try_create,
  };
  return iree_hal_driver_registry_register_factory(registry, &factory);
}
