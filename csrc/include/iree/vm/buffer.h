// VM buffers: byte buffers programs and hosts share.
#ifndef IREE_VM_BUFFER_H_
#define IREE_VM_BUFFER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/buffer.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/ref.h"

#endif  // IREE_VM_BUFFER_H_
