// Buffer view helpers: allocation with contents, parsing and formatting.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_BUFFER_VIEW_UTIL_H_
#define IREE_HAL_BUFFER_VIEW_UTIL_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_BUFFER_VIEW_UTIL_H_
