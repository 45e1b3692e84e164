// Parsing bytecode module archives (.vmfb): flatbuffer and read-only data.
#ifndef IREE_VM_BYTECODE_ARCHIVE_H_
#define IREE_VM_BYTECODE_ARCHIVE_H_

#include "iree/vm/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/vm_bytecode.h"
#include "ireec/decls_end.h"

#endif  // IREE_VM_BYTECODE_ARCHIVE_H_
