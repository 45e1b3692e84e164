// IREE_ASSERT* as IREE's release (NDEBUG) builds define them.
//
// The runtime we bind is a release build, so assertions never fire; the
// operands still go through the compiler so typos and unused-variable warnings
// behave as they do with IREE's headers, but they are never evaluated.
#ifndef IREE_BASE_ASSERT_H_
#define IREE_BASE_ASSERT_H_

#include <stdint.h>
#include <stdlib.h>

#include "iree/base/attributes.h"
#include "iree/base/config.h"

// Every macro takes (...) so a call without the optional message stays valid
// under -pedantic C, which rejects an empty variadic argument list.
#define IREEC_ASSERT_FIRST_(first, ...) first
#define IREEC_ASSERT_SECOND_(first, second, ...) second

#define IREE_ASSERT(...)                                \
  do {                                                  \
    if (0) {                                            \
      (void)(IREEC_ASSERT_FIRST_(__VA_ARGS__, 0));      \
    }                                                   \
  } while (0)

#define IREEC_ASSERT_CMP_(op, ...)                           \
  do {                                                       \
    if (0) {                                                 \
      (void)((IREEC_ASSERT_FIRST_(__VA_ARGS__, 0))op(        \
          IREEC_ASSERT_SECOND_(__VA_ARGS__, 0)));            \
    }                                                        \
  } while (0)

#define IREE_ASSERT_ARGUMENT(name) IREE_ASSERT(name)
#define IREE_ASSERT_TRUE(...) IREE_ASSERT(!!(IREEC_ASSERT_FIRST_(__VA_ARGS__, 0)))
#define IREE_ASSERT_FALSE(...) IREE_ASSERT(!(IREEC_ASSERT_FIRST_(__VA_ARGS__, 0)))
#define IREE_ASSERT_UNREACHABLE(...) IREE_ASSERT(0)
#define IREE_ASSERT_EQ(...) IREEC_ASSERT_CMP_(==, __VA_ARGS__)
#define IREE_ASSERT_NE(...) IREEC_ASSERT_CMP_(!=, __VA_ARGS__)
#define IREE_ASSERT_LE(...) IREEC_ASSERT_CMP_(<=, __VA_ARGS__)
#define IREE_ASSERT_LT(...) IREEC_ASSERT_CMP_(<, __VA_ARGS__)
#define IREE_ASSERT_GE(...) IREEC_ASSERT_CMP_(>=, __VA_ARGS__)
#define IREE_ASSERT_GT(...) IREEC_ASSERT_CMP_(>, __VA_ARGS__)
#define IREE_ASSERT_ALIGNED(...)                                            \
  IREE_ASSERT_EQ((uintptr_t)(IREEC_ASSERT_FIRST_(__VA_ARGS__, 0)) %        \
                     (IREEC_ASSERT_SECOND_(__VA_ARGS__, 1, 0)),             \
                 0)

// An alias rather than IREE's inline function so the header stays free of
// definitions; abort() already carries noreturn.
#define iree_abort abort

#endif  // IREE_BASE_ASSERT_H_
