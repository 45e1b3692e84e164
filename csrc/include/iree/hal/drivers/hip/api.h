// The HIP (AMD GPU) HAL driver and its options.
#ifndef IREE_HAL_DRIVERS_HIP_API_H_
#define IREE_HAL_DRIVERS_HIP_API_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/drivers/hip/api.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_DRIVERS_HIP_API_H_
