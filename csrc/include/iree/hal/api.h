// IREE HAL API: devices, allocators, buffers and buffer views, semaphores,
// fences, command buffers and drivers.
//
// Declarations come from ireec/decls/hal.h; this header adds the function-like
// macros IREE's HAL headers define for element types and queue affinities.
#ifndef IREE_HAL_API_H_
#define IREE_HAL_API_H_

#include "iree/base/api.h"

// (decls_begin.h swaps C's restrict for C++'s __restrict__ while the
// declarations are read.)
#include "ireec/decls_begin.h"
#include "ireec/decls/hal.h"
#include "ireec/decls_end.h"

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//
// An element type packs the numerical type in its top byte and the bit width
// in its low byte.

#define IREE_HAL_ELEMENT_TYPE_VALUE(numerical_type, bit_count) \
  ((((uint32_t)(numerical_type)) << 24) | ((uint32_t)(bit_count)))
#define iree_hal_make_element_type(numerical_type, bit_count) \
  ((iree_hal_element_type_t)IREE_HAL_ELEMENT_TYPE_VALUE(numerical_type, \
                                                        bit_count))

#define iree_hal_element_numerical_type(element_type) \
  ((iree_hal_numerical_type_t)(((uint32_t)(element_type)) >> 24))
#define iree_hal_element_numerical_type_is_opaque(element_type) \
  (iree_hal_element_numerical_type(element_type) ==             \
   IREE_HAL_NUMERICAL_TYPE_UNKNOWN)
#define iree_hal_element_numerical_type_is_boolean(element_type)   \
  iree_all_bits_set(iree_hal_element_numerical_type(element_type), \
                    IREE_HAL_NUMERICAL_TYPE_BOOLEAN)
#define iree_hal_element_numerical_type_is_integer(element_type)   \
  iree_all_bits_set(iree_hal_element_numerical_type(element_type), \
                    IREE_HAL_NUMERICAL_TYPE_INTEGER)
#define iree_hal_element_numerical_type_is_float(element_type)     \
  iree_all_bits_set(iree_hal_element_numerical_type(element_type), \
                    IREE_HAL_NUMERICAL_TYPE_FLOAT)
#define iree_hal_element_numerical_type_is_complex_float(element_type) \
  iree_all_bits_set(iree_hal_element_numerical_type(element_type),     \
                    IREE_HAL_NUMERICAL_TYPE_FLOAT_COMPLEX)

#define iree_hal_element_bit_count(element_type) \
  ((iree_host_size_t)(((uint32_t)(element_type)) & 0xFFu))
// Sub-byte types (i4) are packed and need the caller to handle the packing.
#define iree_hal_element_is_byte_aligned(element_type) \
  (iree_hal_element_bit_count(element_type) % 8 == 0)
// Only meaningful for dense encodings: rounds sub-byte widths up to a byte.
#define iree_hal_element_dense_byte_count(element_type) \
  ((iree_hal_element_bit_count(element_type) + 7) / 8)
// Signedness is ignored: i32, si32 and ui32 all match a |bit_width| of 32.
#define iree_hal_element_type_is_integer(element_type, bit_width) \
  (iree_hal_element_numerical_type_is_integer(element_type) &&    \
   iree_hal_element_bit_count(element_type) == (bit_width))

//===----------------------------------------------------------------------===//
// Queue affinities
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Allocator statistics
//===----------------------------------------------------------------------===//
// The runtime we bind is built without statistics.

#define iree_hal_allocator_statistics_record_alloc(statistics, ...)
#define iree_hal_allocator_statistics_record_free(statistics, ...)

//===----------------------------------------------------------------------===//
// The headers IREE's iree/hal/api.h includes
//===----------------------------------------------------------------------===//
// After the declarations above, which each of them relies on.

#include "iree/hal/allocator.h"
#include "iree/hal/buffer.h"
#include "iree/hal/buffer_transfer.h"
#include "iree/hal/buffer_view.h"
#include "iree/hal/buffer_view_util.h"
#include "iree/hal/channel.h"
#include "iree/hal/channel_provider.h"
#include "iree/hal/command_buffer.h"
#include "iree/hal/device.h"
#include "iree/hal/driver.h"
#include "iree/hal/driver_registry.h"
#include "iree/hal/event.h"
#include "iree/hal/executable.h"
#include "iree/hal/executable_cache.h"
#include "iree/hal/fence.h"
#include "iree/hal/file.h"
#include "iree/hal/queue.h"
// The resource header (the layout drivers build on) comes with the driver
// implementation headers where those are present.
#if defined(__has_include)
#if __has_include("iree/hal/resource.h")
#include "iree/hal/resource.h"
#endif
#endif
#include "iree/hal/semaphore.h"
#include "iree/hal/string_util.h"

#endif  // IREE_HAL_API_H_
