// Invoking VM functions: synchronously, resumably, or on a loop.
#ifndef IREE_VM_INVOCATION_H_
#define IREE_VM_INVOCATION_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/invocation.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/context.h"
#include "iree/vm/list.h"
#include "iree/vm/module.h"
#include "iree/vm/ref.h"

#endif  // IREE_VM_INVOCATION_H_
