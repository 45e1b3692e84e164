// An executable cache over a list of CPU executable loaders.
#ifndef IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_
#define IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_

#include "iree/hal/local/executable_loader.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/hal_local.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_
