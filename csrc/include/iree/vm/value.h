// VM values: typed scalars.
#ifndef IREE_VM_VALUE_H_
#define IREE_VM_VALUE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/value.h"
#include "ireec/decls_end.h"

#endif  // IREE_VM_VALUE_H_
