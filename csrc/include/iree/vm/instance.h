// VM instances: the type registry shared by contexts.
#ifndef IREE_VM_INSTANCE_H_
#define IREE_VM_INSTANCE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/instance.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/ref.h"

#endif  // IREE_VM_INSTANCE_H_
