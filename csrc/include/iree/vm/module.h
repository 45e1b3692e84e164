// VM modules: the module interface, functions and signatures.
#ifndef IREE_VM_MODULE_H_
#define IREE_VM_MODULE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/atomics.h"
#include "iree/vm/ref.h"

#endif  // IREE_VM_MODULE_H_
