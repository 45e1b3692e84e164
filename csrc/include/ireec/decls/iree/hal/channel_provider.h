// Declarations of IREE's iree/hal/channel_provider.h: HAL channel providers,
// where a device gets default ranks, counts and group ids (from MPI, the
// environment, ...) when a program creates a channel without them.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_CHANNEL_PROVIDER_H_
#define IREEC_DECLS_IREE_HAL_CHANNEL_PROVIDER_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"

typedef struct iree_hal_channel_provider_t iree_hal_channel_provider_t;

void iree_hal_channel_provider_retain(
    iree_hal_channel_provider_t* channel_provider);
void iree_hal_channel_provider_release(
    iree_hal_channel_provider_t* channel_provider);
iree_status_t iree_hal_channel_provider_query_default_rank_and_count(
    iree_hal_channel_provider_t* channel_provider, int32_t* out_rank,
    int32_t* out_count);
// Fills |id| (its whole length) with the default group id.
iree_status_t iree_hal_channel_provider_exchange_default_id(
    iree_hal_channel_provider_t* channel_provider, iree_byte_span_t id);

void iree_hal_channel_provider_destroy(
    iree_hal_channel_provider_t* channel_provider);

#endif  // IREEC_DECLS_IREE_HAL_CHANNEL_PROVIDER_H_
