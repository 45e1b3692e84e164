// HAL queue affinities and queue-level types.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_QUEUE_H_
#define IREE_HAL_QUEUE_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_QUEUE_H_
