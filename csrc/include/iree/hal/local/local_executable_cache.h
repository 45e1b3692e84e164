// An executable cache over a list of CPU executable loaders.
#ifndef IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_
#define IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/local_executable_cache.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/local/executable_loader.h"

#endif  // IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_
