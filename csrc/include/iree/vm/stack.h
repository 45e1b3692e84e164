// VM stacks: the frames of running functions and their waits.
#ifndef IREE_VM_STACK_H_
#define IREE_VM_STACK_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/stack.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/module.h"
#include "iree/vm/ref.h"

#endif  // IREE_VM_STACK_H_
