// Invoking VM functions: synchronously, resumably, or on a loop.
#ifndef IREE_VM_INVOCATION_H_
#define IREE_VM_INVOCATION_H_

#include "iree/vm/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/vm_invoke.h"
#include "ireec/decls_end.h"

#endif  // IREE_VM_INVOCATION_H_
