// ireec's own declarations (not IREE's): the process's one VM instance, the
// one every runtime instance's sessions are made in (csrc/runtime/instance.c),
// for what needs it without a runtime instance: ref types registered, native
// modules made, bytecode modules read.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_RUNTIME_INSTANCE_H_
#define IREEC_DECLS_IREEC_RUNTIME_INSTANCE_H_

#include "ireec/decls/iree/base/status.h"
#include "ireec/decls/iree/vm/instance.h"

// The process-wide VM instance (what iree_runtime_instance_vm_instance
// returns for every runtime instance), retained for the caller in
// |out_vm_instance|: made on first use, with the HAL module's types
// registered, and kept for the rest of the process.
iree_status_t ireec_runtime_shared_vm_instance(iree_vm_instance_t** out_vm_instance);

#endif  // IREEC_DECLS_IREEC_RUNTIME_INSTANCE_H_
