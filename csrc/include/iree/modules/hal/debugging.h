// HAL module debug sinks (where hal.buffer_view.trace goes).
#ifndef IREE_MODULES_HAL_DEBUGGING_H_
#define IREE_MODULES_HAL_DEBUGGING_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/modules/hal/debugging.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/vm/api.h"

#endif  // IREE_MODULES_HAL_DEBUGGING_H_
