// HAL executables: loaded entry points and their reflection.
#ifndef IREE_HAL_EXECUTABLE_H_
#define IREE_HAL_EXECUTABLE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/executable.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/resource.h"

#endif  // IREE_HAL_EXECUTABLE_H_
