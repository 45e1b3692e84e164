// The checks a HAL driver's command buffer runs before recording each command.
#ifndef IREE_HAL_COMMAND_BUFFER_VALIDATION_H_
#define IREE_HAL_COMMAND_BUFFER_VALIDATION_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/command_buffer_validation.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/command_buffer.h"

#endif  // IREE_HAL_COMMAND_BUFFER_VALIDATION_H_
