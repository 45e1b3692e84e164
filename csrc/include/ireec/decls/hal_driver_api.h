// IREE HAL for driver implementors: the resource header every HAL object
// starts with, the vtables a driver fills in (driver, device, semaphore,
// command buffer, allocator, event, file, executable cache, resource), the
// semaphore base (timepoints, notify), command buffer initialization and
// validation, the deferred command buffer, resource sets, the queue
// emulation and file helpers, and the synchronization primitives drivers use.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them (every
// vtable's size and every function pointer's offset and type).
#ifndef IREEC_DECLS_HAL_DRIVER_API_H_
#define IREEC_DECLS_HAL_DRIVER_API_H_

#include "ireec/decls/hal.h"
#include "ireec/decls/drivers.h"
#include "ireec/decls/hal_channel.h"
#include "ireec/decls/hal_executable.h"
#include "ireec/decls/hal_local.h"
#include "ireec/decls/loop.h"

//===----------------------------------------------------------------------===//
// Synchronization primitives (iree/base/internal/synchronization.h)
//===----------------------------------------------------------------------===//

// The count iree_notification_post takes to wake every waiter.
#define IREE_ALL_WAITERS 2147483647

typedef int32_t iree_atomic_int32_t;
typedef int64_t iree_atomic_int64_t;
typedef uint32_t iree_wait_token_t;
typedef bool (*iree_condition_fn_t)(void* arg);

typedef struct iree_slim_mutex_t iree_slim_mutex_t;
typedef struct iree_notification_t iree_notification_t;

struct iree_slim_mutex_t {
  iree_atomic_int32_t value;
};

struct iree_notification_t {
  iree_atomic_int64_t value;
};

void iree_slim_mutex_initialize(iree_slim_mutex_t* out_mutex);
void iree_slim_mutex_deinitialize(iree_slim_mutex_t* mutex);
void iree_slim_mutex_lock(iree_slim_mutex_t* mutex);
bool iree_slim_mutex_try_lock(iree_slim_mutex_t* mutex);
void iree_slim_mutex_unlock(iree_slim_mutex_t* mutex);

void iree_notification_initialize(iree_notification_t* out_notification);
void iree_notification_deinitialize(iree_notification_t* notification);
void iree_notification_post(iree_notification_t* notification, int32_t count);
iree_wait_token_t iree_notification_prepare_wait(
    iree_notification_t* notification);
bool iree_notification_commit_wait(iree_notification_t* notification,
                                   iree_wait_token_t wait_token,
                                   iree_duration_t spin_ns,
                                   iree_time_t deadline_ns);
void iree_notification_cancel_wait(iree_notification_t* notification);
bool iree_notification_await(iree_notification_t* notification,
                             iree_condition_fn_t condition_fn,
                             void* condition_arg, iree_timeout_t timeout);

//===----------------------------------------------------------------------===//
// Types the vtables pass
//===----------------------------------------------------------------------===//

typedef int32_t iree_atomic_ref_count_t;

typedef struct iree_hal_resource_t iree_hal_resource_t;
typedef struct iree_hal_file_transfer_options_t iree_hal_file_transfer_options_t;

// The header of every HAL object: a reference count the runtime's
// retain/release change atomically, and the object's vtable, whose first
// entry (destroy) runs when the count reaches zero.
struct iree_hal_resource_t {
  iree_atomic_ref_count_t ref_count;
  const void* vtable;
};

struct iree_hal_file_transfer_options_t {
  iree_loop_t loop;
  iree_device_size_t chunk_count;
  iree_device_size_t chunk_size;
};

//===----------------------------------------------------------------------===//
// Vtables
//===----------------------------------------------------------------------===//

