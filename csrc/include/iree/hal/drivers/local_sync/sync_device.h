// IREE's synchronous CPU device: every queue operation runs inline on the
// submitting thread (iree_hal_sync_device_params_t,
// iree_hal_sync_device_params_initialize, iree_hal_sync_device_create).
#ifndef IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DEVICE_H_
#define IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DEVICE_H_

#include "iree/base/api.h"
#include "iree/hal/api.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/local_sync.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_HAL_DRIVERS_LOCAL_SYNC_SYNC_DEVICE_H_
