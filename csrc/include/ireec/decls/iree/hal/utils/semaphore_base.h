// Declarations of IREE's iree/hal/utils/semaphore_base.h: the base of semaphore
// implementations: timepoints and their notification.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_SEMAPHORE_BASE_H_
#define IREEC_DECLS_IREE_HAL_UTILS_SEMAPHORE_BASE_H_

#include <stdint.h>

#include "ireec/decls/iree/base/internal/synchronization.h"
#include "ireec/decls/iree/base/status.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"
#include "ireec/decls/iree/hal/resource.h"
#include "ireec/decls/iree/hal/semaphore.h"

typedef iree_status_t (*iree_hal_semaphore_callback_fn_t)(
    void* user_data, iree_hal_semaphore_t* semaphore, uint64_t value,
    iree_status_code_t status_code);

typedef struct iree_hal_semaphore_callback_t iree_hal_semaphore_callback_t;

struct iree_hal_semaphore_callback_t {
  iree_hal_semaphore_callback_fn_t fn;
  void* user_data;
};

typedef struct iree_hal_semaphore_timepoint_t iree_hal_semaphore_timepoint_t;

struct iree_hal_semaphore_timepoint_t {
  struct iree_hal_semaphore_timepoint_t* next;
  struct iree_hal_semaphore_timepoint_t* prev;
  struct iree_hal_semaphore_t* semaphore;
  uint64_t minimum_value;
  iree_time_t deadline_ns;
  iree_hal_semaphore_callback_t callback;
};

typedef struct iree_hal_semaphore_timepoint_list_t iree_hal_semaphore_timepoint_list_t;

struct iree_hal_semaphore_timepoint_list_t {
  iree_hal_semaphore_timepoint_t* head;
  iree_hal_semaphore_timepoint_t* tail;
};

// Every semaphore implementation starts with this: the resource header and
// the timepoints other devices and waiters registered on it.
struct iree_hal_semaphore_t {
  iree_hal_resource_t resource;
  iree_slim_mutex_t timepoint_mutex;
  iree_hal_semaphore_timepoint_list_t timepoint_list;
};

void iree_hal_semaphore_initialize(const iree_hal_semaphore_vtable_t* vtable,
                                   iree_hal_semaphore_t* out_semaphore);
void iree_hal_semaphore_deinitialize(iree_hal_semaphore_t* semaphore);
void iree_hal_semaphore_acquire_timepoint(
    iree_hal_semaphore_t* semaphore, uint64_t minimum_value,
    iree_timeout_t timeout, iree_hal_semaphore_callback_t callback,
    iree_hal_semaphore_timepoint_t* out_timepoint);
void iree_hal_semaphore_cancel_timepoint(
    iree_hal_semaphore_t* semaphore, iree_hal_semaphore_timepoint_t* timepoint);
void iree_hal_semaphore_notify(iree_hal_semaphore_t* semaphore,
                               uint64_t new_value,
                               iree_status_code_t new_status_code);
void iree_hal_semaphore_poll(iree_hal_semaphore_t* semaphore);

#endif  // IREEC_DECLS_IREE_HAL_UTILS_SEMAPHORE_BASE_H_
