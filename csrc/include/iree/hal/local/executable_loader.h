// CPU executable loaders and the import providers they resolve imports through.
#ifndef IREE_HAL_LOCAL_EXECUTABLE_LOADER_H_
#define IREE_HAL_LOCAL_EXECUTABLE_LOADER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/executable_loader.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/atomics.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_LOADER_H_
