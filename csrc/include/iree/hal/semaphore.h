// HAL semaphores: timeline values devices and hosts signal and wait on.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_SEMAPHORE_H_
#define IREE_HAL_SEMAPHORE_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_SEMAPHORE_H_
