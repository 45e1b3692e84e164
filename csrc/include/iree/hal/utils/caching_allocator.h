// The caching allocator: freed buffers kept in pools for reuse.
#ifndef IREE_HAL_UTILS_CACHING_ALLOCATOR_H_
#define IREE_HAL_UTILS_CACHING_ALLOCATOR_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/hal_utils.h"
#include "ireec/decls_end.h"

#include "iree/hal/api.h"

#endif  // IREE_HAL_UTILS_CACHING_ALLOCATOR_H_
