// HAL object types as VM ref types: iree_hal_<object>_type/isa/deref/retain_ref/move_ref.
#ifndef IREE_MODULES_HAL_TYPES_H_
#define IREE_MODULES_HAL_TYPES_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/modules/hal/types.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/vm/api.h"

// iree::vm::ref<iree_hal_*_t> (C++), as IREE_VM_DECLARE_TYPE_ADAPTERS gives;
// the adapters themselves are declared above.
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_allocator, iree_hal_allocator_t)
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_buffer, iree_hal_buffer_t)
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_buffer_view, iree_hal_buffer_view_t)
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_channel, iree_hal_channel_t)
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_command_buffer, iree_hal_command_buffer_t)
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_device, iree_hal_device_t)
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_event, iree_hal_event_t)
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_executable, iree_hal_executable_t)
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_fence, iree_hal_fence_t)
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_file, iree_hal_file_t)
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_hal_semaphore, iree_hal_semaphore_t)

#endif  // IREE_MODULES_HAL_TYPES_H_
