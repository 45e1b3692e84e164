// The HAL VM module ("hal" imports of compiled programs) and its options.
#ifndef IREE_MODULES_HAL_MODULE_H_
#define IREE_MODULES_HAL_MODULE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/modules/hal/module.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/modules/hal/debugging.h"
#include "iree/modules/hal/types.h"
#include "iree/vm/api.h"

#endif  // IREE_MODULES_HAL_MODULE_H_
