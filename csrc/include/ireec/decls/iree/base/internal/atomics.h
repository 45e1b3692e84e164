// Declarations of IREE's iree/base/internal/atomics.h: the atomic integer types
// (plain integers of the same layout here).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_INTERNAL_ATOMICS_H_
#define IREEC_DECLS_IREE_BASE_INTERNAL_ATOMICS_H_

#include <stdint.h>

typedef int32_t iree_atomic_int32_t;
typedef int64_t iree_atomic_int64_t;

// A module's entry points (what native modules implement and what
// iree_runtime_session_call_direct enters), and the state a VM stack uses.
typedef int32_t iree_atomic_ref_count_t;

#endif  // IREEC_DECLS_IREE_BASE_INTERNAL_ATOMICS_H_
