// Reading the flatbuffer header of executable data.
#ifndef IREE_HAL_UTILS_EXECUTABLE_HEADER_H_
#define IREE_HAL_UTILS_EXECUTABLE_HEADER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/utils/executable_header.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_HAL_UTILS_EXECUTABLE_HEADER_H_
