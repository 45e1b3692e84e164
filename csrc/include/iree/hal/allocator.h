// HAL allocators: device memory heaps, buffer allocation and import.
#ifndef IREE_HAL_ALLOCATOR_H_
#define IREE_HAL_ALLOCATOR_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/allocator.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/buffer.h"
#include "iree/hal/queue.h"
#include "iree/hal/resource.h"

// The runtime we bind is built without statistics: these record nothing.
#define iree_hal_allocator_statistics_record_alloc(statistics, ...)
#define iree_hal_allocator_statistics_record_free(statistics, ...)

#endif  // IREE_HAL_ALLOCATOR_H_
