// HAL devices: queues, allocators and device queries.
#ifndef IREE_HAL_DEVICE_H_
#define IREE_HAL_DEVICE_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/hal_executable.h"
#include "ireec/decls_end.h"

#include "iree/hal/api.h"

#endif  // IREE_HAL_DEVICE_H_
