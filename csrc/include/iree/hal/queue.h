// HAL queue affinities and queue-level types.
#ifndef IREE_HAL_QUEUE_H_
#define IREE_HAL_QUEUE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/queue.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#define iree_hal_queue_affinity_is_empty(queue_affinity) ((queue_affinity) == 0)
#define iree_hal_queue_affinity_is_any(queue_affinity) \
  ((queue_affinity) == IREE_HAL_QUEUE_AFFINITY_ANY)
#define iree_hal_queue_affinity_count(queue_affinity) \
  ((int)__builtin_popcountll((unsigned long long)(queue_affinity)))
// Requires at least one bit set, like the builtin it wraps.
#define iree_hal_queue_affinity_find_first_set(queue_affinity) \
  ((int)__builtin_ctzll((unsigned long long)(queue_affinity)))
// Shifting a 64-bit value by 64 is undefined in C; IREE defines it as zero.
#define iree_hal_queue_affinity_shr(queue_affinity, amount) \
  ((amount) >= 64 ? (iree_hal_queue_affinity_t)0            \
                  : (iree_hal_queue_affinity_t)(queue_affinity) >> (amount))
#define iree_hal_queue_affinity_and_into(inout_affinity, mask_affinity) \
  (inout_affinity) = ((inout_affinity) & (mask_affinity))
#define iree_hal_queue_affinity_or_into(inout_affinity, mask_affinity) \
  (inout_affinity) = ((inout_affinity) | (mask_affinity))

// Iterates the set bits of |queue_affinity|. In the body, queue_index counts
// 0..queue_count-1 and queue_ordinal is the bit position of that queue.
// Declares its bookkeeping variables in the enclosing scope, as IREE does.
#define IREE_HAL_FOR_QUEUE_AFFINITY(queue_affinity)                          \
  iree_hal_queue_affinity_t _queue_bits = (queue_affinity);                  \
  for (int queue_index = 0, _queue_ordinal_base = 0,                         \
           queue_count = iree_hal_queue_affinity_count(_queue_bits),         \
           _bit_offset = queue_count                                         \
                             ? iree_hal_queue_affinity_find_first_set(       \
                                   _queue_bits)                              \
                             : 0,                                            \
           queue_ordinal = _bit_offset;                                      \
       queue_index < queue_count;                                            \
       ++queue_index, _queue_ordinal_base += _bit_offset + 1,                \
           _queue_bits =                                                     \
               iree_hal_queue_affinity_shr(_queue_bits, _bit_offset + 1),    \
           _bit_offset = _queue_bits ? iree_hal_queue_affinity_find_first_set( \
                                           _queue_bits)                      \
                                     : 0,                                    \
           queue_ordinal = _queue_ordinal_base + _bit_offset)

#endif  // IREE_HAL_QUEUE_H_
