// HAL object types as VM ref types: iree_hal_<object>_type/isa/deref/retain_ref/move_ref.
#ifndef IREE_MODULES_HAL_TYPES_H_
#define IREE_MODULES_HAL_TYPES_H_

#include "iree/hal/api.h"
#include "iree/vm/api.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/modules.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_MODULES_HAL_TYPES_H_
