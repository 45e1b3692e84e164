// The system library loader: executables in platform shared libraries.
#ifndef IREE_HAL_LOCAL_LOADERS_SYSTEM_LIBRARY_LOADER_H_
#define IREE_HAL_LOCAL_LOADERS_SYSTEM_LIBRARY_LOADER_H_

#include "iree/hal/local/executable_loader.h"
#include "iree/hal/local/executable_plugin_manager.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/hal_local.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_LOCAL_LOADERS_SYSTEM_LIBRARY_LOADER_H_
