// HAL channel providers: default ranks, counts and group ids.
#ifndef IREE_HAL_CHANNEL_PROVIDER_H_
#define IREE_HAL_CHANNEL_PROVIDER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/channel_provider.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/channel.h"
#include "iree/hal/resource.h"

#endif  // IREE_HAL_CHANNEL_PROVIDER_H_
