// Declarations of IREE's iree/hal/resource.h: the header every HAL object
// starts with: a reference count and a vtable.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_RESOURCE_H_
#define IREEC_DECLS_IREE_HAL_RESOURCE_H_

#include "ireec/decls/iree/base/internal/atomics.h"

typedef struct iree_hal_resource_t iree_hal_resource_t;

// The header of every HAL object: a reference count the runtime's
// retain/release change atomically, and the object's vtable, whose first
// entry (destroy) runs when the count reaches zero.
struct iree_hal_resource_t {
  iree_atomic_ref_count_t ref_count;
  const void* vtable;
};

typedef struct iree_hal_resource_vtable_t iree_hal_resource_vtable_t;

struct iree_hal_resource_vtable_t {
  void (*destroy)(iree_hal_resource_t* resource);
};

// Starts the header of a new HAL object: one reference (the creator's) and
// |vtable|.
void iree_hal_resource_initialize(const void* vtable,
                                  iree_hal_resource_t* out_resource);

#endif  // IREEC_DECLS_IREE_HAL_RESOURCE_H_
