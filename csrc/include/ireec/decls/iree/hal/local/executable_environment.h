// Declarations of IREE's iree/hal/local/executable_environment.h: the
// environment a CPU executable library runs with.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_ENVIRONMENT_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_ENVIRONMENT_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/hal/local/executable_library.h"

// Fills |out_environment| with the host's processor information (no imports).
void iree_hal_executable_environment_initialize(
    iree_allocator_t temp_allocator,
    iree_hal_executable_environment_v0_t* out_environment);

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_ENVIRONMENT_H_
