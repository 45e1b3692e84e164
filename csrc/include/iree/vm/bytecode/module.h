// Bytecode modules: VM modules loaded from compiled .vmfb flatbuffers.
#ifndef IREE_VM_BYTECODE_MODULE_H_
#define IREE_VM_BYTECODE_MODULE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/bytecode/module.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/api.h"

#endif  // IREE_VM_BYTECODE_MODULE_H_
