// The HAL VM module ("hal" imports of compiled programs) and its options.
#ifndef IREE_MODULES_HAL_MODULE_H_
#define IREE_MODULES_HAL_MODULE_H_

#include "iree/modules/hal/types.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/modules.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_MODULES_HAL_MODULE_H_
