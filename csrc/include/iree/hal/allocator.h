// HAL allocators: device memory heaps, buffer allocation and import.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_ALLOCATOR_H_
#define IREE_HAL_ALLOCATOR_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_ALLOCATOR_H_
