// Declarations of IREE's iree/hal/utils/debug_allocator.h: the debug allocator:
// fills and checks allocations.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_DEBUG_ALLOCATOR_H_
#define IREEC_DECLS_IREE_HAL_UTILS_DEBUG_ALLOCATOR_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"

// Scribbles debug patterns into every allocation to expose use of
// uninitialized or freed memory (slow; for diagnosing only).
iree_status_t iree_hal_debug_allocator_create(
    iree_hal_device_t* device, iree_hal_allocator_t* device_allocator,
    iree_allocator_t host_allocator, iree_hal_allocator_t** out_allocator);

#endif  // IREEC_DECLS_IREE_HAL_UTILS_DEBUG_ALLOCATOR_H_
