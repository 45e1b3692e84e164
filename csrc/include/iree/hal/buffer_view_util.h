// Buffer view helpers: allocation with contents, parsing and formatting.
#ifndef IREE_HAL_BUFFER_VIEW_UTIL_H_
#define IREE_HAL_BUFFER_VIEW_UTIL_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/buffer_view_util.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/allocator.h"
#include "iree/hal/buffer_view.h"
#include "iree/hal/device.h"

#endif  // IREE_HAL_BUFFER_VIEW_UTIL_H_
