// Wrapping a device's allocator as textual specs say.
#ifndef IREE_HAL_UTILS_ALLOCATORS_H_
#define IREE_HAL_UTILS_ALLOCATORS_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/utils/allocators.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_UTILS_ALLOCATORS_H_
