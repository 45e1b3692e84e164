// The HAL module, the HAL VM types and the bytecode module.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_MODULES_H_
#define IREEC_DECLS_MODULES_H_

#include "ireec/decls/hal.h"
#include "ireec/decls/vm.h"

enum iree_hal_module_flag_bits_t {
  IREE_HAL_MODULE_FLAG_NONE = 0x0,
  IREE_HAL_MODULE_FLAG_SYNCHRONOUS = 0x1,
};

typedef uint32_t iree_hal_module_flags_t;

typedef struct iree_hal_channel_t iree_hal_channel_t;
typedef struct iree_hal_device_queue_affinity_pair_t iree_hal_device_queue_affinity_pair_t;
typedef struct iree_hal_executable_cache_t iree_hal_executable_cache_t;
typedef struct iree_hal_executable_t iree_hal_executable_t;
typedef struct iree_hal_module_buffer_view_trace_callback_t iree_hal_module_buffer_view_trace_callback_t;
typedef struct iree_hal_module_debug_sink_release_callback_t iree_hal_module_debug_sink_release_callback_t;
typedef struct iree_hal_module_debug_sink_t iree_hal_module_debug_sink_t;
typedef struct iree_hal_module_device_allocator_select_callback_t iree_hal_module_device_allocator_select_callback_t;
typedef struct iree_hal_module_device_policy_t iree_hal_module_device_policy_t;

typedef struct iree_status_handle_t* (*iree_hal_module_buffer_view_trace_callback_fn_t)(void*, iree_string_view_t, unsigned long, iree_hal_buffer_view_t**, iree_allocator_t);
typedef void (*iree_hal_module_debug_sink_release_callback_fn_t)(void*);
typedef struct iree_status_handle_t* (*iree_hal_module_device_allocator_select_callback_fn_t)(void*, unsigned long, const iree_hal_device_queue_affinity_pair_t*, unsigned int, unsigned int, unsigned long, unsigned long*);

struct iree_hal_module_device_allocator_select_callback_t {
  iree_hal_module_device_allocator_select_callback_fn_t fn;
  void* user_data;
};

struct iree_hal_module_device_policy_t {
  iree_hal_module_device_allocator_select_callback_t allocator_select;
};

struct iree_hal_module_debug_sink_release_callback_t {
  iree_hal_module_debug_sink_release_callback_fn_t fn;
  void* user_data;
};

struct iree_hal_module_buffer_view_trace_callback_t {
  iree_hal_module_buffer_view_trace_callback_fn_t fn;
  void* user_data;
};

struct iree_hal_module_debug_sink_t {
  iree_hal_module_debug_sink_release_callback_t release;
  iree_hal_module_buffer_view_trace_callback_t buffer_view_trace;
};

// Value types callers place on their own stack (layouts from the facts).

struct iree_hal_device_queue_affinity_pair_t {
  iree_hal_device_t* device;
  iree_hal_queue_affinity_t queue_affinity;
};

iree_status_t iree_hal_allocator_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_allocator_t**out_ptr);
iree_status_t iree_hal_allocator_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_allocator_t**out_ptr);
iree_vm_ref_t iree_hal_allocator_move_ref(iree_hal_allocator_t* value);
iree_vm_ref_t iree_hal_allocator_retain_ref(iree_hal_allocator_t* value);
iree_status_t iree_hal_buffer_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_buffer_t**out_ptr);
iree_status_t iree_hal_buffer_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_buffer_t**out_ptr);
iree_vm_ref_t iree_hal_buffer_move_ref(iree_hal_buffer_t* value);
iree_vm_ref_t iree_hal_buffer_retain_ref(iree_hal_buffer_t* value);
iree_status_t iree_hal_buffer_view_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_buffer_view_t**out_ptr);
iree_status_t iree_hal_buffer_view_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_buffer_view_t**out_ptr);
iree_vm_ref_t iree_hal_buffer_view_move_ref(iree_hal_buffer_view_t* value);
iree_vm_ref_t iree_hal_buffer_view_retain_ref(iree_hal_buffer_view_t* value);
iree_status_t iree_hal_channel_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_channel_t**out_ptr);
iree_status_t iree_hal_channel_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_channel_t**out_ptr);
iree_vm_ref_t iree_hal_channel_move_ref(iree_hal_channel_t* value);
iree_vm_ref_t iree_hal_channel_retain_ref(iree_hal_channel_t* value);
iree_status_t iree_hal_command_buffer_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_command_buffer_t**out_ptr);
iree_status_t iree_hal_command_buffer_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_command_buffer_t**out_ptr);
iree_vm_ref_t iree_hal_command_buffer_move_ref(
    iree_hal_command_buffer_t* value);
