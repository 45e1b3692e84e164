// Declarations of IREE's iree/hal/drivers/init.h: registering every HAL driver
// this build provides with a driver registry. The runtime we bind does not
// export these; libireec_runtime implements them (csrc/hal/drivers/init.c) with
// exactly IREE's declarations.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DRIVERS_INIT_H_
#define IREEC_DECLS_IREE_HAL_DRIVERS_INIT_H_

#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/driver_registry.h"

iree_status_t iree_hal_register_all_available_drivers(
    iree_hal_driver_registry_t* registry);

#endif  // IREEC_DECLS_IREE_HAL_DRIVERS_INIT_H_
