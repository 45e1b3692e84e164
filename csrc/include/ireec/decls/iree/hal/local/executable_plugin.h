// Declarations of IREE's iree/hal/local/executable_plugin.h: the executable
// plugin ABI (the parts the plugin manager passes on).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_H_

#include <stdint.h>

typedef uint32_t iree_hal_executable_plugin_features_t;

typedef struct iree_hal_executable_plugin_header_t
    iree_hal_executable_plugin_header_t;

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_PLUGIN_H_
