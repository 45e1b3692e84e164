// Declarations of IREE's iree/hal/semaphore.h: HAL semaphores: timeline values
// devices and hosts signal and wait on.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_SEMAPHORE_H_
#define IREEC_DECLS_IREE_HAL_SEMAPHORE_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/bitfield.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"
#include "ireec/decls/iree/base/wait_source.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/queue.h"

enum iree_hal_semaphore_flag_bits_t {
  IREE_HAL_SEMAPHORE_FLAG_NONE = 0x0,
  IREE_HAL_SEMAPHORE_FLAG_DEVICE_LOCAL = 0x1,
  IREE_HAL_SEMAPHORE_FLAG_HOST_INTERRUPT = 0x4,
  IREE_HAL_SEMAPHORE_FLAG_EXPORTABLE = 0x8,
  IREE_HAL_SEMAPHORE_FLAG_EXPORTABLE_TIMEPOINTS = 0x8,
  IREE_HAL_SEMAPHORE_FLAG_DEFAULT = 0xc,
};

typedef uint64_t iree_hal_semaphore_flags_t;

enum iree_hal_wait_flag_bits_e {
  IREE_HAL_WAIT_FLAG_DEFAULT = 0x0,
  IREE_HAL_WAIT_FLAG_ACTIVE = 0x1,
};

typedef uint64_t iree_hal_wait_flags_t;

#define IREE_HAL_SEMAPHORE_MAX_VALUE 2147483646
#define IREE_HAL_SEMAPHORE_FAILURE_VALUE 2147483647
#define IREE_HAL_SEMAPHORE_FAILURE_VALUE_STATUS_BIT 0x8000000000000000ull

typedef uint32_t iree_hal_semaphore_compatibility_t;

enum iree_hal_semaphore_compatibility_bits_t {
  IREE_HAL_SEMAPHORE_COMPATIBILITY_NONE = 0x0,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_WAIT = 0x1,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_WAIT = 0x2,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_SIGNAL = 0x4,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_ONLY = 0x5,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_SIGNAL = 0x8,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_ONLY = 0xa,
  IREE_HAL_SEMAPHORE_COMPATIBILITY_ALL = 0xf,
};

iree_status_t iree_hal_semaphore_compatibility_parse(
    iree_string_view_t value,
    iree_hal_semaphore_compatibility_t* out_value);
iree_string_view_t iree_hal_semaphore_compatibility_format(
    iree_hal_semaphore_compatibility_t value,
    iree_bitfield_string_temp_t* out_temp);

typedef enum iree_hal_external_timepoint_type_e {
  IREE_HAL_EXTERNAL_TIMEPOINT_TYPE_NONE = 0,
  IREE_HAL_EXTERNAL_TIMEPOINT_TYPE_WAIT_PRIMITIVE = 1,
  IREE_HAL_EXTERNAL_TIMEPOINT_TYPE_CUDA_EVENT = 2,
  IREE_HAL_EXTERNAL_TIMEPOINT_TYPE_HIP_EVENT = 3,
} iree_hal_external_timepoint_type_t;

enum iree_hal_external_timepoint_flag_bits_t {
  IREE_HAL_EXTERNAL_TIMEPOINT_FLAG_NONE = 0x0,
};

typedef uint32_t iree_hal_external_timepoint_flags_t;

typedef struct iree_hal_external_timepoint_t iree_hal_external_timepoint_t;

struct iree_hal_external_timepoint_t {
  iree_hal_external_timepoint_type_t type;
  iree_hal_external_timepoint_flags_t flags;
  iree_hal_semaphore_compatibility_t compatibility;
  union {
    iree_wait_primitive_t wait_primitive;
    void* cuda_event;
    void* hip_event;
  } handle;
};

typedef struct iree_hal_semaphore_t iree_hal_semaphore_t;

iree_status_t iree_hal_semaphore_create(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    uint64_t initial_value,
    iree_hal_semaphore_flags_t flags,
    iree_hal_semaphore_t**out_semaphore);