typedef struct iree_hal_resource_vtable_t iree_hal_resource_vtable_t;
typedef struct iree_hal_driver_vtable_t iree_hal_driver_vtable_t;
typedef struct iree_hal_device_vtable_t iree_hal_device_vtable_t;
typedef struct iree_hal_semaphore_vtable_t iree_hal_semaphore_vtable_t;
typedef struct iree_hal_command_buffer_vtable_t iree_hal_command_buffer_vtable_t;
typedef struct iree_hal_allocator_vtable_t iree_hal_allocator_vtable_t;
typedef struct iree_hal_event_vtable_t iree_hal_event_vtable_t;
typedef struct iree_hal_file_vtable_t iree_hal_file_vtable_t;
typedef struct iree_hal_executable_cache_vtable_t iree_hal_executable_cache_vtable_t;

struct iree_hal_resource_vtable_t {
  void (*destroy)(iree_hal_resource_t* resource);
};

struct iree_hal_driver_vtable_t {
  void (*destroy)(iree_hal_driver_t* driver);
  iree_status_t (*query_available_devices)(
      iree_hal_driver_t* driver, iree_allocator_t host_allocator,
      iree_host_size_t* out_device_info_count,
      iree_hal_device_info_t** out_device_infos);
  iree_status_t (*dump_device_info)(iree_hal_driver_t* driver,
                                    iree_hal_device_id_t device_id,
                                    iree_string_builder_t* builder);
  iree_status_t (*create_device_by_id)(iree_hal_driver_t* driver,
                                       iree_hal_device_id_t device_id,
                                       iree_host_size_t param_count,
                                       const iree_string_pair_t* params,
                                       iree_allocator_t host_allocator,
                                       iree_hal_device_t** out_device);
  iree_status_t (*create_device_by_path)(
      iree_hal_driver_t* driver, iree_string_view_t driver_name,
      iree_string_view_t device_path, iree_host_size_t param_count,
      const iree_string_pair_t* params, iree_allocator_t host_allocator,
      iree_hal_device_t** out_device);
};

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

struct iree_hal_command_buffer_vtable_t {
  void (*destroy)(iree_hal_command_buffer_t* command_buffer);
  iree_status_t (*begin)(iree_hal_command_buffer_t* command_buffer);
  iree_status_t (*end)(iree_hal_command_buffer_t* command_buffer);
  iree_status_t (*begin_debug_group)(
      iree_hal_command_buffer_t* command_buffer, iree_string_view_t label,
      iree_hal_label_color_t label_color,
      const iree_hal_label_location_t* location);
  iree_status_t (*end_debug_group)(iree_hal_command_buffer_t* command_buffer);
  iree_status_t (*execution_barrier)(
      iree_hal_command_buffer_t* command_buffer,
      iree_hal_execution_stage_t source_stage_mask,
      iree_hal_execution_stage_t target_stage_mask,
      iree_hal_execution_barrier_flags_t flags,
      iree_host_size_t memory_barrier_count,
      const iree_hal_memory_barrier_t* memory_barriers,
      iree_host_size_t buffer_barrier_count,
      const iree_hal_buffer_barrier_t* buffer_barriers);
  iree_status_t (*signal_event)(iree_hal_command_buffer_t* command_buffer,
                                iree_hal_event_t* event,
                                iree_hal_execution_stage_t source_stage_mask);
  iree_status_t (*reset_event)(iree_hal_command_buffer_t* command_buffer,
                               iree_hal_event_t* event,
                               iree_hal_execution_stage_t source_stage_mask);
  iree_status_t (*wait_events)(
      iree_hal_command_buffer_t* command_buffer, iree_host_size_t event_count,
      const iree_hal_event_t** events,
      iree_hal_execution_stage_t source_stage_mask,
      iree_hal_execution_stage_t target_stage_mask,
      iree_host_size_t memory_barrier_count,
      const iree_hal_memory_barrier_t* memory_barriers,
      iree_host_size_t buffer_barrier_count,
      const iree_hal_buffer_barrier_t* buffer_barriers);
  iree_status_t (*advise_buffer)(iree_hal_command_buffer_t* command_buffer,
                                 iree_hal_buffer_ref_t buffer_ref,
                                 iree_hal_memory_advise_flags_t flags,
                                 uint64_t arg0, uint64_t arg1);
  iree_status_t (*fill_buffer)(iree_hal_command_buffer_t* command_buffer,
                               iree_hal_buffer_ref_t target_ref,
                               const void* pattern,
                               iree_host_size_t pattern_length,
                               iree_hal_fill_flags_t flags);
  iree_status_t (*update_buffer)(iree_hal_command_buffer_t* command_buffer,
                                 const void* source_buffer,
                                 iree_host_size_t source_offset,
                                 iree_hal_buffer_ref_t target_ref,
                                 iree_hal_update_flags_t flags);
  iree_status_t (*copy_buffer)(iree_hal_command_buffer_t* command_buffer,
                               iree_hal_buffer_ref_t source_ref,
                               iree_hal_buffer_ref_t target_ref,
                               iree_hal_copy_flags_t flags);
  iree_status_t (*collective)(iree_hal_command_buffer_t* command_buffer,
                              iree_hal_channel_t* channel,
                              iree_hal_collective_op_t op, uint32_t param,
                              iree_hal_buffer_ref_t send_ref,
                              iree_hal_buffer_ref_t recv_ref,
                              iree_device_size_t element_count);
  iree_status_t (*dispatch)(iree_hal_command_buffer_t* command_buffer,
                            iree_hal_executable_t* executable,
                            iree_hal_executable_export_ordinal_t export_ordinal,
                            const iree_hal_dispatch_config_t config,
                            iree_const_byte_span_t constants,
                            iree_hal_buffer_ref_list_t bindings,
                            iree_hal_dispatch_flags_t flags);
};

