// Parsing and formatting of HAL values (shapes, element types, buffer contents).
#ifndef IREE_HAL_STRING_UTIL_H_
#define IREE_HAL_STRING_UTIL_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/string_util.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/buffer.h"
#include "iree/hal/buffer_view.h"

#endif  // IREE_HAL_STRING_UTIL_H_
