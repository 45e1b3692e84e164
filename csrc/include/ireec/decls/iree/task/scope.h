// Declarations of IREE's iree/task/scope.h: task scope flags.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_TASK_SCOPE_H_
#define IREEC_DECLS_IREE_TASK_SCOPE_H_

#include <stdint.h>

enum iree_task_scope_flag_bits_e {
  IREE_TASK_SCOPE_FLAG_NONE = 0,
  IREE_TASK_SCOPE_FLAG_ABORT_ON_FAILURE = 1,
};

typedef uint32_t iree_task_scope_flags_t;

#endif  // IREEC_DECLS_IREE_TASK_SCOPE_H_
