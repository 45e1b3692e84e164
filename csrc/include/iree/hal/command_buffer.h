// HAL command buffers: recorded transfers, dispatches and collectives.
#ifndef IREE_HAL_COMMAND_BUFFER_H_
#define IREE_HAL_COMMAND_BUFFER_H_

#include "iree/hal/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/hal_executable.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_COMMAND_BUFFER_H_
