// The checks behind the HAL module's buffer and buffer view assertions.
#ifndef IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_
#define IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/modules/hal/utils/buffer_diagnostics.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/modules/hal/types.h"
#include "iree/vm/api.h"

#endif  // IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_
