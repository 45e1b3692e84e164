// VM lists: typed or variant sequences of values and refs.
#ifndef IREE_VM_LIST_H_
#define IREE_VM_LIST_H_

#include "iree/vm/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/vm_storage.h"
#include "ireec/decls_end.h"

#endif  // IREE_VM_LIST_H_
