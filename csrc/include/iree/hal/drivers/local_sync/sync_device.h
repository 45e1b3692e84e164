// IREE's synchronous CPU device: every queue operation runs inline on the
// submitting thread (iree_hal_sync_device_params_t,
// iree_hal_sync_device_params_initialize, iree_hal_sync_device_create).
#ifndef IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DEVICE_H_
#define IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DEVICE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/drivers/local_sync/sync_device.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/local/executable_loader.h"

#endif  // IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DEVICE_H_
