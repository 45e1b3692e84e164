// VM type definitions: value or ref types of list elements.
#ifndef IREE_VM_TYPE_DEF_H_
#define IREE_VM_TYPE_DEF_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/type_def.h"
#include "ireec/decls_end.h"

#include "iree/vm/ref.h"
#include "iree/vm/value.h"

// A type def is one machine word: the value type in the low tag bits and the
// ref type (an aligned descriptor pointer) shifted down in the rest.

#define iree_vm_type_def_as_value(v) \
  ((iree_vm_value_type_t)((v).value_type_bits))
#define iree_vm_type_def_as_ref(v) \
  (((iree_vm_ref_type_t)(v).ref_type_bits) << IREE_VM_REF_TYPE_TAG_BITS)
#define iree_vm_type_def_is_value(v) \
  (iree_vm_type_def_as_value(v) != IREE_VM_VALUE_TYPE_NONE)
#define iree_vm_type_def_is_ref(v) \
  (iree_vm_type_def_as_ref(v) != IREE_VM_REF_TYPE_NULL)
// Neither a value nor a ref: the "any" type of variant lists.
#define iree_vm_type_def_is_variant(v)                          \
  (iree_vm_type_def_as_value(v) == IREE_VM_VALUE_TYPE_NONE && \
   iree_vm_type_def_as_ref(v) == IREE_VM_REF_TYPE_NULL)
#define iree_vm_type_def_is_undefined(v) iree_vm_type_def_is_variant(v)

#endif  // IREE_VM_TYPE_DEF_H_
