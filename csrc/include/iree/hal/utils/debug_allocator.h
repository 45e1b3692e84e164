// The debug allocator: fills and checks allocations.
#ifndef IREE_HAL_UTILS_DEBUG_ALLOCATOR_H_
#define IREE_HAL_UTILS_DEBUG_ALLOCATOR_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/hal_utils.h"
#include "ireec/decls_end.h"

#include "iree/hal/api.h"

#endif  // IREE_HAL_UTILS_DEBUG_ALLOCATOR_H_
