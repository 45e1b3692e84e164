// HAL events: device-side signals within command buffers.
#ifndef IREE_HAL_EVENT_H_
#define IREE_HAL_EVENT_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/event.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/queue.h"
#include "iree/hal/resource.h"

#endif  // IREE_HAL_EVENT_H_
