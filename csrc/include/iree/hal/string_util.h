// Parsing and formatting of HAL values (shapes, element types, buffer contents).
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_STRING_UTIL_H_
#define IREE_HAL_STRING_UTIL_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_STRING_UTIL_H_
