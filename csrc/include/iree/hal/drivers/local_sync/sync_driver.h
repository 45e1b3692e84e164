// IREE's synchronous CPU driver (iree_hal_sync_driver_create); its devices
// are described in sync_device.h.
#ifndef IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DRIVER_H_
#define IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DRIVER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/drivers/local_sync/sync_driver.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/drivers/local_sync/sync_device.h"
#include "iree/hal/local/executable_loader.h"

#endif  // IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DRIVER_H_
