// HAL files: storage queue reads and writes go through.
// Its declarations come with the header(s) it includes.
#ifndef IREE_HAL_FILE_H_
#define IREE_HAL_FILE_H_

#include "iree/hal/api.h"

#endif  // IREE_HAL_FILE_H_
