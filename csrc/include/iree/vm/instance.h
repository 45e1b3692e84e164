// VM instances: the type registry shared by contexts.
#ifndef IREE_VM_INSTANCE_H_
#define IREE_VM_INSTANCE_H_

#include "iree/vm/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/vm_storage.h"
#include "ireec/decls_end.h"

#endif  // IREE_VM_INSTANCE_H_
