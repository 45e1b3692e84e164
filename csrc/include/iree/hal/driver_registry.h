// The HAL driver registry: driver factories by name, and device creation by URI.
#ifndef IREE_HAL_DRIVER_REGISTRY_H_
#define IREE_HAL_DRIVER_REGISTRY_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/driver_registry.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/driver.h"
#include "iree/hal/resource.h"

#endif  // IREE_HAL_DRIVER_REGISTRY_H_
