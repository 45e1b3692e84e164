// HAL fences: sets of semaphore timepoints.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_FENCE_H_
#define IREE_HAL_FENCE_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_FENCE_H_
