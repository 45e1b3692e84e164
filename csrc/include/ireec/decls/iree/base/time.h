// Declarations of IREE's iree/base/time.h: time points, durations and timeouts.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_TIME_H_
#define IREEC_DECLS_IREE_BASE_TIME_H_

#include <stdbool.h>
#include <stdint.h>

typedef int64_t iree_time_t;

#define IREE_TIME_INFINITE_PAST (-9223372036854775807 - 1)
#define IREE_TIME_INFINITE_FUTURE 0x7fffffffffffffffll

typedef int64_t iree_duration_t;

#define IREE_DURATION_ZERO 0
#define IREE_DURATION_INFINITE 0x7fffffffffffffffll

iree_time_t iree_time_now(void);
iree_time_t iree_relative_timeout_to_deadline_ns(iree_duration_t timeout_ns);
iree_duration_t iree_absolute_deadline_to_timeout_ns(iree_time_t deadline_ns);
uint32_t iree_absolute_deadline_to_timeout_ms(iree_time_t deadline_ns);

typedef enum iree_timeout_type_e {
  IREE_TIMEOUT_ABSOLUTE = 0,
  IREE_TIMEOUT_RELATIVE = 1,
} iree_timeout_type_t;

typedef struct iree_timeout_t iree_timeout_t;

struct iree_timeout_t {
  iree_timeout_type_t type;
  iree_time_t nanos;
};

iree_timeout_t iree_immediate_timeout(void);
bool iree_timeout_is_immediate(iree_timeout_t timeout);
iree_timeout_t iree_infinite_timeout(void);
bool iree_timeout_is_infinite(iree_timeout_t timeout);
iree_timeout_t iree_make_deadline(iree_time_t deadline_ns);
iree_timeout_t iree_make_timeout_ns(iree_duration_t timeout_ns);
iree_timeout_t iree_make_timeout_ms(iree_duration_t timeout_ms);
void iree_convert_timeout_to_absolute(iree_timeout_t* timeout);
iree_time_t iree_timeout_as_deadline_ns(iree_timeout_t timeout);
iree_timeout_t iree_timeout_min(iree_timeout_t lhs, iree_timeout_t rhs);
bool iree_wait_until(iree_time_t deadline_ns);

#endif  // IREEC_DECLS_IREE_BASE_TIME_H_
