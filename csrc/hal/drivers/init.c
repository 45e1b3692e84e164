// iree_hal_register_all_available_drivers: every driver this runtime has.
//
// The runtime we bind contains the local-task and HIP drivers; local-sync is
// implemented here (csrc/hal/drivers/local_sync/); cuda and vulkan are IREE's
// own, borrowed from IREE's official runtime when created
// (borrowed_drivers.c). They are registered in IREE's order, which only
// matters for listings: lookups are by name.

#include "iree/hal/drivers/init.h"

#include "iree/hal/drivers/cuda/registration/driver_module.h"
#include "iree/hal/drivers/hip/registration/driver_module.h"
#include "iree/hal/drivers/local_sync/registration/driver_module.h"
#include "iree/hal/drivers/local_task/registration/driver_module.h"
#include "iree/hal/drivers/vulkan/registration/driver_module.h"

IREE_API_EXPORT iree_status_t
iree_hal_register_all_available_drivers(iree_hal_driver_registry_t* registry) {
  // As in IREE, registering into a registry that already holds one of these
  // factories fails with ALREADY_EXISTS (and stops there): callers are
  // expected to do this once per registry.
  IREE_RETURN_IF_ERROR(iree_hal_cuda_driver_module_register(registry));
  IREE_RETURN_IF_ERROR(iree_hal_hip_driver_module_register(registry));
  IREE_RETURN_IF_ERROR(iree_hal_local_sync_driver_module_register(registry));
  IREE_RETURN_IF_ERROR(iree_hal_local_task_driver_module_register(registry));
  IREE_RETURN_IF_ERROR(iree_hal_vulkan_driver_module_register(registry));
  return iree_ok_status();
}
