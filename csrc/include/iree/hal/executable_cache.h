// HAL executable caches: preparing executables from compiled data.
#ifndef IREE_HAL_EXECUTABLE_CACHE_H_
#define IREE_HAL_EXECUTABLE_CACHE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/executable_cache.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/executable.h"
#include "iree/hal/queue.h"
#include "iree/hal/resource.h"

#endif  // IREE_HAL_EXECUTABLE_CACHE_H_
