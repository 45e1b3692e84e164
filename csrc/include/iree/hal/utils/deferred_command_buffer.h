// The deferred command buffer: commands recorded in memory and replayed into
// another.
#ifndef IREE_HAL_UTILS_DEFERRED_COMMAND_BUFFER_H_
#define IREE_HAL_UTILS_DEFERRED_COMMAND_BUFFER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/utils/deferred_command_buffer.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/command_buffer.h"

#endif  // IREE_HAL_UTILS_DEFERRED_COMMAND_BUFFER_H_
