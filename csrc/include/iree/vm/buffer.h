// VM buffers: byte buffers programs and hosts share.
#ifndef IREE_VM_BUFFER_H_
#define IREE_VM_BUFFER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/buffer.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/ref.h"

// iree::vm::ref<iree_vm_buffer_t> (C++), as IREE_VM_DECLARE_TYPE_ADAPTERS
// gives; the adapters themselves are declared above.
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_vm_buffer, iree_vm_buffer_t)

#endif  // IREE_VM_BUFFER_H_
