// The bytecode version this runtime reads.
#ifndef IREE_VM_BYTECODE_UTILS_ISA_H_
#define IREE_VM_BYTECODE_UTILS_ISA_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/bytecode/utils/isa.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/api.h"

#endif  // IREE_VM_BYTECODE_UTILS_ISA_H_
