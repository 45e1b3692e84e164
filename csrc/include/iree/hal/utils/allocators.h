// Wrapping a device's allocator as textual specs say.
#ifndef IREE_HAL_UTILS_ALLOCATORS_H_
#define IREE_HAL_UTILS_ALLOCATORS_H_

#include "iree/hal/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/hal_utils.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_UTILS_ALLOCATORS_H_
