// Compiler attribute spellings IREE's API is written with.
//
// The declarations themselves live in ireec/decls/ and carry no attributes;
// these macros exist so that source written against IREE's headers (which
// uses them on its own definitions) compiles unchanged.
#ifndef IREE_BASE_ATTRIBUTES_H_
#define IREE_BASE_ATTRIBUTES_H_

#include "iree/base/target_platform.h"

#if defined(__has_attribute)
#define IREE_HAVE_ATTRIBUTE(x) __has_attribute(x)
#else
#define IREE_HAVE_ATTRIBUTE(x) 0
#endif

#if defined(__has_builtin)
#define IREE_HAVE_BUILTIN(x) __has_builtin(x)
#else
#define IREE_HAVE_BUILTIN(x) 0
#endif

// C++ callers must see C linkage on definitions that match our C declarations.
#if defined(__cplusplus)
#define IREE_API_EXPORT extern "C"
#define IREE_API_EXPORT_VARIABLE extern "C"
#else
#define IREE_API_EXPORT
#define IREE_API_EXPORT_VARIABLE extern
#endif

#define IREE_API_PTR

#if defined(__GNUC__) || defined(__clang__)
#define IREE_PRINTF_ATTRIBUTE(string_index, first_to_check) \
  __attribute__((__format__(__printf__, string_index, first_to_check)))
#define IREE_ATTRIBUTE_NORETURN __attribute__((noreturn))
#define IREE_MUST_USE_RESULT __attribute__((warn_unused_result))
#define IREE_ATTRIBUTE_ALWAYS_INLINE __attribute__((always_inline))
#define IREE_ATTRIBUTE_NOINLINE __attribute__((noinline))
#define IREE_ATTRIBUTE_HOT __attribute__((hot))
#define IREE_ATTRIBUTE_COLD __attribute__((cold))
#define IREE_ATTRIBUTE_PACKED __attribute__((__packed__))
#define IREE_ATTRIBUTE_UNUSED __attribute__((unused))
#define IREE_ATTRIBUTE_WEAK __attribute__((weak))
#define IREE_HAVE_ATTRIBUTE_WEAK 1
#define IREE_LIKELY(x) (__builtin_expect(!!(x), 1))
#define IREE_UNLIKELY(x) (__builtin_expect(!!(x), 0))
#else
#define IREE_PRINTF_ATTRIBUTE(string_index, first_to_check)
#define IREE_ATTRIBUTE_NORETURN
#define IREE_MUST_USE_RESULT
#define IREE_ATTRIBUTE_ALWAYS_INLINE
#define IREE_ATTRIBUTE_NOINLINE
#define IREE_ATTRIBUTE_HOT
#define IREE_ATTRIBUTE_COLD
#define IREE_ATTRIBUTE_PACKED
#define IREE_ATTRIBUTE_UNUSED
#define IREE_ATTRIBUTE_WEAK
#define IREE_HAVE_ATTRIBUTE_WEAK 0
#define IREE_LIKELY(x) (x)
#define IREE_UNLIKELY(x) (x)
#endif

#if defined(__cplusplus)
#define IREE_RESTRICT __restrict__
#else
#define IREE_RESTRICT restrict
#endif

#endif  // IREE_BASE_ATTRIBUTES_H_
