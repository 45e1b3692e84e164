// HAL drivers: device enumeration and creation.
#ifndef IREE_HAL_DRIVER_H_
#define IREE_HAL_DRIVER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/driver.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/device.h"
#include "iree/hal/resource.h"

#endif  // IREE_HAL_DRIVER_H_