iree_vm_ref_t iree_hal_command_buffer_retain_ref(
    iree_hal_command_buffer_t* value);
iree_status_t iree_hal_device_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_device_t**out_ptr);
iree_status_t iree_hal_device_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_device_t**out_ptr);
iree_vm_ref_t iree_hal_device_move_ref(iree_hal_device_t* value);
iree_vm_ref_t iree_hal_device_retain_ref(iree_hal_device_t* value);
iree_status_t iree_hal_event_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_event_t**out_ptr);
iree_status_t iree_hal_event_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_event_t**out_ptr);
iree_vm_ref_t iree_hal_event_move_ref(iree_hal_event_t* value);
iree_vm_ref_t iree_hal_event_retain_ref(iree_hal_event_t* value);
iree_status_t iree_hal_executable_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_executable_t**out_ptr);
iree_status_t iree_hal_executable_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_executable_t**out_ptr);
iree_vm_ref_t iree_hal_executable_move_ref(iree_hal_executable_t* value);
iree_vm_ref_t iree_hal_executable_retain_ref(iree_hal_executable_t* value);
iree_status_t iree_hal_fence_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_fence_t**out_ptr);
iree_status_t iree_hal_fence_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_fence_t**out_ptr);
iree_vm_ref_t iree_hal_fence_move_ref(iree_hal_fence_t* value);
iree_vm_ref_t iree_hal_fence_retain_ref(iree_hal_fence_t* value);
iree_status_t iree_hal_file_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_file_t**out_ptr);
iree_status_t iree_hal_file_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_file_t**out_ptr);
iree_vm_ref_t iree_hal_file_move_ref(iree_hal_file_t* value);
iree_vm_ref_t iree_hal_file_retain_ref(iree_hal_file_t* value);
iree_status_t iree_hal_module_create(
    iree_vm_instance_t* instance,
    iree_hal_module_device_policy_t device_policy,
    iree_host_size_t device_count,
    iree_hal_device_t**devices,
    iree_hal_module_flags_t flags,
    iree_hal_module_debug_sink_t debug_sink,
    iree_allocator_t host_allocator,
    iree_vm_module_t**out_module);
iree_hal_module_device_policy_t iree_hal_module_device_policy_default(void);
iree_status_t iree_hal_module_register_all_types(iree_vm_instance_t* instance);
iree_status_t iree_hal_module_register_inline_types(
    iree_vm_instance_t* instance);
iree_status_t iree_hal_module_register_loader_types(
    iree_vm_instance_t* instance);
iree_status_t iree_hal_module_resolve_all_types(iree_vm_instance_t* instance);
iree_status_t iree_hal_module_resolve_inline_types(
    iree_vm_instance_t* instance);
iree_status_t iree_hal_module_resolve_loader_types(
    iree_vm_instance_t* instance);
iree_host_size_t iree_hal_module_state_device_count(
    iree_vm_module_state_t* module_state);
iree_hal_device_t* iree_hal_module_state_device_get(
    iree_vm_module_state_t* module_state,
    iree_host_size_t index);
iree_status_t iree_hal_semaphore_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_semaphore_t**out_ptr);
iree_status_t iree_hal_semaphore_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_semaphore_t**out_ptr);
iree_vm_ref_t iree_hal_semaphore_move_ref(iree_hal_semaphore_t* value);
iree_vm_ref_t iree_hal_semaphore_retain_ref(iree_hal_semaphore_t* value);
iree_status_t iree_vm_bytecode_module_create(
    iree_vm_instance_t* instance,
    iree_const_byte_span_t archive_contents,
    iree_allocator_t archive_allocator,
    iree_allocator_t allocator,
    iree_vm_module_t**out_module);
