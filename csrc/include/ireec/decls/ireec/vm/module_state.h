// ireec's own declarations (not IREE's): module states that only tell
// contexts apart (csrc/vm/module_state.c).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_VM_MODULE_STATE_H_
#define IREEC_DECLS_IREEC_VM_MODULE_STATE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/vm/module.h"

// An iree_vm_module_t alloc_state giving each context a state of its own
// that is only a number, unique in the process (never 0), and allocates
// nothing: a module whose functions are written in Python finds the
// session a call came from by it. Pair it with
// ireec_vm_module_numbered_state_free.
iree_status_t ireec_vm_module_numbered_state_alloc(
    void* self, iree_allocator_t allocator,
    iree_vm_module_state_t** out_module_state);
// The free_state of such states: nothing to free.
void ireec_vm_module_numbered_state_free(void* self,
                                         iree_vm_module_state_t* module_state);

#endif  // IREEC_DECLS_IREEC_VM_MODULE_STATE_H_
