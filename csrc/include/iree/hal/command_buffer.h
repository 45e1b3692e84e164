// HAL command buffers: recorded transfers, dispatches and collectives.
#ifndef IREE_HAL_COMMAND_BUFFER_H_
#define IREE_HAL_COMMAND_BUFFER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/command_buffer.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/allocator.h"
#include "iree/hal/buffer.h"
#include "iree/hal/channel.h"
#include "iree/hal/event.h"
#include "iree/hal/executable.h"
#include "iree/hal/queue.h"
#include "iree/hal/resource.h"

#endif  // IREE_HAL_COMMAND_BUFFER_H_
