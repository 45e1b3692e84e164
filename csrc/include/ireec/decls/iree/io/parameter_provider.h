// Declarations of IREE's iree/io/parameter_provider.h: parameter providers:
// what serves a scope's parameters to devices.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_IO_PARAMETER_PROVIDER_H_
#define IREEC_DECLS_IREE_IO_PARAMETER_PROVIDER_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/internal/atomics.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/queue.h"
#include "ireec/decls/iree/hal/semaphore.h"

typedef enum iree_io_parameter_provider_signal_e {
  IREE_IO_PARAMETER_PROVIDER_SIGNAL_RESUME = 0,
  IREE_IO_PARAMETER_PROVIDER_SIGNAL_SUSPEND = 1,
  IREE_IO_PARAMETER_PROVIDER_SIGNAL_LOW_MEMORY = 2,
} iree_io_parameter_provider_signal_t;

typedef struct iree_io_parameter_span_t {
  uint64_t parameter_offset;
  iree_device_size_t buffer_offset;
  iree_device_size_t length;
} iree_io_parameter_span_t;

typedef iree_status_t (*iree_io_parameter_enumerator_fn_t)(
    void* user_data, iree_host_size_t i, iree_string_view_t* out_key,
    iree_io_parameter_span_t* out_span);

typedef struct iree_io_parameter_enumerator_t {
  iree_io_parameter_enumerator_fn_t fn;
  void* user_data;
} iree_io_parameter_enumerator_t;

typedef iree_status_t (*iree_io_parameter_emitter_fn_t)(
    void* user_data, iree_host_size_t i, iree_hal_buffer_t* buffer);

typedef struct iree_io_parameter_emitter_t {
  iree_io_parameter_emitter_fn_t fn;
  void* user_data;
} iree_io_parameter_emitter_t;

typedef struct iree_io_parameter_provider_vtable_t iree_io_parameter_provider_vtable_t;

typedef struct iree_io_parameter_provider_t {
  iree_atomic_ref_count_t ref_count;
  const iree_io_parameter_provider_vtable_t* vtable;
} iree_io_parameter_provider_t;

void iree_io_parameter_provider_retain(iree_io_parameter_provider_t* provider);
void iree_io_parameter_provider_release(iree_io_parameter_provider_t* provider);
iree_status_t iree_io_parameter_provider_notify(
    iree_io_parameter_provider_t* provider,
    iree_io_parameter_provider_signal_t signal);
bool iree_io_parameter_provider_query_support(
    iree_io_parameter_provider_t* provider,
    iree_string_view_t scope);
iree_status_t iree_io_parameter_provider_load(
    iree_io_parameter_provider_t* provider,
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_string_view_t source_scope,
    iree_hal_buffer_params_t target_params,
    iree_host_size_t count,
    iree_io_parameter_enumerator_t enumerator,
    iree_io_parameter_emitter_t emitter);
iree_status_t iree_io_parameter_provider_read(
    iree_io_parameter_provider_t* provider,
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_string_view_t source_scope,
    iree_string_view_t source_key,
    uint64_t source_offset,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t length);
iree_status_t iree_io_parameter_provider_write(
    iree_io_parameter_provider_t* provider,
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer,
    iree_device_size_t source_offset,
    iree_string_view_t target_scope,
    iree_string_view_t target_key,
    uint64_t target_offset,
    iree_device_size_t length);
iree_status_t iree_io_parameter_provider_gather(
    iree_io_parameter_provider_t* provider,
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_string_view_t source_scope,
    iree_hal_buffer_t* target_buffer,
    iree_host_size_t count,
    iree_io_parameter_enumerator_t enumerator);
iree_status_t iree_io_parameter_provider_scatter(
    iree_io_parameter_provider_t* provider,
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer,
    iree_string_view_t target_scope,
    iree_host_size_t count,
    iree_io_parameter_enumerator_t enumerator);

// What a provider written in C implements (field for field IREE's).
struct iree_io_parameter_provider_vtable_t {
  void (*destroy)(iree_io_parameter_provider_t* restrict provider);
  iree_status_t (*notify)(iree_io_parameter_provider_t* provider,
                          iree_io_parameter_provider_signal_t signal);
  bool (*query_support)(iree_io_parameter_provider_t* provider,
                        iree_string_view_t scope);
  iree_status_t (*load)(
      iree_io_parameter_provider_t* provider, iree_hal_device_t* device,
      iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_string_view_t source_scope, iree_hal_buffer_params_t target_params,
      iree_host_size_t count, iree_io_parameter_enumerator_t enumerator,
      iree_io_parameter_emitter_t emitter);
  iree_status_t (*gather)(
      iree_io_parameter_provider_t* provider, iree_hal_device_t* device,
      iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_string_view_t source_scope, iree_hal_buffer_t* target_buffer,
      iree_host_size_t count, iree_io_parameter_enumerator_t enumerator);
  iree_status_t (*scatter)(
      iree_io_parameter_provider_t* provider, iree_hal_device_t* device,
      iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_buffer_t* source_buffer, iree_string_view_t target_scope,
      iree_host_size_t count, iree_io_parameter_enumerator_t enumerator);
};

#endif  // IREEC_DECLS_IREE_IO_PARAMETER_PROVIDER_H_