struct iree_hal_allocator_vtable_t {
  void (*destroy)(iree_hal_allocator_t* restrict allocator);
  iree_allocator_t (*host_allocator)(
      const iree_hal_allocator_t* restrict allocator);
  iree_status_t (*trim)(iree_hal_allocator_t* restrict allocator);
  void (*query_statistics)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_allocator_statistics_t* restrict out_statistics);
  iree_status_t (*query_memory_heaps)(
      iree_hal_allocator_t* restrict allocator, iree_host_size_t capacity,
      iree_hal_allocator_memory_heap_t* restrict heaps,
      iree_host_size_t* restrict out_count);
  iree_hal_buffer_compatibility_t (*query_buffer_compatibility)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_buffer_params_t* restrict params,
      iree_device_size_t* restrict allocation_size);
  iree_status_t (*allocate_buffer)(
      iree_hal_allocator_t* restrict allocator,
      const iree_hal_buffer_params_t* restrict params,
      iree_device_size_t allocation_size,
      iree_hal_buffer_t** restrict out_buffer);
  void (*deallocate_buffer)(iree_hal_allocator_t* restrict allocator,
                            iree_hal_buffer_t* restrict buffer);
  iree_status_t (*import_buffer)(
      iree_hal_allocator_t* restrict allocator,
      const iree_hal_buffer_params_t* restrict params,
      iree_hal_external_buffer_t* restrict external_buffer,
      iree_hal_buffer_release_callback_t release_callback,
      iree_hal_buffer_t** restrict out_buffer);
  iree_status_t (*export_buffer)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_buffer_t* restrict buffer,
      iree_hal_external_buffer_type_t requested_type,
      iree_hal_external_buffer_flags_t requested_flags,
      iree_hal_external_buffer_t* restrict out_external_buffer);
  bool (*supports_virtual_memory)(iree_hal_allocator_t* restrict allocator);
  iree_status_t (*virtual_memory_query_granularity)(
      iree_hal_allocator_t* restrict allocator, iree_hal_buffer_params_t params,
      iree_device_size_t* restrict out_minimum_page_size,
      iree_device_size_t* restrict out_recommended_page_size);
  iree_status_t (*virtual_memory_reserve)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_queue_affinity_t queue_affinity, iree_device_size_t size,
      iree_hal_buffer_t** restrict out_virtual_buffer);
  iree_status_t (*virtual_memory_release)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_buffer_t* restrict virtual_buffer);
  iree_status_t (*physical_memory_allocate)(
      iree_hal_allocator_t* restrict allocator, iree_hal_buffer_params_t params,
      iree_device_size_t size, iree_allocator_t host_allocator,
      iree_hal_physical_memory_t** restrict out_physical_memory);
  iree_status_t (*physical_memory_free)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_physical_memory_t* restrict physical_memory);
  iree_status_t (*virtual_memory_map)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_buffer_t* restrict virtual_buffer,
      iree_device_size_t virtual_offset,
      iree_hal_physical_memory_t* restrict physical_memory,
      iree_device_size_t physical_offset, iree_device_size_t size);
  iree_status_t (*virtual_memory_unmap)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_buffer_t* restrict virtual_buffer,
      iree_device_size_t virtual_offset, iree_device_size_t size);
  iree_status_t (*virtual_memory_protect)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_buffer_t* restrict virtual_buffer,
      iree_device_size_t virtual_offset, iree_device_size_t size,
      iree_hal_queue_affinity_t queue_affinity,
      iree_hal_memory_protection_t protection);
  iree_status_t (*virtual_memory_advise)(
      iree_hal_allocator_t* restrict allocator,
      iree_hal_buffer_t* restrict virtual_buffer,
      iree_device_size_t virtual_offset, iree_device_size_t size,
      iree_hal_queue_affinity_t queue_affinity,
      iree_hal_memory_advice_t advice);
};

