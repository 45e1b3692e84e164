// IREE VM API: instances, contexts, modules, functions, refs, lists, buffers
// and invocation, as IREE's iree/vm/api.h includes them.
//
// Each header includes its declarations (ireec/decls/iree/vm/...) and adds
// the function-like macros IREE's header defines there (type definition
// accessors in type_def.h, ref type adapters in ref.h).
#ifndef IREE_VM_API_H_
#define IREE_VM_API_H_

#include "iree/base/api.h"
// All IREE's iree/vm/api.h includes but iree/vm/shims.h: the argument-packing
// shims of IREE's own native modules, which it exports for them only.
#include "iree/vm/buffer.h"
#include "iree/vm/context.h"
#include "iree/vm/instance.h"
#include "iree/vm/invocation.h"
#include "iree/vm/list.h"
#include "iree/vm/module.h"
#include "iree/vm/native_module.h"
#include "iree/vm/ref.h"
#include "iree/vm/stack.h"
#include "iree/vm/type_def.h"
#include "iree/vm/value.h"
#include "iree/vm/variant.h"

#endif  // IREE_VM_API_H_
