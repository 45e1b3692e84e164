// VM stacks: the frames of running functions and their waits.
#ifndef IREE_VM_STACK_H_
#define IREE_VM_STACK_H_

#include "iree/vm/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/vm_invoke.h"
#include "ireec/decls_end.h"

#endif  // IREE_VM_STACK_H_
