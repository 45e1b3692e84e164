// VM refs: reference-counted objects and their registered types.
// Its declarations come with the header(s) it includes.
#ifndef IREE_VM_REF_H_
#define IREE_VM_REF_H_

#include "iree/vm/api.h"

#endif  // IREE_VM_REF_H_
