// Host-driven transfers between buffers and host memory.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_BUFFER_TRANSFER_H_
#define IREE_HAL_BUFFER_TRANSFER_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_BUFFER_TRANSFER_H_
