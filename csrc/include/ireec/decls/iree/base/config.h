// Declarations of IREE's iree/base/config.h: the host and device size types and
// the build configuration values the declarations use.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_CONFIG_H_
#define IREEC_DECLS_IREE_BASE_CONFIG_H_

#include <stddef.h>
#include <stdint.h>

typedef size_t iree_host_size_t;

#define IREE_HOST_SIZE_MAX 0xffffffffffffffffull

typedef uint64_t iree_device_size_t;

#define IREE_DEVICE_SIZE_MAX 0xffffffffffffffffull
#define IREE_STATUS_MODE 2
#define IREE_MAX_PATH 2047
#define IREE_HAL_HEAP_BUFFER_ALIGNMENT 64

#endif  // IREEC_DECLS_IREE_BASE_CONFIG_H_
