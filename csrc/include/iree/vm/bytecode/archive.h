// Parsing bytecode module archives (.vmfb): flatbuffer and read-only data.
#ifndef IREE_VM_BYTECODE_ARCHIVE_H_
#define IREE_VM_BYTECODE_ARCHIVE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/bytecode/archive.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/api.h"

#endif  // IREE_VM_BYTECODE_ARCHIVE_H_
