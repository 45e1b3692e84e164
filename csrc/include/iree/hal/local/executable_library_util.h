// Helpers over executable library records: verification, imports, export queries.
#ifndef IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_UTIL_H_
#define IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_UTIL_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/executable_library_util.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/local/executable_library.h"
#include "iree/hal/local/executable_loader.h"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_UTIL_H_
