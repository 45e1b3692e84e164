// VM values: typed scalars.
// Its declarations come with the header(s) it includes.
#ifndef IREE_VM_VALUE_H_
#define IREE_VM_VALUE_H_

#include "iree/vm/api.h"

#endif  // IREE_VM_VALUE_H_
