// Declarations of IREE's iree/hal/channel.h: HAL collective channels. A
// channel is one participant (rank) of a group of |count| participants that
// exchange data with collective operations. Which implementation backs it
// (none on the CPU drivers, RCCL on HIP) depends on the device.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_CHANNEL_H_
#define IREEC_DECLS_IREE_HAL_CHANNEL_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/queue.h"

enum iree_hal_channel_flag_bits_t {
  IREE_HAL_CHANNEL_FLAG_NONE = 0x0,
};

typedef uint64_t iree_hal_channel_flags_t;

#define IREE_HAL_CHANNEL_RANK_DEFAULT (-1)
#define IREE_HAL_CHANNEL_COUNT_DEFAULT (-1)
#define IREE_HAL_CHANNEL_NO_COLOR (-1)

typedef struct {
  iree_hal_channel_flags_t flags;
  // The group's shared identifier (e.g. an NCCL unique id); empty to ask the
  // device's channel provider for its default.
  iree_const_byte_span_t id;
  iree_string_view_t group;
  // -1 (IREE_HAL_CHANNEL_RANK_DEFAULT) asks the provider.
  int32_t rank;
  int32_t count;
} iree_hal_channel_params_t;

typedef struct iree_hal_channel_t iree_hal_channel_t;

iree_status_t iree_hal_channel_create(iree_hal_device_t* device,
                                      iree_hal_queue_affinity_t queue_affinity,
                                      iree_hal_channel_params_t params,
                                      iree_hal_channel_t** out_channel);
void iree_hal_channel_retain(iree_hal_channel_t* channel);
void iree_hal_channel_release(iree_hal_channel_t* channel);

// Splits the group by |color|; |key| orders ranks within each new group.
iree_status_t iree_hal_channel_split(iree_hal_channel_t* base_channel,
                                     int32_t color, int32_t key,
                                     iree_hal_channel_flags_t flags,
                                     iree_hal_channel_t** out_split_channel);
void iree_hal_channel_query_rank_and_count(const iree_hal_channel_t* channel,
                                           int32_t* out_rank,
                                           int32_t* out_count);
int32_t iree_hal_channel_rank(const iree_hal_channel_t* channel);
int32_t iree_hal_channel_count(const iree_hal_channel_t* channel);

// Called by release when the last reference goes.
void iree_hal_channel_destroy(iree_hal_channel_t* channel);

#endif  // IREEC_DECLS_IREE_HAL_CHANNEL_H_
