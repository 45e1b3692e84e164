// Queue operations emulated with command buffers.
#ifndef IREE_HAL_UTILS_QUEUE_EMULATION_H_
#define IREE_HAL_UTILS_QUEUE_EMULATION_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/utils/queue_emulation.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_UTILS_QUEUE_EMULATION_H_
