// CPU executable loaders and the import providers they resolve imports through.
#ifndef IREE_HAL_LOCAL_EXECUTABLE_LOADER_H_
#define IREE_HAL_LOCAL_EXECUTABLE_LOADER_H_

#include "iree/hal/local/executable_library.h"
#include "iree/hal/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/hal_local.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_LOADER_H_
