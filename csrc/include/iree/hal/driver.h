// HAL drivers: device enumeration and creation.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_DRIVER_H_
#define IREE_HAL_DRIVER_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_DRIVER_H_
