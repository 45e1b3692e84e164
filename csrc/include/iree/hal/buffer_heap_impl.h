// Heap buffers: buffers over host memory.
#ifndef IREE_HAL_BUFFER_HEAP_IMPL_H_
#define IREE_HAL_BUFFER_HEAP_IMPL_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/buffer_heap_impl.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/synchronization.h"
#include "iree/hal/buffer.h"

#endif  // IREE_HAL_BUFFER_HEAP_IMPL_H_
