// Status construction, inspection and propagation macros.
//
// An iree_status_t is a pointer whose low bits hold the status code; OK is
// the null pointer and any other value may own heap storage (message, source
// location, annotations) that must be consumed exactly once, by returning it,
// iree_status_ignore, iree_status_free or iree_status_consume_code.
//
// The runtime we bind is built with IREE_STATUS_MODE 2 (source locations and
// annotations), so iree_make_status records __FILE__/__LINE__ and the
// propagation macros attach their optional messages.
#ifndef IREE_BASE_STATUS_H_
#define IREE_BASE_STATUS_H_

#include <stdint.h>

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/status.h"
#include "ireec/decls_end.h"

#include "iree/base/attributes.h"
#include "iree/base/config.h"
#include "iree/base/string_view.h"

#define IREE_STATUS_FEATURE_SOURCE_LOCATION (1 << 0)
#define IREE_STATUS_FEATURE_ANNOTATIONS (1 << 1)
#define IREE_STATUS_FEATURE_STACK_TRACE (1 << 2)
#define IREE_STATUS_FEATURES \
  (IREE_STATUS_FEATURE_SOURCE_LOCATION | IREE_STATUS_FEATURE_ANNOTATIONS)

#define iree_status_from_code(code)                            \
  ((iree_status_t)((uintptr_t)((iree_status_code_t)(code)) & \
                   (uintptr_t)IREE_STATUS_CODE_MASK))
#define iree_status_code(value) \
  ((iree_status_code_t)(((uintptr_t)(value)) & (uintptr_t)IREE_STATUS_CODE_MASK))

#define iree_ok_status() iree_status_from_code(IREE_STATUS_OK)

#define iree_status_is_ok(value) \
  IREE_LIKELY((uintptr_t)(value) == (uintptr_t)IREE_STATUS_OK)
#define iree_status_is_cancelled(value) \
  (iree_status_code(value) == IREE_STATUS_CANCELLED)
#define iree_status_is_unknown(value) \
  (iree_status_code(value) == IREE_STATUS_UNKNOWN)
#define iree_status_is_invalid_argument(value) \
  (iree_status_code(value) == IREE_STATUS_INVALID_ARGUMENT)
#define iree_status_is_deadline_exceeded(value) \
  (iree_status_code(value) == IREE_STATUS_DEADLINE_EXCEEDED)
#define iree_status_is_not_found(value) \
  (iree_status_code(value) == IREE_STATUS_NOT_FOUND)
#define iree_status_is_already_exists(value) \
  (iree_status_code(value) == IREE_STATUS_ALREADY_EXISTS)
#define iree_status_is_permission_denied(value) \
  (iree_status_code(value) == IREE_STATUS_PERMISSION_DENIED)
#define iree_status_is_resource_exhausted(value) \
  (iree_status_code(value) == IREE_STATUS_RESOURCE_EXHAUSTED)
#define iree_status_is_failed_precondition(value) \
  (iree_status_code(value) == IREE_STATUS_FAILED_PRECONDITION)
#define iree_status_is_aborted(value) \
  (iree_status_code(value) == IREE_STATUS_ABORTED)
#define iree_status_is_out_of_range(value) \
  (iree_status_code(value) == IREE_STATUS_OUT_OF_RANGE)
#define iree_status_is_unimplemented(value) \
  (iree_status_code(value) == IREE_STATUS_UNIMPLEMENTED)
#define iree_status_is_internal(value) \
  (iree_status_code(value) == IREE_STATUS_INTERNAL)
#define iree_status_is_unavailable(value) \
  (iree_status_code(value) == IREE_STATUS_UNAVAILABLE)
#define iree_status_is_data_loss(value) \
  (iree_status_code(value) == IREE_STATUS_DATA_LOSS)
#define iree_status_is_unauthenticated(value) \
  (iree_status_code(value) == IREE_STATUS_UNAUTHENTICATED)
#define iree_status_is_deferred(value) \
  (iree_status_code(value) == IREE_STATUS_DEFERRED)
#define iree_status_is_incompatible(value) \
  (iree_status_code(value) == IREE_STATUS_INCOMPATIBLE)

//===----------------------------------------------------------------------===//
// Argument-count dispatch
//===----------------------------------------------------------------------===//
// The public macros take an optional trailing message that is either a plain
// string (stored as-is, so a stray '%' is harmless) or a printf format with
// arguments. IREEC_STATUS_ARITY_ maps the argument list to the suffix 1, 2 or
// N (three or more) and the matching _1/_2/_N form is pasted together.

#define IREEC_STATUS_CAT_INNER_(a, b) a##b
#define IREEC_STATUS_CAT_(a, b) IREEC_STATUS_CAT_INNER_(a, b)

#define IREEC_STATUS_ARITY_PICK_(                                              \
    a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16,     \
    a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, \
    a32, a33, a34, a35, a36, a37, a38, a39, a40, suffix, ...)                  \
  suffix
#define IREEC_STATUS_ARITY_(...)                                               \
  IREEC_STATUS_ARITY_PICK_(__VA_ARGS__, N, N, N, N, N, N, N, N, N, N, N, N, N, \
                           N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N,  \
                           N, N, N, N, N, N, N, N, 2, 1, unused)

