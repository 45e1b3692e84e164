// Helpers over executable library records: verification, imports, export queries.
#ifndef IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_UTIL_H_
#define IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_UTIL_H_

#include "iree/hal/local/executable_library.h"
#include "iree/hal/local/executable_loader.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/hal_local.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_UTIL_H_
