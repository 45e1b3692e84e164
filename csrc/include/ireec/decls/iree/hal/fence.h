// Declarations of IREE's iree/hal/fence.h: HAL fences: sets of semaphore
// timepoints.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_FENCE_H_
#define IREEC_DECLS_IREE_HAL_FENCE_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"
#include "ireec/decls/iree/base/wait_source.h"
#include "ireec/decls/iree/hal/semaphore.h"

typedef struct iree_hal_fence_t iree_hal_fence_t;

iree_status_t iree_hal_fence_create(
    iree_host_size_t capacity,
    iree_allocator_t host_allocator,
    iree_hal_fence_t**out_fence);
iree_status_t iree_hal_fence_create_at(
    iree_hal_semaphore_t* semaphore,
    uint64_t value,
    iree_allocator_t host_allocator,
    iree_hal_fence_t**out_fence);
iree_status_t iree_hal_fence_join(
    iree_host_size_t fence_count,
    iree_hal_fence_t**fences,
    iree_allocator_t host_allocator,
    iree_hal_fence_t**out_fence);
void iree_hal_fence_retain(iree_hal_fence_t* fence);
void iree_hal_fence_release(iree_hal_fence_t* fence);
iree_hal_semaphore_list_t iree_hal_fence_semaphore_list(
    iree_hal_fence_t* fence);
iree_host_size_t iree_hal_fence_timepoint_count(const iree_hal_fence_t* fence);
iree_status_t iree_hal_fence_insert(
    iree_hal_fence_t* fence,
    iree_hal_semaphore_t* semaphore,
    uint64_t value);
iree_status_t iree_hal_fence_extend(
    iree_hal_fence_t* into_fence,
    iree_hal_fence_t* from_fence);
iree_status_t iree_hal_fence_query(iree_hal_fence_t* fence);
iree_status_t iree_hal_fence_signal(iree_hal_fence_t* fence);
void iree_hal_fence_fail(iree_hal_fence_t* fence, iree_status_t signal_status);
iree_status_t iree_hal_fence_wait(
    iree_hal_fence_t* fence,
    iree_timeout_t timeout,
    iree_hal_wait_flags_t flags);
iree_wait_source_t iree_hal_fence_await(iree_hal_fence_t* fence);

// Destroys the fence: what its release does when the last reference
// goes. For implementations; everything else releases.
void iree_hal_fence_destroy(iree_hal_fence_t* fence);

#endif  // IREEC_DECLS_IREE_HAL_FENCE_H_
