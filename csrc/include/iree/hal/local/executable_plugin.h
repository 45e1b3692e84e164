// The executable plugin ABI (the parts the plugin manager passes on).
#ifndef IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_H_
#define IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/executable_plugin.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_H_