struct iree_hal_event_vtable_t {
  void (*destroy)(iree_hal_event_t* event);
};

struct iree_hal_file_vtable_t {
  void (*destroy)(iree_hal_file_t* restrict file);
  iree_hal_memory_access_t (*allowed_access)(iree_hal_file_t* file);
  uint64_t (*length)(iree_hal_file_t* file);
  iree_hal_buffer_t* (*storage_buffer)(iree_hal_file_t* file);
  bool (*supports_synchronous_io)(iree_hal_file_t* file);
  iree_status_t (*read)(iree_hal_file_t* file, uint64_t file_offset,
                        iree_hal_buffer_t* buffer,
                        iree_device_size_t buffer_offset,
                        iree_device_size_t length);
  iree_status_t (*write)(iree_hal_file_t* file, uint64_t file_offset,
                         iree_hal_buffer_t* buffer,
                         iree_device_size_t buffer_offset,
                         iree_device_size_t length);
};

struct iree_hal_executable_cache_vtable_t {
  void (*destroy)(iree_hal_executable_cache_t* executable_cache);
  iree_status_t (*infer_format)(
      iree_hal_executable_cache_t* executable_cache,
      iree_hal_executable_caching_mode_t caching_mode,
      iree_const_byte_span_t executable_data,
      iree_host_size_t executable_format_capacity, char* executable_format,
      iree_host_size_t* out_inferred_size);
  bool (*can_prepare_format)(iree_hal_executable_cache_t* executable_cache,
                             iree_hal_executable_caching_mode_t caching_mode,
                             iree_string_view_t executable_format);
  iree_status_t (*prepare_executable)(
      iree_hal_executable_cache_t* executable_cache,
      const iree_hal_executable_params_t* executable_params,
      iree_hal_executable_t** out_executable);
};

//===----------------------------------------------------------------------===//
// Semaphore base (iree/hal/utils/semaphore_base.h)
//===----------------------------------------------------------------------===//

typedef iree_status_t (*iree_hal_semaphore_callback_fn_t)(
    void* user_data, iree_hal_semaphore_t* semaphore, uint64_t value,
    iree_status_code_t status_code);

typedef struct iree_hal_semaphore_callback_t iree_hal_semaphore_callback_t;
typedef struct iree_hal_semaphore_timepoint_t iree_hal_semaphore_timepoint_t;
typedef struct iree_hal_semaphore_timepoint_list_t iree_hal_semaphore_timepoint_list_t;

struct iree_hal_semaphore_callback_t {
  iree_hal_semaphore_callback_fn_t fn;
  void* user_data;
};

struct iree_hal_semaphore_timepoint_t {
  struct iree_hal_semaphore_timepoint_t* next;
  struct iree_hal_semaphore_timepoint_t* prev;
  struct iree_hal_semaphore_t* semaphore;
  uint64_t minimum_value;
  iree_time_t deadline_ns;
  iree_hal_semaphore_callback_t callback;
};

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

