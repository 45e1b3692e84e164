// VM modules: the module interface, functions and signatures.
#ifndef IREE_VM_MODULE_H_
#define IREE_VM_MODULE_H_

#include "iree/vm/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/vm_storage.h"
#include "ireec/decls_end.h"

#endif  // IREE_VM_MODULE_H_
