// The base of semaphore implementations: timepoints and their notification.
#ifndef IREE_HAL_UTILS_SEMAPHORE_BASE_H_
#define IREE_HAL_UTILS_SEMAPHORE_BASE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/utils/semaphore_base.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/synchronization.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_UTILS_SEMAPHORE_BASE_H_
