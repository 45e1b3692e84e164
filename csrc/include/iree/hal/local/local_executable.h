// The base of CPU executables: dispatch attributes, environment and calls.
#ifndef IREE_HAL_LOCAL_LOCAL_EXECUTABLE_H_
#define IREE_HAL_LOCAL_LOCAL_EXECUTABLE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/local_executable.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/local/executable_library.h"

#endif  // IREE_HAL_LOCAL_LOCAL_EXECUTABLE_H_
