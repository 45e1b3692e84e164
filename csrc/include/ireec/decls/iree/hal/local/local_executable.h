// Declarations of IREE's iree/hal/local/local_executable.h: the base of CPU
// executables: dispatch attributes, environment and calls.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_LOCAL_EXECUTABLE_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_LOCAL_EXECUTABLE_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/executable.h"
#include "ireec/decls/iree/hal/local/executable_library.h"

// The base of every CPU executable: its dispatch attributes and environment.
// Its layout starts with the HAL resource header, so it is left opaque here;
// loaders written in C include iree/hal/local/local_executable.h.
typedef struct iree_hal_local_executable_t iree_hal_local_executable_t;

typedef struct iree_hal_local_executable_vtable_t {
  iree_hal_executable_vtable_t base;
  // Calls export |ordinal| for one workgroup.
  iree_status_t (*issue_call)(
      iree_hal_local_executable_t* executable, iree_host_size_t ordinal,
      const iree_hal_executable_dispatch_state_v0_t* dispatch_state,
      const iree_hal_executable_workgroup_state_v0_t* workgroup_state,
      uint32_t worker_id);
} iree_hal_local_executable_vtable_t;

void iree_hal_local_executable_initialize(
    const iree_hal_local_executable_vtable_t* vtable,
    iree_allocator_t host_allocator,
    iree_hal_local_executable_t* out_base_executable);
void iree_hal_local_executable_deinitialize(
    iree_hal_local_executable_t* base_executable);
// The local executable |base_value| is (it must be one).
iree_hal_local_executable_t* iree_hal_local_executable_cast(
    iree_hal_executable_t* base_value);
iree_status_t iree_hal_local_executable_issue_call(
    iree_hal_local_executable_t* executable, iree_host_size_t ordinal,
    const iree_hal_executable_dispatch_state_v0_t* dispatch_state,
    const iree_hal_executable_workgroup_state_v0_t* workgroup_state,
    uint32_t worker_id);
// Runs every workgroup of a dispatch on the calling thread, with
// |local_memory| as each workgroup's local memory.
iree_status_t iree_hal_local_executable_issue_dispatch_inline(
    iree_hal_local_executable_t* executable, iree_host_size_t ordinal,
    const iree_hal_executable_dispatch_state_v0_t* dispatch_state,
    uint32_t processor_id, iree_byte_span_t local_memory);

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_LOCAL_EXECUTABLE_H_
