// HAL collective channels.
#ifndef IREE_HAL_CHANNEL_H_
#define IREE_HAL_CHANNEL_H_

#include "iree/hal/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/hal_channel.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_CHANNEL_H_
