// HAL object types as VM ref types: iree_hal_<object>_type/isa/deref/retain_ref/move_ref.
#ifndef IREE_MODULES_HAL_TYPES_H_
#define IREE_MODULES_HAL_TYPES_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/modules/hal/types.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/vm/api.h"

#endif  // IREE_MODULES_HAL_TYPES_H_
