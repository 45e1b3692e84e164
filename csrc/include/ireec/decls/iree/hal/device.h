// Declarations of IREE's iree/hal/device.h: HAL devices: queues, allocators and
// device queries.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_DEVICE_H_
#define IREEC_DECLS_IREE_HAL_DEVICE_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/loop.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"
#include "ireec/decls/iree/hal/allocator.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/channel.h"
#include "ireec/decls/iree/hal/channel_provider.h"
#include "ireec/decls/iree/hal/command_buffer.h"
#include "ireec/decls/iree/hal/event.h"
#include "ireec/decls/iree/hal/executable.h"
#include "ireec/decls/iree/hal/executable_cache.h"
#include "ireec/decls/iree/hal/file.h"
#include "ireec/decls/iree/hal/queue.h"
#include "ireec/decls/iree/hal/semaphore.h"
#include "ireec/decls/iree/io/file_handle.h"

typedef uint64_t iree_hal_device_id_t;

#define IREE_HAL_DEVICE_ID_DEFAULT 0

enum iree_hal_device_feature_bits_t {
  IREE_HAL_DEVICE_FEATURE_NONE = 0x0,
  IREE_HAL_DEVICE_FEATURE_SUPPORTS_DEBUGGING = 0x1,
  IREE_HAL_DEVICE_FEATURE_SUPPORTS_COVERAGE = 0x2,
  IREE_HAL_DEVICE_FEATURE_SUPPORTS_PROFILING = 0x4,
};

typedef struct iree_hal_device_info_t iree_hal_device_info_t;

struct iree_hal_device_info_t {
  iree_hal_device_id_t device_id;
  iree_string_view_t path;
  iree_string_view_t name;
};

typedef uint64_t iree_hal_device_profiling_mode_t;

enum iree_hal_device_profiling_mode_bits_t {
  IREE_HAL_DEVICE_PROFILING_MODE_NONE = 0x0,
  IREE_HAL_DEVICE_PROFILING_MODE_QUEUE_OPERATIONS = 0x1,
  IREE_HAL_DEVICE_PROFILING_MODE_DISPATCH_COUNTERS = 0x2,
  IREE_HAL_DEVICE_PROFILING_MODE_EXECUTABLE_COUNTERS = 0x4,
};

typedef struct iree_hal_device_profiling_options_t iree_hal_device_profiling_options_t;

struct iree_hal_device_profiling_options_t {
  iree_hal_device_profiling_mode_t mode;
  const char* file_path;
};

typedef uint64_t iree_hal_alloca_flags_t;

enum iree_hal_alloca_flag_bits_t {
  IREE_HAL_ALLOCA_FLAG_NONE = 0x0,
  IREE_HAL_ALLOCA_FLAG_INDETERMINATE_LIFETIME = 0x1,
};

typedef uint64_t iree_hal_dealloca_flags_t;

enum iree_hal_dealloca_flag_bits_t {
  IREE_HAL_DEALLOCA_FLAG_NONE = 0x0,
  IREE_HAL_DEALLOCA_FLAG_PREFER_ORIGIN = 0x1,
};

typedef uint64_t iree_hal_read_flags_t;

enum iree_hal_read_flag_bits_t {
  IREE_HAL_READ_FLAG_NONE = 0x0,
};

typedef uint64_t iree_hal_write_flags_t;

enum iree_hal_write_flag_bits_t {
  IREE_HAL_WRITE_FLAG_NONE = 0x0,
};

typedef uint64_t iree_hal_host_call_flags_t;

enum iree_hal_host_call_flag_bits_e {
  IREE_HAL_HOST_CALL_FLAG_NONE = 0x0,
  IREE_HAL_HOST_CALL_FLAG_NON_BLOCKING = 0x1,
  IREE_HAL_HOST_CALL_FLAG_WAIT_ACTIVE = 0x2,
  IREE_HAL_HOST_CALL_FLAG_RELAXED = 0x4,
};

typedef struct iree_hal_host_call_context_t {
  iree_hal_device_t* device;
  iree_hal_queue_affinity_t queue_affinity;
  iree_hal_semaphore_list_t signal_semaphore_list;
} iree_hal_host_call_context_t;

typedef iree_status_t (*iree_hal_host_call_fn_t)(
    void* user_data, const uint64_t args[4],
    iree_hal_host_call_context_t* context);

typedef struct iree_hal_host_call_t {
  iree_hal_host_call_fn_t fn;
  void* user_data;
} iree_hal_host_call_t;

// IREE's static inline constructor, exported by us.
iree_hal_host_call_t iree_hal_make_host_call(iree_hal_host_call_fn_t fn,
                                             void* user_data);

typedef uint64_t iree_hal_execute_flags_t;

enum iree_hal_execute_flag_bits_t {
  IREE_HAL_EXECUTE_FLAG_NONE = 0x0,
};

typedef enum iree_hal_wait_mode_e {
  IREE_HAL_WAIT_MODE_ALL = 0,
  IREE_HAL_WAIT_MODE_ANY = 1,
} iree_hal_wait_mode_t;

