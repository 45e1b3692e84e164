// HAL files over file descriptor handles.
#ifndef IREE_HAL_UTILS_FD_FILE_H_
#define IREE_HAL_UTILS_FD_FILE_H_

#include "iree/hal/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/hal_utils.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_UTILS_FD_FILE_H_
