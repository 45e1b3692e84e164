// Declarations of IREE's iree/hal/utils/allocators.h: wrapping a device's
// allocator as textual specs say.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_ALLOCATORS_H_
#define IREEC_DECLS_IREE_HAL_UTILS_ALLOCATORS_H_

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"

// Wraps |base_allocator| in the allocator |spec| names, with its options:
// "name", "name:key=value" or "name:key=value,key=value" (e.g. "caching",
// "debug"; which exist depends on the build).
iree_status_t iree_hal_configure_allocator_from_spec(
    iree_string_view_t spec, iree_hal_device_t* device,
    iree_hal_allocator_t* base_allocator,
    iree_hal_allocator_t** out_wrapped_allocator);
// Wraps |device|'s allocator in each of |specs| in turn and installs the
// result; only right after the device is created (not thread-safe).
iree_status_t iree_hal_configure_allocator_from_specs(
    iree_host_size_t spec_count, const iree_string_view_t* specs,
    iree_hal_device_t* device);

#endif  // IREEC_DECLS_IREE_HAL_UTILS_ALLOCATORS_H_
