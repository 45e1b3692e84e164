// VM type definitions: value or ref types of list elements.
// Its declarations come with the header(s) it includes.
#ifndef IREE_VM_TYPE_DEF_H_
#define IREE_VM_TYPE_DEF_H_

#include "iree/vm/api.h"

#endif  // IREE_VM_TYPE_DEF_H_