void iree_hal_semaphore_retain(iree_hal_semaphore_t* semaphore);
void iree_hal_semaphore_release(iree_hal_semaphore_t* semaphore);
iree_status_t iree_hal_semaphore_query(
    iree_hal_semaphore_t* semaphore,
    uint64_t* out_value);
iree_status_t iree_hal_semaphore_signal(
    iree_hal_semaphore_t* semaphore,
    uint64_t new_value);
void iree_hal_semaphore_fail(
    iree_hal_semaphore_t* semaphore,
    iree_status_t status);
iree_status_t iree_hal_semaphore_wait(
    iree_hal_semaphore_t* semaphore,
    uint64_t value,
    iree_timeout_t timeout,
    iree_hal_wait_flags_t flags);
iree_wait_source_t iree_hal_semaphore_await(
    iree_hal_semaphore_t* semaphore,
    uint64_t value);
iree_status_t iree_hal_semaphore_import_timepoint(
    iree_hal_semaphore_t* semaphore,
    uint64_t value,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_external_timepoint_t external_timepoint);
iree_status_t iree_hal_semaphore_export_timepoint(
    iree_hal_semaphore_t* semaphore,
    uint64_t value,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_external_timepoint_type_t requested_type,
    iree_hal_external_timepoint_flags_t requested_flags,
    iree_hal_external_timepoint_t* restrict out_external_timepoint);

typedef struct iree_hal_semaphore_list_t iree_hal_semaphore_list_t;

struct iree_hal_semaphore_list_t {
  iree_host_size_t count;
  iree_hal_semaphore_t**semaphores;
  uint64_t* payload_values;
};

iree_hal_semaphore_list_t iree_hal_semaphore_list_empty(void);
bool iree_hal_semaphore_list_is_empty(iree_hal_semaphore_list_t semaphore_list);
void iree_hal_semaphore_list_retain(iree_hal_semaphore_list_t semaphore_list);
void iree_hal_semaphore_list_release(iree_hal_semaphore_list_t semaphore_list);
bool iree_hal_semaphore_list_poll(iree_hal_semaphore_list_t semaphore_list);
iree_status_t iree_hal_semaphore_list_signal(
    iree_hal_semaphore_list_t semaphore_list);
void iree_hal_semaphore_list_fail(
    iree_hal_semaphore_list_t semaphore_list,
    iree_status_t signal_status);
iree_status_t iree_hal_semaphore_list_wait(
    iree_hal_semaphore_list_t semaphore_list,
    iree_timeout_t timeout,
    iree_hal_wait_flags_t flags);

typedef struct iree_hal_semaphore_vtable_t iree_hal_semaphore_vtable_t;

struct iree_hal_semaphore_vtable_t {
  void (*destroy)(iree_hal_semaphore_t* semaphore);
  iree_status_t (*query)(iree_hal_semaphore_t* semaphore, uint64_t* out_value);
  iree_status_t (*signal)(iree_hal_semaphore_t* semaphore, uint64_t new_value);
  void (*fail)(iree_hal_semaphore_t* semaphore, iree_status_t status);
  iree_status_t (*wait)(iree_hal_semaphore_t* semaphore, uint64_t value,
                        iree_timeout_t timeout, iree_hal_wait_flags_t flags);
  iree_status_t (*import_timepoint)(
      iree_hal_semaphore_t* semaphore, uint64_t value,
      iree_hal_queue_affinity_t queue_affinity,
      iree_hal_external_timepoint_t external_timepoint);
  iree_status_t (*export_timepoint)(
      iree_hal_semaphore_t* semaphore, uint64_t value,
      iree_hal_queue_affinity_t queue_affinity,
      iree_hal_external_timepoint_type_t requested_type,
      iree_hal_external_timepoint_flags_t requested_flags,
      iree_hal_external_timepoint_t* restrict out_external_timepoint);
};

void iree_hal_semaphore_list_erase(
    iree_hal_semaphore_list_t* semaphore_list,
    iree_host_size_t i);

// Destroys the semaphore: what its release does when the last reference
// goes. For implementations; everything else releases.
void iree_hal_semaphore_destroy(iree_hal_semaphore_t* semaphore);

#endif  // IREEC_DECLS_IREE_HAL_SEMAPHORE_H_
