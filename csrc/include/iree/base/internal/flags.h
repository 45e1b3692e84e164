// The runtime's command-line flag parser, and IREE's macros that define flags
// in it: `IREE_FLAG(int32_t, my_count, 4, "How many.")` defines FLAG_my_count
// and registers `--my_count` from a static initializer; IREE_FLAG_CALLBACK
// registers a flag that parses and prints itself. iree_flags_parse (or
// iree_flags_parse_checked, as IREE's tools and test mains call it) then sets
// them from argv.
#ifndef IREE_BASE_INTERNAL_FLAGS_H_
#define IREE_BASE_INTERNAL_FLAGS_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/internal/flags.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

// Flags are parsed from command lines (the runtime is built with them).
#define IREE_FLAGS_ENABLE_CLI 1

// Runs the function body that follows before main (a constructor in C, a
// static object's construction in C++).
#ifdef __cplusplus
#define IREE_STATIC_INITIALIZER(f) \
  static void f(void);             \
  struct f##_runner_t_ {           \
    f##_runner_t_() { f(); }       \
  };                               \
  static f##_runner_t_ f##_runner_; \
  static void f(void)
#else
#define IREE_STATIC_INITIALIZER(f)                  \
  static void f(void) __attribute__((constructor)); \
  static void f(void)
#endif  // __cplusplus

// The C type of each IREE_FLAG type name.
#define IREE_FLAG_CTYPE_bool bool
#define IREE_FLAG_CTYPE_int32_t int32_t
#define IREE_FLAG_CTYPE_int64_t int64_t
#define IREE_FLAG_CTYPE_float float
#define IREE_FLAG_CTYPE_double double
#define IREE_FLAG_CTYPE_string const char*

// Defines `static <type> FLAG_<name> = default_value;` and registers it as
// --<name>. |type| is one of bool, int32_t, int64_t, float, double, string.
#define IREE_FLAG(type, name, default_value, description)                      \
  static IREE_FLAG_CTYPE_##type FLAG_##name = (default_value);                 \
  IREE_STATIC_INITIALIZER(iree_flag_register_##name) {                         \
    iree_flag_register(__FILE__, __LINE__, IREE_FLAG_TYPE_##type,              \
                       (void*)&(FLAG_##name), /*parse_callback=*/NULL,         \
                       /*print_callback=*/NULL, iree_make_cstring_view(#name), \
                       iree_make_cstring_view(description));                   \
  }

// Registers --<name>, parsed by |parse_callback| and printed by
// |print_callback| (iree_flag_parse_callback_fn_t, iree_flag_print_callback_fn_t),
// both handed |storage|.
#define IREE_FLAG_CALLBACK(parse_callback, print_callback, storage, name, \
                           description)                                   \
  IREE_STATIC_INITIALIZER(iree_flag_register_##name) {                    \
    iree_flag_register(__FILE__, __LINE__, IREE_FLAG_TYPE_callback,       \
                       (void*)(storage), (parse_callback),                \
                       (print_callback), iree_make_cstring_view(#name),   \
                       iree_make_cstring_view(description));              \
  }

#endif  // IREE_BASE_INTERNAL_FLAGS_H_
