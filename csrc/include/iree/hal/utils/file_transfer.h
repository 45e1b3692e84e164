// Queue reads and writes of files through staging buffers.
#ifndef IREE_HAL_UTILS_FILE_TRANSFER_H_
#define IREE_HAL_UTILS_FILE_TRANSFER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/utils/file_transfer.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"

#endif  // IREE_HAL_UTILS_FILE_TRANSFER_H_
