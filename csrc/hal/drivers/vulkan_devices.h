// Private to csrc/hal/drivers: the machine's Vulkan physical devices, asked
// of the Vulkan loader directly (vulkan_devices.c).
//
// IREE's Vulkan driver leaves some devices out of its listing (Mesa's
// software rasterizer "llvmpipe", which it hides by name) but still creates
// them by `vulkan://<deviceUUID>`. The borrowed vulkan driver lists them too,
// so the URI that creates every device can be found.
#ifndef IREEC_HAL_DRIVERS_VULKAN_DEVICES_H_
#define IREEC_HAL_DRIVERS_VULKAN_DEVICES_H_

#include "driver_support.h"

// IREE's spelling of a deviceUUID in a device path: 8-4-4-4-12 hex digits.
#define IREEC_VULKAN_UUID_TEXT_LENGTH 36

typedef struct ireec_vulkan_physical_device_t {
  char uuid_text[IREEC_VULKAN_UUID_TEXT_LENGTH + 1];  // NUL-terminated
  char name[256];                                     // NUL-terminated
} ireec_vulkan_physical_device_t;

// Lists the physical devices of a Vulkan 1.1 instance of its own, in the
// loader's order, into a new array (|*out_devices|, freed with
// |host_allocator|; NULL when there are none). UNAVAILABLE when there is no
// Vulkan loader or no Vulkan 1.1 instance can be made.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_vulkan_physical_devices_list(
    iree_allocator_t host_allocator, iree_host_size_t* out_count,
    ireec_vulkan_physical_device_t** out_devices);

#endif  // IREEC_HAL_DRIVERS_VULKAN_DEVICES_H_
