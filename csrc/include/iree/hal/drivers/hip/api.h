// The HIP (AMD GPU) HAL driver and its options.
#ifndef IREE_HAL_DRIVERS_HIP_API_H_
#define IREE_HAL_DRIVERS_HIP_API_H_

#include "iree/hal/api.h"
#include "iree/vm/api.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/drivers.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_HAL_DRIVERS_HIP_API_H_
