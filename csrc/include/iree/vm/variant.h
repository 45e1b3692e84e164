// VM variants: a value or a ref.
// Its declarations come with the header(s) it includes.
#ifndef IREE_VM_VARIANT_H_
#define IREE_VM_VARIANT_H_

#include "iree/vm/api.h"

#endif  // IREE_VM_VARIANT_H_
