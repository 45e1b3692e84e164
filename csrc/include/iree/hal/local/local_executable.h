// The base of CPU executables: dispatch attributes, environment and calls.
#ifndef IREE_HAL_LOCAL_LOCAL_EXECUTABLE_H_
#define IREE_HAL_LOCAL_LOCAL_EXECUTABLE_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/hal_local.h"
#include "ireec/decls_end.h"

#include "iree/hal/local/executable_library.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_LOCAL_LOCAL_EXECUTABLE_H_
