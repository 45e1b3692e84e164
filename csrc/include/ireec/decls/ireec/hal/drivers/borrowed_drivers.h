// ireec's own declarations (not IREE's): IREE's GPU drivers that the runtime
// ireec binds does not contain (cuda, vulkan), borrowed from another build of
// IREE loaded in the same process (csrc/hal/drivers/borrowed_drivers.c).
//
// The registry lists `cuda` and `vulkan` always. Creating one asks the
// process's lender, which hands over a reference to IREE's own driver of that
// name: in Python, ireec's package lends the drivers of IREE's official
// runtime wheel (iree-base-runtime, the same IREE ABI). Without a lender (a C
// program on its own) creating them fails with UNAVAILABLE saying so.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_HAL_DRIVERS_BORROWED_DRIVERS_H_
#define IREEC_DECLS_IREEC_HAL_DRIVERS_BORROWED_DRIVERS_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/status.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/driver.h"

// Hands over IREE's driver |driver_name| ("cuda" or "vulkan"): one reference,
// which the caller then owns, in |out_driver|; or a failed status saying why
// there is none (nothing is handed over then).
typedef iree_status_t (*ireec_hal_driver_lender_fn_t)(
    void* user_data, iree_string_view_t driver_name,
    iree_hal_driver_t** out_driver);

// Sets the process's lender (NULL: none). Drivers already created keep
// working: each owns its reference.
void ireec_hal_driver_lender_set(ireec_hal_driver_lender_fn_t lender,
                                 void* user_data);

// Whether |driver| is a live HAL driver whose code lies in the shared object
// file |image_path| (a path as the dynamic loader reports it, e.g. a Python
// extension's __file__): its vtable and every function it points to are
// inside that loaded file, and its reference count is positive. A lender
// checks what it hands over with this before the driver is ever called.
iree_status_t ireec_hal_driver_check_image(iree_hal_driver_t* driver,
                                           iree_string_view_t image_path);

#endif  // IREEC_DECLS_IREEC_HAL_DRIVERS_BORROWED_DRIVERS_H_
