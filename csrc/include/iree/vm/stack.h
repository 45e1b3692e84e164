// VM stacks: the frames of running functions and their waits.
#ifndef IREE_VM_STACK_H_
#define IREE_VM_STACK_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/vm_invoke.h"
#include "ireec/decls_end.h"

#include "iree/vm/api.h"

#endif  // IREE_VM_STACK_H_