//===----------------------------------------------------------------------===//
// Command buffer base, validation and the deferred command buffer
//===----------------------------------------------------------------------===//

typedef struct iree_arena_block_pool_t iree_arena_block_pool_t;

// Every command buffer implementation starts with this.
struct iree_hal_command_buffer_t {
  iree_hal_resource_t resource;
  iree_hal_command_buffer_mode_t mode;
  iree_hal_command_category_t allowed_categories;
  iree_hal_queue_affinity_t queue_affinity;
  uint32_t binding_capacity;
  uint32_t binding_count;
  void* validation_state;
};

// Buffers implemented outside the runtime fill in IREE's buffer header with
// this, and forward their destroy to iree_hal_buffer_destroy. (The buffer
// vtable's layout is not among the facts; csrc/hal/hal_object_layouts.h lays
// it out for the buffers ireec implements.)
typedef struct iree_hal_buffer_vtable_t iree_hal_buffer_vtable_t;
void iree_hal_buffer_initialize(
    iree_hal_buffer_placement_t placement, iree_hal_buffer_t* allocated_buffer,
    iree_device_size_t allocation_size, iree_device_size_t byte_offset,
    iree_device_size_t byte_length, iree_hal_memory_type_t memory_type,
    iree_hal_memory_access_t allowed_access,
    iree_hal_buffer_usage_t allowed_usage,
    const iree_hal_buffer_vtable_t* vtable, iree_hal_buffer_t* buffer);
void iree_hal_buffer_destroy(iree_hal_buffer_t* buffer);

iree_host_size_t iree_hal_command_buffer_validation_state_size(
    iree_hal_command_buffer_mode_t mode, iree_host_size_t binding_capacity);
void iree_hal_command_buffer_initialize(
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    void* validation_state, const iree_hal_command_buffer_vtable_t* vtable,
    iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_validate_submission(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table);

iree_status_t iree_hal_deferred_command_buffer_create(
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_arena_block_pool_t* block_pool, iree_allocator_t host_allocator,
    iree_hal_command_buffer_t** out_command_buffer);
bool iree_hal_deferred_command_buffer_isa(
    iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_deferred_command_buffer_apply(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_t* target_command_buffer,
    iree_hal_buffer_binding_table_t binding_table);

void iree_arena_block_pool_initialize(iree_host_size_t total_block_size,
                                      iree_allocator_t block_allocator,
                                      iree_arena_block_pool_t* out_block_pool);
void iree_arena_block_pool_deinitialize(iree_arena_block_pool_t* block_pool);
void iree_arena_block_pool_trim(iree_arena_block_pool_t* block_pool);

//===----------------------------------------------------------------------===//
// Queue emulation, files and executable caches
//===----------------------------------------------------------------------===//

iree_status_t iree_hal_device_queue_emulated_dispatch(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags);
iree_status_t iree_hal_device_queue_read_streaming(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_read_flags_t flags,
    iree_hal_file_transfer_options_t options);
iree_status_t iree_hal_device_queue_write_streaming(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length, iree_hal_write_flags_t flags,
    iree_hal_file_transfer_options_t options);

iree_status_t iree_hal_file_from_handle(
    iree_hal_allocator_t* device_allocator,
    iree_hal_queue_affinity_t queue_affinity, iree_hal_memory_access_t access,
    iree_io_file_handle_t* handle, iree_allocator_t host_allocator,
    iree_hal_file_t** out_file);
iree_status_t iree_hal_memory_file_wrap(
    iree_hal_allocator_t* device_allocator,
    iree_hal_queue_affinity_t queue_affinity, iree_hal_memory_access_t access,
    iree_io_file_handle_t* handle, iree_allocator_t host_allocator,
    iree_hal_file_t** out_file);

// True for semaphores of IREE's local-task devices (which wait only on
// those in their queues).
bool iree_hal_task_semaphore_isa(iree_hal_semaphore_t* semaphore);


#endif  // IREEC_DECLS_HAL_DRIVER_API_H_
