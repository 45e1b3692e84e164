// VM instances: the type registry shared by contexts.
#ifndef IREE_VM_INSTANCE_H_
#define IREE_VM_INSTANCE_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/vm_storage.h"
#include "ireec/decls_end.h"

#include "iree/vm/api.h"

#endif  // IREE_VM_INSTANCE_H_
