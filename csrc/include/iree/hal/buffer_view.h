// HAL buffer views: a buffer with a shape and element type.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_BUFFER_VIEW_H_
#define IREE_HAL_BUFFER_VIEW_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_BUFFER_VIEW_H_
