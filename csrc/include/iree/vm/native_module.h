// VM native modules: modules written in C from descriptor tables.
#ifndef IREE_VM_NATIVE_MODULE_H_
#define IREE_VM_NATIVE_MODULE_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/vm_native_module.h"
#include "ireec/decls_end.h"

#include "iree/vm/api.h"

#endif  // IREE_VM_NATIVE_MODULE_H_
