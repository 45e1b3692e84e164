// Size and alignment utility macros.
#ifndef IREE_BASE_ALIGNMENT_H_
#define IREE_BASE_ALIGNMENT_H_

#include <stddef.h>

#include "iree/base/attributes.h"
#include "iree/base/config.h"
#include "iree/base/target_platform.h"

#define IREE_ARRAYSIZE(arr) (sizeof(arr) / sizeof((arr)[0]))

// Both operands may be evaluated twice; callers pass plain values.
#define iree_min(lhs, rhs) ((lhs) <= (rhs) ? (lhs) : (rhs))
#define iree_max(lhs, rhs) ((lhs) <= (rhs) ? (rhs) : (lhs))

#define iree_alignas(x) __attribute__((__aligned__(x)))
#define iree_alignof(x) __alignof__(x)

#if defined(__GNUC__) || defined(__clang__)
#define IREE_BUILTIN_UNREACHABLE() __builtin_unreachable()
#else
#define IREE_BUILTIN_UNREACHABLE() ((void)0)
#endif

#if defined(__cplusplus)
#define IREE_DECLTYPE(v) decltype(v)
#else
#define IREE_DECLTYPE(v) __typeof__(v)
#endif

#define iree_any_bit_set(lhs, rhs) (((lhs) & (rhs)) != 0)
#define iree_all_bits_set(lhs, rhs) (((lhs) & (rhs)) == (rhs))

#endif  // IREE_BASE_ALIGNMENT_H_
