// HAL buffers: typed device memory, mapping and subspans.
#ifndef IREE_HAL_BUFFER_H_
#define IREE_HAL_BUFFER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/queue.h"
#include "iree/hal/resource.h"

#endif  // IREE_HAL_BUFFER_H_
