// VM variants: a value or a ref.
#ifndef IREE_VM_VARIANT_H_
#define IREE_VM_VARIANT_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/variant.h"
#include "ireec/decls_end.h"

#include "iree/vm/ref.h"
#include "iree/vm/value.h"

#endif  // IREE_VM_VARIANT_H_
