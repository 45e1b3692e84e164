// Declarations of IREE's iree/hal/buffer_heap_impl.h: heap buffers: buffers
// over host memory.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_BUFFER_HEAP_IMPL_H_
#define IREEC_DECLS_IREE_HAL_BUFFER_HEAP_IMPL_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"

typedef struct iree_hal_heap_allocator_statistics_t iree_hal_heap_allocator_statistics_t;

iree_status_t iree_hal_heap_buffer_create(
    iree_hal_heap_allocator_statistics_t* statistics,
    const iree_hal_buffer_params_t* params,
    iree_device_size_t allocation_size,
    iree_allocator_t data_allocator,
    iree_allocator_t host_allocator,
    iree_hal_buffer_t**out_buffer);

#endif  // IREEC_DECLS_IREE_HAL_BUFFER_HEAP_IMPL_H_
