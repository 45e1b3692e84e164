// Allocator macros.
#ifndef IREE_BASE_ALLOCATOR_H_
#define IREE_BASE_ALLOCATOR_H_

#include <alloca.h>

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls_end.h"

#include "iree/base/alignment.h"
#include "iree/base/attributes.h"
#include "iree/base/config.h"
#include "iree/base/status.h"
#include "iree/base/target_platform.h"

#define iree_alloca(sz) alloca(sz)

// The runtime we bind is built without allocator statistics.
#define IREE_STATISTICS(expr)

#endif  // IREE_BASE_ALLOCATOR_H_
