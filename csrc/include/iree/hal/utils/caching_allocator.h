// The caching allocator: freed buffers kept in pools for reuse.
#ifndef IREE_HAL_UTILS_CACHING_ALLOCATOR_H_
#define IREE_HAL_UTILS_CACHING_ALLOCATOR_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/utils/caching_allocator.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_UTILS_CACHING_ALLOCATOR_H_
