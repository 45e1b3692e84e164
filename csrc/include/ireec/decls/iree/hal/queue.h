// Declarations of IREE's iree/hal/queue.h: HAL queue affinities.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_QUEUE_H_
#define IREEC_DECLS_IREE_HAL_QUEUE_H_

#include <stdint.h>

typedef uint64_t iree_hal_queue_affinity_t;

#define IREE_HAL_QUEUE_AFFINITY_ANY 0xffffffffffffffffull
#define IREE_HAL_MAX_QUEUES 64

#endif  // IREEC_DECLS_IREE_HAL_QUEUE_H_
