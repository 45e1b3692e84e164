// Module states that are only numbers (ireec/vm/module_state.h): a module
// written in Python keeps what it needs in Python and only has to tell the
// contexts it serves apart. Allocating and freeing them runs no Python, so
// a context may be torn down on any thread, at any time, without the GIL.

#include <stdatomic.h>
#include <stdint.h>

#include "iree/vm/api.h"
#include "ireec/api.h"

static atomic_uintptr_t ireec_vm_module_next_state_number = 1;

IREE_API_EXPORT iree_status_t ireec_vm_module_numbered_state_alloc(
    void* self, iree_allocator_t allocator,
    iree_vm_module_state_t** out_module_state) {
  if (!out_module_state) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_module_state must not be NULL");
  }
  uintptr_t number = atomic_fetch_add(&ireec_vm_module_next_state_number, 1);
  *out_module_state = (iree_vm_module_state_t*)number;
  return iree_ok_status();
}

IREE_API_EXPORT void ireec_vm_module_numbered_state_free(
    void* self, iree_vm_module_state_t* module_state) {}
