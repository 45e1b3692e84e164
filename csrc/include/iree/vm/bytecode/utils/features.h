// Optional VM features bytecode modules may require.
#ifndef IREE_VM_BYTECODE_UTILS_FEATURES_H_
#define IREE_VM_BYTECODE_UTILS_FEATURES_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/bytecode/utils/features.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/api.h"
#include "iree/vm/bytecode/utils/isa.h"

#endif  // IREE_VM_BYTECODE_UTILS_FEATURES_H_
