// A cache of the HAL files made for file handles.
#ifndef IREE_HAL_UTILS_FILE_CACHE_H_
#define IREE_HAL_UTILS_FILE_CACHE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/utils/file_cache.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/io/file_handle.h"

#endif  // IREE_HAL_UTILS_FILE_CACHE_H_
