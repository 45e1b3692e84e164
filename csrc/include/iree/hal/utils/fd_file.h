// HAL files over file descriptor handles.
#ifndef IREE_HAL_UTILS_FD_FILE_H_
#define IREE_HAL_UTILS_FD_FILE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/utils/fd_file.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/io/file_handle.h"

#endif  // IREE_HAL_UTILS_FD_FILE_H_
