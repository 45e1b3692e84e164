// Executable plugins and the manager resolving imports through them.
#ifndef IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_MANAGER_H_
#define IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_MANAGER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/executable_plugin_manager.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/local/executable_loader.h"
#include "iree/hal/local/executable_plugin.h"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_MANAGER_H_
