// Optional VM features bytecode modules may require.
#ifndef IREE_VM_BYTECODE_UTILS_FEATURES_H_
#define IREE_VM_BYTECODE_UTILS_FEATURES_H_

#include "iree/vm/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/vm_bytecode.h"
#include "ireec/decls_end.h"

#endif  // IREE_VM_BYTECODE_UTILS_FEATURES_H_
