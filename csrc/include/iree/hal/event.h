// HAL events: device-side signals within command buffers.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_EVENT_H_
#define IREE_HAL_EVENT_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_EVENT_H_