// Splices a fresh identifier so nested uses never shadow each other or a
// caller's variable mentioned inside the expression.
#define IREEC_STATUS_TEMP_() IREEC_STATUS_CAT_(ireec_status_tmp_, __COUNTER__)

//===----------------------------------------------------------------------===//
// iree_make_status
//===----------------------------------------------------------------------===//

#define IREEC_STATUS_MAKE_1(file, line, code)                         \
  iree_status_allocate((iree_status_code_t)(code), (file), (line), \
                       iree_string_view_empty())
#define IREEC_STATUS_MAKE_2(file, line, code, message)                \
  iree_status_allocate((iree_status_code_t)(code), (file), (line), \
                       iree_make_cstring_view(message))
#define IREEC_STATUS_MAKE_N(file, line, code, ...) \
  iree_status_allocate_f((iree_status_code_t)(code), (file), (line), __VA_ARGS__)
#define IREEC_STATUS_MAKE_(file, line, ...)                             \
  IREEC_STATUS_CAT_(IREEC_STATUS_MAKE_, IREEC_STATUS_ARITY_(__VA_ARGS__)) \
  (file, line, __VA_ARGS__)

// iree_make_status(code)
// iree_make_status(code, "message")
// iree_make_status(code, "format %d", value, ...)
#define iree_make_status(...) IREEC_STATUS_MAKE_(__FILE__, __LINE__, __VA_ARGS__)

// As iree_make_status with an explicit source location.
#define iree_make_status_with_location(file, line, ...) \
  IREEC_STATUS_MAKE_(file, line, __VA_ARGS__)

//===----------------------------------------------------------------------===//
// Propagation
//===----------------------------------------------------------------------===//

// The value returned for a failed |status| given the optional message forms.
#define IREEC_STATUS_WITH_MESSAGE_1(status, expr) (status)
#define IREEC_STATUS_WITH_MESSAGE_2(status, expr, message) \
  iree_status_annotate((status), iree_make_cstring_view(message))
#define IREEC_STATUS_WITH_MESSAGE_N(status, expr, ...) \
  iree_status_annotate_f((status), __VA_ARGS__)
#define IREEC_STATUS_WITH_MESSAGE_(status, ...)                     \
  IREEC_STATUS_CAT_(IREEC_STATUS_WITH_MESSAGE_,                     \
                    IREEC_STATUS_ARITY_(__VA_ARGS__))(status, __VA_ARGS__)

#define IREEC_STATUS_FIRST_(first, ...) first

#define IREEC_STATUS_RETURN_IF_ERROR_(tail_expr, var, ...)      \
  do {                                                          \
    iree_status_t var = (IREEC_STATUS_FIRST_(__VA_ARGS__, 0));  \
    if (IREE_UNLIKELY(var)) {                                   \
      tail_expr;                                                \
      return IREEC_STATUS_WITH_MESSAGE_(var, __VA_ARGS__);      \
    }                                                           \
  } while (0)

// Returns from the calling function with the status of |expr| if it failed,
// first annotating it with the message when one is given:
//   IREE_RETURN_IF_ERROR(f());
//   IREE_RETURN_IF_ERROR(f(), "while loading");
//   IREE_RETURN_IF_ERROR(f(), "while loading %s", name);
#define IREE_RETURN_IF_ERROR(...) \
  IREEC_STATUS_RETURN_IF_ERROR_((void)0, IREEC_STATUS_TEMP_(), __VA_ARGS__)

// IREE_RETURN_IF_ERROR that also evaluates |tail_expr| (typically a cleanup)
// before returning the failure.
#define IREE_RETURN_AND_EVAL_IF_ERROR(tail_expr, ...) \
  IREEC_STATUS_RETURN_IF_ERROR_((void)(tail_expr), IREEC_STATUS_TEMP_(), \
                                __VA_ARGS__)

#define IREEC_STATUS_IGNORE_ERROR_(var, expr) \
  do {                                        \
    iree_status_t var = (expr);               \
    if (IREE_UNLIKELY(var)) {                 \
      (void)iree_status_ignore(var);          \
    }                                         \
  } while (0)

// Evaluates |expr| and releases whatever status it produced.
#define IREE_IGNORE_ERROR(expr) \
  IREEC_STATUS_IGNORE_ERROR_(IREEC_STATUS_TEMP_(), expr)

#define IREEC_STATUS_CHECK_OK_(var, expr) \
  do {                                    \
    iree_status_t var = (expr);           \
    if (IREE_UNLIKELY(var)) {             \
      iree_status_abort(var);             \
    }                                     \
  } while (0)

// Aborts the process (printing the status) if |expr| fails. Any trailing
// arguments are accepted for compatibility and ignored, as IREE does.
#define IREE_CHECK_OK(...) \
  IREEC_STATUS_CHECK_OK_(IREEC_STATUS_TEMP_(), IREEC_STATUS_FIRST_(__VA_ARGS__, 0))

// The C++ half: iree::Status, iree::StatusOr<T> and their helpers.
#ifdef __cplusplus
#include "iree/base/status_cc.h"
#endif

#endif  // IREE_BASE_STATUS_H_
