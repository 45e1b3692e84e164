// The bytecode module record (opaque here).
#ifndef IREE_VM_BYTECODE_MODULE_IMPL_H_
#define IREE_VM_BYTECODE_MODULE_IMPL_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/bytecode/module_impl.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/api.h"
#include "iree/vm/bytecode/utils/isa.h"

#endif  // IREE_VM_BYTECODE_MODULE_IMPL_H_