void iree_hal_device_retain(iree_hal_device_t* device);
void iree_hal_device_release(iree_hal_device_t* device);
iree_string_view_t iree_hal_device_id(iree_hal_device_t* device);
iree_allocator_t iree_hal_device_host_allocator(iree_hal_device_t* device);
iree_hal_allocator_t* iree_hal_device_allocator(iree_hal_device_t* device);
void iree_hal_device_replace_allocator(
    iree_hal_device_t* device,
    iree_hal_allocator_t* new_allocator);

// Swaps the provider |device| uses (retaining |new_provider|).
void iree_hal_device_replace_channel_provider(
    iree_hal_device_t* device, iree_hal_channel_provider_t* new_provider);

iree_status_t iree_hal_device_trim(iree_hal_device_t* device);
iree_status_t iree_hal_device_query_i64(
    iree_hal_device_t* device,
    iree_string_view_t category,
    iree_string_view_t key,
    int64_t* out_value);
iree_hal_semaphore_compatibility_t iree_hal_device_query_semaphore_compatibility(
    iree_hal_device_t* device,
    iree_hal_semaphore_t* semaphore);
iree_status_t iree_hal_device_queue_alloca(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_allocator_pool_t pool,
    iree_hal_buffer_params_t params,
    iree_device_size_t allocation_size,
    iree_hal_alloca_flags_t flags,
    iree_hal_buffer_t**restrict out_buffer);
iree_status_t iree_hal_device_queue_dealloca(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* buffer,
    iree_hal_dealloca_flags_t flags);
iree_status_t iree_hal_device_queue_fill(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t length,
    const void* pattern,
    iree_host_size_t pattern_length,
    iree_hal_fill_flags_t flags);
iree_status_t iree_hal_device_queue_update(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    const void* source_buffer,
    iree_host_size_t source_offset,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t length,
    iree_hal_update_flags_t flags);
iree_status_t iree_hal_device_queue_copy(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer,
    iree_device_size_t source_offset,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t length,
    iree_hal_copy_flags_t flags);
iree_status_t iree_hal_device_queue_read(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file,
    uint64_t source_offset,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t length,
    iree_hal_read_flags_t flags);
iree_status_t iree_hal_device_queue_write(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer,
    iree_device_size_t source_offset,
    iree_hal_file_t* target_file,
    uint64_t target_offset,
    iree_device_size_t length,
    iree_hal_write_flags_t flags);

// A queue operation that runs a host function, in queue order, once its waits
// are satisfied. The signal semaphores are signaled when the function returns
// OK and failed when it fails; a function that completes later returns
// DEFERRED and signals (or fails) a retained copy of the context's list
// itself. NON_BLOCKING calls signal at once and may run out of order.
iree_status_t iree_hal_device_queue_host_call(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_host_call_t call, const uint64_t args[4],
    iree_hal_host_call_flags_t flags);

// A dispatch as iree_hal_command_buffer_dispatch records it, queued directly on
// a device queue after |wait_semaphore_list| and signaling
// |signal_semaphore_list|.
iree_status_t iree_hal_device_queue_dispatch(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags);

iree_status_t iree_hal_device_queue_execute(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_execute_flags_t flags);
iree_status_t iree_hal_device_queue_barrier(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_execute_flags_t flags);
iree_status_t iree_hal_device_queue_flush(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity);
iree_status_t iree_hal_device_wait_semaphores(
    iree_hal_device_t* device,
    iree_hal_wait_mode_t wait_mode,
    const iree_hal_semaphore_list_t semaphore_list,
    iree_timeout_t timeout,
    iree_hal_wait_flags_t flags);
iree_status_t iree_hal_device_profiling_begin(
    iree_hal_device_t* device,
    const iree_hal_device_profiling_options_t* options);
iree_status_t iree_hal_device_profiling_flush(iree_hal_device_t* device);
iree_status_t iree_hal_device_profiling_end(iree_hal_device_t* device);

typedef struct iree_hal_device_list_t iree_hal_device_list_t;

struct iree_hal_device_list_t {
  iree_allocator_t host_allocator;
  iree_host_size_t capacity;
  iree_host_size_t count;
  iree_hal_device_t* devices[];
};

iree_status_t iree_hal_device_list_allocate(
    iree_host_size_t capacity,
    iree_allocator_t host_allocator,
    iree_hal_device_list_t**out_list);
void iree_hal_device_list_free(iree_hal_device_list_t* list);
iree_status_t iree_hal_device_list_push_back(
    iree_hal_device_list_t* list,
    iree_hal_device_t* device);
iree_hal_device_t* iree_hal_device_list_at(
    const iree_hal_device_list_t* list,
    iree_host_size_t i);

typedef struct iree_hal_device_vtable_t iree_hal_device_vtable_t;

