// The static library loader: executables linked into the program itself.
#ifndef IREE_HAL_LOCAL_LOADERS_STATIC_LIBRARY_LOADER_H_
#define IREE_HAL_LOCAL_LOADERS_STATIC_LIBRARY_LOADER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/loaders/static_library_loader.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/local/executable_library.h"
#include "iree/hal/local/executable_loader.h"

#endif  // IREE_HAL_LOCAL_LOADERS_STATIC_LIBRARY_LOADER_H_
