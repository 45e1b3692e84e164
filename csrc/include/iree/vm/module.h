// VM modules: the module interface, functions and signatures.
#ifndef IREE_VM_MODULE_H_
#define IREE_VM_MODULE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/atomics.h"
#include "iree/vm/ref.h"

// iree::vm::ref<iree_vm_module_t> (C++): retained by its own functions.
IREE_VM_DECLARE_CC_TYPE_ADAPTERS(iree_vm_module, iree_vm_module_t)

#endif  // IREE_VM_MODULE_H_
