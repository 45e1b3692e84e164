// The environment a CPU executable library runs with.
#ifndef IREE_HAL_LOCAL_EXECUTABLE_ENVIRONMENT_H_
#define IREE_HAL_LOCAL_EXECUTABLE_ENVIRONMENT_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/executable_environment.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/local/executable_library.h"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_ENVIRONMENT_H_
