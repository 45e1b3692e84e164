// VM contexts: modules linked together with their state.
// Its declarations come with the header(s) it includes.
#ifndef IREE_VM_CONTEXT_H_
#define IREE_VM_CONTEXT_H_

#include "iree/vm/api.h"

#endif  // IREE_VM_CONTEXT_H_
