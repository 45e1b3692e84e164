// Parsing bytecode module archives (.vmfb): flatbuffer and read-only data.
#ifndef IREE_VM_BYTECODE_ARCHIVE_H_
#define IREE_VM_BYTECODE_ARCHIVE_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/vm_bytecode.h"
#include "ireec/decls_end.h"

#include "iree/vm/api.h"

#endif  // IREE_VM_BYTECODE_ARCHIVE_H_
