// Helpers IREE's VM stack header (iree/vm/stack.h) defines as static inline
// functions, exported so C programs and the cffi binding can call them.

#include <stdint.h>

#include "iree/vm/api.h"

// A frame's storage (frame_size bytes asked for in
// iree_vm_stack_function_enter) starts right after the frame record.
IREE_API_EXPORT void* iree_vm_stack_frame_storage(iree_vm_stack_frame_t* frame) {
  if (!frame) return NULL;
  return (void*)((uintptr_t)frame + sizeof(iree_vm_stack_frame_t));
}
