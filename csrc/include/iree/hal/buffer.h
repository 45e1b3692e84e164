// HAL buffers: typed device memory, mapping and subspans.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_BUFFER_H_
#define IREE_HAL_BUFFER_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_BUFFER_H_
