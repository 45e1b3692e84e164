// Declarations of IREE's iree/hal/drivers/vulkan/registration/driver_module.h:
// registering the vulkan driver's factory. The runtime we bind has no vulkan
// driver; libireec_runtime implements this registration
// (csrc/hal/drivers/borrowed_drivers.c) with exactly IREE's declaration, its
// factory borrowing IREE's own driver (ireec/hal/drivers/borrowed_drivers.h).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DRIVERS_VULKAN_REGISTRATION_DRIVER_MODULE_H_
#define IREEC_DECLS_IREE_HAL_DRIVERS_VULKAN_REGISTRATION_DRIVER_MODULE_H_

#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/driver_registry.h"

iree_status_t iree_hal_vulkan_driver_module_register(
    iree_hal_driver_registry_t* registry);

#endif  // IREEC_DECLS_IREE_HAL_DRIVERS_VULKAN_REGISTRATION_DRIVER_MODULE_H_
