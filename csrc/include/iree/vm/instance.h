// VM instances: the type registry shared by contexts.
#ifndef IREE_VM_INSTANCE_H_
#define IREE_VM_INSTANCE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/instance.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/ref.h"

// iree::vm::ref<iree_vm_instance_t> (C++): retained by its own functions.
IREE_VM_DECLARE_CC_TYPE_ADAPTERS(iree_vm_instance, iree_vm_instance_t)

#endif  // IREE_VM_INSTANCE_H_
