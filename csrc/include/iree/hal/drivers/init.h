// Registers every HAL driver this build provides with a driver registry.
#ifndef IREE_HAL_DRIVERS_INIT_H_
#define IREE_HAL_DRIVERS_INIT_H_

#include "iree/hal/driver_registry.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/runtime.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_HAL_DRIVERS_INIT_H_
