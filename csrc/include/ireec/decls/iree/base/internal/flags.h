// Declarations of IREE's iree/base/internal/flags.h: the runtime's command-line
// flag parser. ireec's tools hand it --dump_task_topologies so IREE itself
// prints the topology its --task_* flags define.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_INTERNAL_FLAGS_H_
#define IREEC_DECLS_IREE_BASE_INTERNAL_FLAGS_H_

#include <stdint.h>

#include "ireec/decls/iree/base/string_view.h"

enum iree_flags_parse_mode_bits_t {
  IREE_FLAGS_PARSE_MODE_DEFAULT = 0,
  IREE_FLAGS_PARSE_MODE_UNDEFINED_OK = 1,
  IREE_FLAGS_PARSE_MODE_CONTINUE_AFTER_HELP = 2,
};

typedef uint32_t iree_flags_parse_mode_t;

iree_status_t iree_flags_parse(
    iree_flags_parse_mode_t mode,
    int* argc,
    char*** argv);

#endif  // IREEC_DECLS_IREE_BASE_INTERNAL_FLAGS_H_
