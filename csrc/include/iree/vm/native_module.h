// VM native modules: modules written in C from descriptor tables.
#ifndef IREE_VM_NATIVE_MODULE_H_
#define IREE_VM_NATIVE_MODULE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/native_module.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/instance.h"
#include "iree/vm/module.h"
#include "iree/vm/stack.h"

#endif  // IREE_VM_NATIVE_MODULE_H_
