// Declarations of IREE's iree/base/internal/synchronization.h: the
// synchronization primitives drivers use: slim mutexes and notifications.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_INTERNAL_SYNCHRONIZATION_H_
#define IREEC_DECLS_IREE_BASE_INTERNAL_SYNCHRONIZATION_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/internal/atomics.h"
#include "ireec/decls/iree/base/time.h"

// The count iree_notification_post takes to wake every waiter.
#define IREE_ALL_WAITERS 2147483647

typedef struct iree_slim_mutex_t iree_slim_mutex_t;

struct iree_slim_mutex_t {
  iree_atomic_int32_t value;
};

void iree_slim_mutex_initialize(iree_slim_mutex_t* out_mutex);
void iree_slim_mutex_deinitialize(iree_slim_mutex_t* mutex);
void iree_slim_mutex_lock(iree_slim_mutex_t* mutex);
bool iree_slim_mutex_try_lock(iree_slim_mutex_t* mutex);
void iree_slim_mutex_unlock(iree_slim_mutex_t* mutex);

typedef struct iree_notification_t iree_notification_t;

struct iree_notification_t {
  iree_atomic_int64_t value;
};

void iree_notification_initialize(iree_notification_t* out_notification);
void iree_notification_deinitialize(iree_notification_t* notification);
void iree_notification_post(iree_notification_t* notification, int32_t count);

typedef uint32_t iree_wait_token_t;

iree_wait_token_t iree_notification_prepare_wait(
    iree_notification_t* notification);
bool iree_notification_commit_wait(iree_notification_t* notification,
                                   iree_wait_token_t wait_token,
                                   iree_duration_t spin_ns,
                                   iree_time_t deadline_ns);
void iree_notification_cancel_wait(iree_notification_t* notification);

typedef bool (*iree_condition_fn_t)(void* arg);

bool iree_notification_await(iree_notification_t* notification,
                             iree_condition_fn_t condition_fn,
                             void* condition_arg, iree_timeout_t timeout);

#endif  // IREEC_DECLS_IREE_BASE_INTERNAL_SYNCHRONIZATION_H_
