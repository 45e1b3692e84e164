// HAL executable caches: preparing executables from compiled data.
#ifndef IREE_HAL_EXECUTABLE_CACHE_H_
#define IREE_HAL_EXECUTABLE_CACHE_H_

#include "iree/hal/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/hal_executable.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_EXECUTABLE_CACHE_H_
