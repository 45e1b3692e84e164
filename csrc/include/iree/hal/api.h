// IREE HAL API: devices, allocators, buffers and buffer views, semaphores,
// fences, command buffers and drivers, as IREE's iree/hal/api.h includes them.
//
// Each header includes its declarations (ireec/decls/iree/hal/...) and adds
// the function-like macros IREE's header defines there (element types in
// buffer_view.h, queue affinities in queue.h).
#ifndef IREE_HAL_API_H_
#define IREE_HAL_API_H_

#include "iree/hal/allocator.h"
#include "iree/hal/buffer.h"
#include "iree/hal/buffer_transfer.h"
#include "iree/hal/buffer_view.h"
#include "iree/hal/buffer_view_util.h"
#include "iree/hal/channel.h"
#include "iree/hal/channel_provider.h"
#include "iree/hal/command_buffer.h"
#include "iree/hal/device.h"
#include "iree/hal/driver.h"
#include "iree/hal/driver_registry.h"
#include "iree/hal/event.h"
#include "iree/hal/executable.h"
#include "iree/hal/executable_cache.h"
#include "iree/hal/fence.h"
#include "iree/hal/file.h"
#include "iree/hal/queue.h"
#include "iree/hal/resource.h"
#include "iree/hal/semaphore.h"
#include "iree/hal/string_util.h"

#endif  // IREE_HAL_API_H_
