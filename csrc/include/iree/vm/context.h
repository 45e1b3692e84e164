// VM contexts: modules linked together with their state.
#ifndef IREE_VM_CONTEXT_H_
#define IREE_VM_CONTEXT_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/context.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/instance.h"
#include "iree/vm/module.h"
#include "iree/vm/ref.h"
#include "iree/vm/stack.h"

// iree::vm::ref<iree_vm_context_t> (C++): retained by its own functions.
IREE_VM_DECLARE_CC_TYPE_ADAPTERS(iree_vm_context, iree_vm_context_t)

#endif  // IREE_VM_CONTEXT_H_
