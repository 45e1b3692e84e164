// Registers every HAL driver this build provides with a driver registry.
#ifndef IREE_HAL_DRIVERS_INIT_H_
#define IREE_HAL_DRIVERS_INIT_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/drivers/init.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_DRIVERS_INIT_H_