struct iree_hal_device_vtable_t {
  void (*destroy)(iree_hal_device_t* device);
  iree_string_view_t (*id)(iree_hal_device_t* device);
  iree_allocator_t (*host_allocator)(iree_hal_device_t* device);
  iree_hal_allocator_t* (*device_allocator)(iree_hal_device_t* device);
  void (*replace_device_allocator)(iree_hal_device_t* device,
                                   iree_hal_allocator_t* new_allocator);
  void (*replace_channel_provider)(iree_hal_device_t* device,
                                   iree_hal_channel_provider_t* new_provider);
  iree_status_t (*trim)(iree_hal_device_t* device);
  iree_status_t (*query_i64)(iree_hal_device_t* device,
                             iree_string_view_t category,
                             iree_string_view_t key, int64_t* out_value);
  iree_status_t (*create_channel)(iree_hal_device_t* device,
                                  iree_hal_queue_affinity_t queue_affinity,
                                  iree_hal_channel_params_t params,
                                  iree_hal_channel_t** out_channel);
  iree_status_t (*create_command_buffer)(
      iree_hal_device_t* device, iree_hal_command_buffer_mode_t mode,
      iree_hal_command_category_t command_categories,
      iree_hal_queue_affinity_t queue_affinity,
      iree_host_size_t binding_capacity,
      iree_hal_command_buffer_t** out_command_buffer);
  iree_status_t (*create_event)(iree_hal_device_t* device,
                                iree_hal_queue_affinity_t queue_affinity,
                                iree_hal_event_flags_t flags,
                                iree_hal_event_t** out_event);
  iree_status_t (*create_executable_cache)(
      iree_hal_device_t* device, iree_string_view_t identifier,
      iree_loop_t loop, iree_hal_executable_cache_t** out_executable_cache);
  iree_status_t (*import_file)(iree_hal_device_t* device,
                               iree_hal_queue_affinity_t queue_affinity,
                               iree_hal_memory_access_t access,
                               iree_io_file_handle_t* handle,
                               iree_hal_external_file_flags_t flags,
                               iree_hal_file_t** out_file);
  iree_status_t (*create_semaphore)(iree_hal_device_t* device,
                                    iree_hal_queue_affinity_t queue_affinity,
                                    uint64_t initial_value,
                                    iree_hal_semaphore_flags_t flags,
                                    iree_hal_semaphore_t** out_semaphore);
  iree_hal_semaphore_compatibility_t (*query_semaphore_compatibility)(
      iree_hal_device_t* device, iree_hal_semaphore_t* semaphore);
  iree_status_t (*queue_alloca)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_allocator_pool_t pool, iree_hal_buffer_params_t params,
      iree_device_size_t allocation_size, iree_hal_alloca_flags_t flags,
      iree_hal_buffer_t** restrict out_buffer);
  iree_status_t (*queue_dealloca)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_buffer_t* buffer, iree_hal_dealloca_flags_t flags);
  iree_status_t (*queue_fill)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
      iree_device_size_t length, const void* pattern,
      iree_host_size_t pattern_length, iree_hal_fill_flags_t flags);
  iree_status_t (*queue_update)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      const void* source_buffer, iree_host_size_t source_offset,
      iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
      iree_device_size_t length, iree_hal_update_flags_t flags);
  iree_status_t (*queue_copy)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
      iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
      iree_device_size_t length, iree_hal_copy_flags_t flags);
  iree_status_t (*queue_read)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_file_t* source_file, uint64_t source_offset,
      iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
      iree_device_size_t length, iree_hal_read_flags_t flags);
  iree_status_t (*queue_write)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
      iree_hal_file_t* target_file, uint64_t target_offset,
      iree_device_size_t length, iree_hal_write_flags_t flags);
  iree_status_t (*queue_host_call)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_host_call_t call, const uint64_t* args,
      iree_hal_host_call_flags_t flags);
  iree_status_t (*queue_dispatch)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_executable_t* executable,
      iree_hal_executable_export_ordinal_t export_ordinal,
      const iree_hal_dispatch_config_t config,
      iree_const_byte_span_t constants,
      const iree_hal_buffer_ref_list_t bindings,
      iree_hal_dispatch_flags_t flags);
  iree_status_t (*queue_execute)(
      iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
      const iree_hal_semaphore_list_t wait_semaphore_list,
      const iree_hal_semaphore_list_t signal_semaphore_list,
      iree_hal_command_buffer_t* command_buffer,
      iree_hal_buffer_binding_table_t binding_table,
      iree_hal_execute_flags_t flags);
  iree_status_t (*queue_flush)(iree_hal_device_t* device,
                               iree_hal_queue_affinity_t queue_affinity);
  iree_status_t (*wait_semaphores)(iree_hal_device_t* device,
                                   iree_hal_wait_mode_t wait_mode,
                                   const iree_hal_semaphore_list_t semaphore_list,
                                   iree_timeout_t timeout,
                                   iree_hal_wait_flags_t flags);
  iree_status_t (*profiling_begin)(
      iree_hal_device_t* device,
      const iree_hal_device_profiling_options_t* options);
  iree_status_t (*profiling_flush)(iree_hal_device_t* device);
  iree_status_t (*profiling_end)(iree_hal_device_t* device);
};

// Destroys the device: what its release does when the last reference
// goes. For implementations; everything else releases.
void iree_hal_device_destroy(iree_hal_device_t* device);

#endif  // IREEC_DECLS_IREE_HAL_DEVICE_H_
