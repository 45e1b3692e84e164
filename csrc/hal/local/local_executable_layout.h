// The layout of iree_hal_local_executable_t, which the public declarations
// leave opaque (it starts with the HAL resource header), for the loaders
// ireec implements. The static asserts hold it to the record in IREE's ABI
// facts for commit 0f64f41a0ae3: size 136, host_allocator at 16,
// dispatch_attrs at 32, environment at 40.
#ifndef IREEC_HAL_LOCAL_LOCAL_EXECUTABLE_LAYOUT_H_
#define IREEC_HAL_LOCAL_LOCAL_EXECUTABLE_LAYOUT_H_

#include <stddef.h>

#include "iree/hal/local/local_executable.h"

struct iree_hal_local_executable_t {
  // IREE's iree_hal_resource_t: the reference count and the vtable, set by
  // iree_hal_local_executable_initialize.
  struct {
    iree_atomic_ref_count_t ref_count;
    const void* vtable;
  } resource;
  iree_allocator_t host_allocator;
  // One entry per export, or NULL when the library has none.
  const iree_hal_executable_dispatch_attrs_v0_t* dispatch_attrs;
  iree_hal_executable_environment_v0_t environment;
};

_Static_assert(sizeof(struct iree_hal_local_executable_t) == 136,
               "iree_hal_local_executable_t size");
_Static_assert(offsetof(struct iree_hal_local_executable_t, host_allocator) == 16,
               "iree_hal_local_executable_t.host_allocator");
_Static_assert(offsetof(struct iree_hal_local_executable_t, dispatch_attrs) == 32,
               "iree_hal_local_executable_t.dispatch_attrs");
_Static_assert(offsetof(struct iree_hal_local_executable_t, environment) == 40,
               "iree_hal_local_executable_t.environment");

#endif  // IREEC_HAL_LOCAL_LOCAL_EXECUTABLE_LAYOUT_H_
