// HAL fences: sets of semaphore timepoints.
#ifndef IREE_HAL_FENCE_H_
#define IREE_HAL_FENCE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/fence.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/semaphore.h"

#endif  // IREE_HAL_FENCE_H_
