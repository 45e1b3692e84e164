// The parts every driver factory here shares: each provides one driver, and
// its |self| is that driver's iree_hal_driver_info_t (see driver_support.h).

#include "driver_support.h"

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_single_driver_factory_enumerate(
    void* self, iree_host_size_t* out_driver_info_count,
    const iree_hal_driver_info_t** out_driver_infos) {
  *out_driver_info_count = 1;
  *out_driver_infos = (const iree_hal_driver_info_t*)self;
  return iree_ok_status();
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_single_driver_factory_check_name(void* self,
                                       iree_string_view_t driver_name) {
  const iree_hal_driver_info_t* info = (const iree_hal_driver_info_t*)self;
  if (iree_string_view_equal(driver_name, info->driver_name)) {
    return iree_ok_status();
  }
  return iree_make_status(IREE_STATUS_UNAVAILABLE,
                          "the %.*s factory does not provide driver '%.*s'",
                          (int)info->driver_name.size, info->driver_name.data,
                          (int)driver_name.size, driver_name.data);
}
