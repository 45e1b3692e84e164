// HAL collective channels.
#ifndef IREE_HAL_CHANNEL_H_
#define IREE_HAL_CHANNEL_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/channel.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/queue.h"
#include "iree/hal/resource.h"

#endif  // IREE_HAL_CHANNEL_H_
