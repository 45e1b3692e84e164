// VM lists: typed or variant sequences of values and refs.
#ifndef IREE_VM_LIST_H_
#define IREE_VM_LIST_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/list.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/ref.h"
#include "iree/vm/type_def.h"
#include "iree/vm/value.h"
#include "iree/vm/variant.h"

// iree::vm::ref<iree_vm_list_t> (C++), as IREE_VM_DECLARE_TYPE_ADAPTERS
// gives; the adapters themselves are declared above.
IREE_VM_DECLARE_CC_TYPE_LOOKUP(iree_vm_list, iree_vm_list_t)

#endif  // IREE_VM_LIST_H_
