// Host-driven transfers between buffers and host memory.
#ifndef IREE_HAL_BUFFER_TRANSFER_H_
#define IREE_HAL_BUFFER_TRANSFER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/buffer_transfer.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/buffer.h"
#include "iree/hal/device.h"

#endif  // IREE_HAL_BUFFER_TRANSFER_H_
