// Creating the CPU executable loaders this runtime was built with, all or by name.
#ifndef IREE_HAL_LOCAL_LOADERS_REGISTRATION_INIT_H_
#define IREE_HAL_LOCAL_LOADERS_REGISTRATION_INIT_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/hal_local.h"
#include "ireec/decls_end.h"

#include "iree/hal/local/executable_loader.h"
#include "iree/hal/local/executable_plugin_manager.h"

#endif  // IREE_HAL_LOCAL_LOADERS_REGISTRATION_INIT_H_