iree_hal_buffer_t* iree_vm_list_get_buffer_assign(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_hal_buffer_t* iree_vm_list_get_buffer_retain(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_hal_buffer_view_t* iree_vm_list_get_buffer_view_assign(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_hal_buffer_view_t* iree_vm_list_get_buffer_view_retain(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_hal_fence_t* iree_vm_list_get_fence_assign(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_hal_fence_t* iree_vm_list_get_fence_retain(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_status_t iree_vm_list_set_buffer_retain(
    iree_vm_list_t* list,
    iree_host_size_t i,
    iree_hal_buffer_t* value);
iree_status_t iree_vm_list_set_buffer_view_retain(
    iree_vm_list_t* list,
    iree_host_size_t i,
    iree_hal_buffer_view_t* value);
iree_status_t iree_vm_list_set_fence_retain(
    iree_vm_list_t* list,
    iree_host_size_t i,
    iree_hal_fence_t* value);
extern iree_vm_ref_type_t iree_hal_allocator_registration;
extern iree_vm_ref_type_t iree_hal_buffer_registration;
extern iree_vm_ref_type_t iree_hal_buffer_view_registration;
extern iree_vm_ref_type_t iree_hal_channel_registration;
extern iree_vm_ref_type_t iree_hal_command_buffer_registration;
extern iree_vm_ref_type_t iree_hal_device_registration;
extern iree_vm_ref_type_t iree_hal_event_registration;
extern iree_vm_ref_type_t iree_hal_executable_registration;
extern iree_vm_ref_type_t iree_hal_fence_registration;
extern iree_vm_ref_type_t iree_hal_file_registration;
extern iree_vm_ref_type_t iree_hal_semaphore_registration;
iree_vm_ref_type_t iree_hal_allocator_type(void);
bool iree_hal_allocator_isa(const iree_vm_ref_t ref);
iree_hal_allocator_t* iree_hal_allocator_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_buffer_type(void);
bool iree_hal_buffer_isa(const iree_vm_ref_t ref);
iree_hal_buffer_t* iree_hal_buffer_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_buffer_view_type(void);
bool iree_hal_buffer_view_isa(const iree_vm_ref_t ref);
iree_hal_buffer_view_t* iree_hal_buffer_view_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_channel_type(void);
bool iree_hal_channel_isa(const iree_vm_ref_t ref);
iree_hal_channel_t* iree_hal_channel_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_command_buffer_type(void);
bool iree_hal_command_buffer_isa(const iree_vm_ref_t ref);
iree_hal_command_buffer_t* iree_hal_command_buffer_deref(
    const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_device_type(void);
bool iree_hal_device_isa(const iree_vm_ref_t ref);
iree_hal_device_t* iree_hal_device_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_event_type(void);
bool iree_hal_event_isa(const iree_vm_ref_t ref);
iree_hal_event_t* iree_hal_event_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_executable_type(void);
bool iree_hal_executable_isa(const iree_vm_ref_t ref);
iree_hal_executable_t* iree_hal_executable_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_executable_cache_type(void);
bool iree_hal_executable_cache_isa(const iree_vm_ref_t ref);
iree_hal_executable_cache_t* iree_hal_executable_cache_deref(
    const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_fence_type(void);
bool iree_hal_fence_isa(const iree_vm_ref_t ref);
iree_hal_fence_t* iree_hal_fence_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_file_type(void);
bool iree_hal_file_isa(const iree_vm_ref_t ref);
iree_hal_file_t* iree_hal_file_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_semaphore_type(void);
bool iree_hal_semaphore_isa(const iree_vm_ref_t ref);
iree_hal_semaphore_t* iree_hal_semaphore_deref(const iree_vm_ref_t ref);

// Where hal.buffer_view.trace and friends print.
iree_hal_module_debug_sink_t iree_hal_module_debug_sink_stdio(FILE* file);

#endif  // IREEC_DECLS_MODULES_H_
