// HAL module debug sinks (where hal.buffer_view.trace goes).
#ifndef IREE_MODULES_HAL_DEBUGGING_H_
#define IREE_MODULES_HAL_DEBUGGING_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/modules_extra.h"
#include "ireec/decls_end.h"

#include "iree/modules/hal/types.h"

#endif  // IREE_MODULES_HAL_DEBUGGING_H_
