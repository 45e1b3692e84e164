// VM native modules: modules written in C from descriptor tables.
#ifndef IREE_VM_NATIVE_MODULE_H_
#define IREE_VM_NATIVE_MODULE_H_

#include "iree/vm/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/vm_native_module.h"
#include "ireec/decls_end.h"

#endif  // IREE_VM_NATIVE_MODULE_H_
