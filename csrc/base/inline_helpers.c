// Helpers IREE's base headers define as static inline functions.
//
// IREE compiles them into each caller, so the runtime library has no symbol
// for any of them; ireec exports them so that C programs and the cffi binding
// can call them by their IREE names with IREE's behavior.

#include <string.h>

#include "iree/base/api.h"

//===----------------------------------------------------------------------===//
// Allocators
//===----------------------------------------------------------------------===//

// The release build of the runtime has no IREE_ALLOCATOR_SYSTEM_CTL override,
// so its system allocator is the libc one with no state. Matching it exactly
// matters: memory allocated by the runtime with its own system allocator may
// be freed by callers with ours and the other way around.
IREE_API_EXPORT iree_allocator_t iree_allocator_system(void) {
  iree_allocator_t allocator = {NULL, iree_allocator_libc_ctl};
  return allocator;
}

IREE_API_EXPORT iree_allocator_t iree_allocator_null(void) {
  iree_allocator_t allocator = {NULL, NULL};
  return allocator;
}

// Only the control function decides: a stateless allocator has a NULL self.
IREE_API_EXPORT bool iree_allocator_is_null(iree_allocator_t allocator) {
  return allocator.ctl == NULL;
}

//===----------------------------------------------------------------------===//
// Byte spans
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_byte_span_t iree_make_byte_span(
    void* data, iree_host_size_t data_length) {
  iree_byte_span_t span = {(uint8_t*)data, data_length};
  return span;
}

IREE_API_EXPORT iree_const_byte_span_t iree_make_const_byte_span(
    const void* data, iree_host_size_t data_length) {
  iree_const_byte_span_t span = {(const uint8_t*)data, data_length};
  return span;
}

IREE_API_EXPORT iree_byte_span_t iree_byte_span_empty(void) {
  iree_byte_span_t span = {NULL, 0};
  return span;
}

IREE_API_EXPORT iree_const_byte_span_t iree_const_byte_span_empty(void) {
  iree_const_byte_span_t span = {NULL, 0};
  return span;
}

//===----------------------------------------------------------------------===//
// String views
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_string_view_t
iree_make_string_view(const char* str, iree_host_size_t str_length) {
  iree_string_view_t view = {str, str_length};
  return view;
}

// NULL is accepted and yields the empty view, as in IREE, so optional C
// strings can be passed straight through.
IREE_API_EXPORT iree_string_view_t iree_make_cstring_view(const char* str) {
  iree_string_view_t view = {str, str ? strlen(str) : 0};
  return view;
}

IREE_API_EXPORT iree_string_view_t iree_string_view_empty(void) {
  iree_string_view_t view = {NULL, 0};
  return view;
}

//===----------------------------------------------------------------------===//
// Timeouts
//===----------------------------------------------------------------------===//
// A timeout is either an absolute deadline or a relative duration, each with
// its own sentinels: a deadline is "immediate" in the infinite past and
// "infinite" in the infinite future, a duration is "immediate" at zero and
// "infinite" at the largest duration.

IREE_API_EXPORT iree_timeout_t iree_infinite_timeout(void) {
  iree_timeout_t timeout = {IREE_TIMEOUT_ABSOLUTE, IREE_TIME_INFINITE_FUTURE};
  return timeout;
}

IREE_API_EXPORT iree_timeout_t iree_immediate_timeout(void) {
  iree_timeout_t timeout = {IREE_TIMEOUT_ABSOLUTE, IREE_TIME_INFINITE_PAST};
  return timeout;
}

IREE_API_EXPORT iree_timeout_t iree_make_timeout_ns(iree_duration_t timeout_ns) {
  iree_timeout_t timeout = {IREE_TIMEOUT_RELATIVE, timeout_ns};
  return timeout;
}

// The infinite duration is kept as is instead of being scaled (which would
// overflow); any other value is scaled without a range check, as IREE does.
IREE_API_EXPORT iree_timeout_t iree_make_timeout_ms(iree_duration_t timeout_ms) {
  iree_timeout_t timeout = {
      IREE_TIMEOUT_RELATIVE,
      timeout_ms == IREE_DURATION_INFINITE ? IREE_DURATION_INFINITE
                                           : timeout_ms * 1000000,
  };
  return timeout;
}

IREE_API_EXPORT iree_timeout_t iree_make_deadline(iree_time_t deadline_ns) {
  iree_timeout_t timeout = {IREE_TIMEOUT_ABSOLUTE, deadline_ns};
  return timeout;
}

IREE_API_EXPORT bool iree_timeout_is_infinite(iree_timeout_t timeout) {
  if (timeout.type == IREE_TIMEOUT_ABSOLUTE) {
    return timeout.nanos == IREE_TIME_INFINITE_FUTURE;
  }
  return timeout.nanos == IREE_DURATION_INFINITE;
}

IREE_API_EXPORT bool iree_timeout_is_immediate(iree_timeout_t timeout) {
  if (timeout.type == IREE_TIMEOUT_ABSOLUTE) {
    return timeout.nanos == IREE_TIME_INFINITE_PAST;
  }
  return timeout.nanos == IREE_DURATION_ZERO;
}

// Relative timeouts are measured from now, so two calls on the same relative
// timeout give different deadlines.
IREE_API_EXPORT iree_time_t iree_timeout_as_deadline_ns(iree_timeout_t timeout) {
  if (timeout.type == IREE_TIMEOUT_ABSOLUTE) return timeout.nanos;
  return iree_relative_timeout_to_deadline_ns(timeout.nanos);
}

IREE_API_EXPORT void iree_convert_timeout_to_absolute(iree_timeout_t* timeout) {
  if (timeout->type != IREE_TIMEOUT_RELATIVE) return;
  timeout->nanos = iree_relative_timeout_to_deadline_ns(timeout->nanos);
  timeout->type = IREE_TIMEOUT_ABSOLUTE;
}

// Compared as deadlines so that a relative and an absolute timeout can be
// mixed; the result is always absolute.
IREE_API_EXPORT iree_timeout_t iree_timeout_min(iree_timeout_t lhs,
                                                iree_timeout_t rhs) {
  iree_convert_timeout_to_absolute(&lhs);
  iree_convert_timeout_to_absolute(&rhs);
  return iree_make_deadline(lhs.nanos < rhs.nanos ? lhs.nanos : rhs.nanos);
}
