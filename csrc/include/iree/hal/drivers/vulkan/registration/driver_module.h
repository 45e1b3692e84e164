// Registering the vulkan driver's factory.
#ifndef IREE_HAL_DRIVERS_VULKAN_REGISTRATION_DRIVER_MODULE_H_
#define IREE_HAL_DRIVERS_VULKAN_REGISTRATION_DRIVER_MODULE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/drivers/vulkan/registration/driver_module.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_DRIVERS_VULKAN_REGISTRATION_DRIVER_MODULE_H_
