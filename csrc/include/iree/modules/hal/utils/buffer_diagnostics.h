// The checks behind the HAL module's buffer and buffer view assertions.
#ifndef IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_
#define IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_

#include "iree/modules/hal/types.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/modules_extra.h"
#include "ireec/decls_end.h"

#endif  // IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_
