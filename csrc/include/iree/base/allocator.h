// Allocator macros.
#ifndef IREE_BASE_ALLOCATOR_H_
#define IREE_BASE_ALLOCATOR_H_

#include <alloca.h>

#include "ireec/decls/base.h"

#define iree_alloca(sz) alloca(sz)

// The runtime we bind is built without allocator statistics.
#define IREE_STATISTICS(expr)

#endif  // IREE_BASE_ALLOCATOR_H_
