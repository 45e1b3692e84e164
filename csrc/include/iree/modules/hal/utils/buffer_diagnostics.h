// The checks behind the HAL module's buffer and buffer view assertions.
#ifndef IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_
#define IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/modules_extra.h"
#include "ireec/decls_end.h"

#include "iree/modules/hal/types.h"

#endif  // IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_
