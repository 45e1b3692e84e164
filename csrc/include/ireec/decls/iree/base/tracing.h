// Declarations of IREE's iree/base/tracing.h: tracing zone ids (tracing is
// compiled out of the runtime we bind).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_TRACING_H_
#define IREEC_DECLS_IREE_BASE_TRACING_H_

#include <stdint.h>

// A tracing zone id (0 where tracing is compiled out, as in this runtime).
typedef uint32_t iree_zone_id_t;

#endif  // IREEC_DECLS_IREE_BASE_TRACING_H_
