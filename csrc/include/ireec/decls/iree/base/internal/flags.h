// Declarations of IREE's iree/base/internal/flags.h: the runtime's command-line
// flag parser and its registry of flags. ireec's tools hand it
// --dump_task_topologies so IREE itself prints the topology its --task_* flags
// define; C and C++ programs parse their command lines through it as IREE's
// tools and test mains do.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_INTERNAL_FLAGS_H_
#define IREEC_DECLS_IREE_BASE_INTERNAL_FLAGS_H_

#include <stdint.h>
#include <stdio.h>

#include "ireec/decls/iree/base/string_view.h"

// What a registered flag's storage holds; `callback` flags parse and print
// themselves.
typedef enum iree_flag_type_e {
  IREE_FLAG_TYPE_none = 0,
  IREE_FLAG_TYPE_callback = 1,
  IREE_FLAG_TYPE_bool = 2,
  IREE_FLAG_TYPE_int32_t = 3,
  IREE_FLAG_TYPE_int64_t = 4,
  IREE_FLAG_TYPE_float = 5,
  IREE_FLAG_TYPE_double = 6,
  IREE_FLAG_TYPE_string = 7,
} iree_flag_type_t;

// Parses |value| (the text after `--flag_name=`) into |storage|.
typedef iree_status_t (*iree_flag_parse_callback_fn_t)(
    iree_string_view_t flag_name, void* storage, iree_string_view_t value);
// Prints the flag's value(s) as `--flag_name=...` lines to |file|.
typedef void (*iree_flag_print_callback_fn_t)(
    iree_string_view_t flag_name, void* storage, FILE* file);

// Adds a flag to the process-wide registry (what IREE_FLAG and
// IREE_FLAG_CALLBACK do from static initializers). Returns 0.
int iree_flag_register(
    const char* file,
    int line,
    iree_flag_type_t type,
    void* storage,
    iree_flag_parse_callback_fn_t parse_callback,
    iree_flag_print_callback_fn_t print_callback,
    iree_string_view_t name,
    iree_string_view_t description);

// The parse and print callbacks of IREE's string-list flags (IREE_FLAG_LIST).
iree_status_t iree_flag_string_list_parse(
    iree_string_view_t flag_name,
    void* storage,
    iree_string_view_t value);
void iree_flag_string_list_print(
    iree_string_view_t flag_name,
    void* storage,
    FILE* file);

enum iree_flags_parse_mode_bits_t {
  IREE_FLAGS_PARSE_MODE_DEFAULT = 0,
  // Leave flags no one registered in argv instead of failing.
  IREE_FLAGS_PARSE_MODE_UNDEFINED_OK = 1,
  // On --help print the flags and go on (leaving --help for the next parser)
  // instead of exiting.
  IREE_FLAGS_PARSE_MODE_CONTINUE_AFTER_HELP = 2,
};

typedef uint32_t iree_flags_parse_mode_t;

// The usage text --help prints before the flags.
void iree_flags_set_usage(
    const char* program_name,
    const char* usage);

// Parses and removes the registered flags from argc/argv.
iree_status_t iree_flags_parse(
    iree_flags_parse_mode_t mode,
    int* argc,
    char*** argv);

// iree_flags_parse, exiting the process with the failure printed when it
// fails (and after --help, unless CONTINUE_AFTER_HELP).
void iree_flags_parse_checked(
    iree_flags_parse_mode_t mode,
    int* argc,
    char*** argv);

enum iree_flag_dump_mode_bits_t {
  IREE_FLAG_DUMP_MODE_DEFAULT = 0,
  // With each flag's description and where it is defined.
  IREE_FLAG_DUMP_MODE_VERBOSE = 1,
};

typedef uint32_t iree_flag_dump_mode_t;

// Prints every registered flag with its current value to |file|.
void iree_flags_dump(
    iree_flag_dump_mode_t mode,
    FILE* file);

#endif  // IREEC_DECLS_IREE_BASE_INTERNAL_FLAGS_H_
