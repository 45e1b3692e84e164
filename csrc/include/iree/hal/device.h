// HAL devices: queues, allocators and device queries.
#ifndef IREE_HAL_DEVICE_H_
#define IREE_HAL_DEVICE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/device.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/allocator.h"
#include "iree/hal/buffer.h"
#include "iree/hal/channel.h"
#include "iree/hal/channel_provider.h"
#include "iree/hal/command_buffer.h"
#include "iree/hal/event.h"
#include "iree/hal/executable_cache.h"
#include "iree/hal/fence.h"
#include "iree/hal/file.h"
#include "iree/hal/queue.h"
#include "iree/hal/resource.h"
#include "iree/hal/semaphore.h"

#endif  // IREE_HAL_DEVICE_H_
