// Declarations of IREE's iree/base/internal/threading.h: thread affinities.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_INTERNAL_THREADING_H_
#define IREEC_DECLS_IREE_BASE_INTERNAL_THREADING_H_

#include <stdint.h>

typedef struct iree_thread_affinity_t iree_thread_affinity_t;

struct iree_thread_affinity_t {
  uint32_t group_any : 1;
  uint32_t group : 8;
  uint32_t reserved : 23;
  uint32_t id_assigned : 1;
  uint32_t id : 30;
  uint32_t smt : 1;
};

#endif  // IREEC_DECLS_IREE_BASE_INTERNAL_THREADING_H_
