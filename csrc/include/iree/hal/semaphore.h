// HAL semaphores: timeline values devices and hosts signal and wait on.
#ifndef IREE_HAL_SEMAPHORE_H_
#define IREE_HAL_SEMAPHORE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/semaphore.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/queue.h"
#include "iree/hal/resource.h"

#endif  // IREE_HAL_SEMAPHORE_H_
