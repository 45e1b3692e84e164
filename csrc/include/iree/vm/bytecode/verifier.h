// Verification of bytecode modules and functions.
#ifndef IREE_VM_BYTECODE_VERIFIER_H_
#define IREE_VM_BYTECODE_VERIFIER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/bytecode/verifier.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/api.h"
#include "iree/vm/bytecode/module_impl.h"

#endif  // IREE_VM_BYTECODE_VERIFIER_H_
