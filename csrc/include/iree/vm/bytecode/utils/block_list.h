// The basic blocks of a bytecode function, as the verifier lists them.
#ifndef IREE_VM_BYTECODE_UTILS_BLOCK_LIST_H_
#define IREE_VM_BYTECODE_UTILS_BLOCK_LIST_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/bytecode/utils/block_list.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_VM_BYTECODE_UTILS_BLOCK_LIST_H_
