// An executable cache over a list of CPU executable loaders.
#ifndef IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_
#define IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/hal_local.h"
#include "ireec/decls_end.h"

#include "iree/hal/local/executable_loader.h"

#endif  // IREE_HAL_LOCAL_LOCAL_EXECUTABLE_CACHE_H_
