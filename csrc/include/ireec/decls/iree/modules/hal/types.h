// Declarations of IREE's iree/modules/hal/types.h: HAL object types as VM ref
// types: iree_hal_<object>_type/isa/deref/retain_ref/move_ref.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_MODULES_HAL_TYPES_H_
#define IREEC_DECLS_IREE_MODULES_HAL_TYPES_H_

#include <stdbool.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/buffer_view.h"
#include "ireec/decls/iree/hal/channel.h"
#include "ireec/decls/iree/hal/command_buffer.h"
#include "ireec/decls/iree/hal/event.h"
#include "ireec/decls/iree/hal/executable.h"
#include "ireec/decls/iree/hal/executable_cache.h"
#include "ireec/decls/iree/hal/fence.h"
#include "ireec/decls/iree/hal/file.h"
#include "ireec/decls/iree/hal/semaphore.h"
#include "ireec/decls/iree/vm/list.h"
#include "ireec/decls/iree/vm/ref.h"

// Each HAL object type's VM ref type adapters, as IREE's
// IREE_VM_DECLARE_TYPE_ADAPTERS declares them.
iree_status_t iree_hal_allocator_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_allocator_t**out_ptr);
iree_status_t iree_hal_allocator_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_allocator_t**out_ptr);
iree_vm_ref_t iree_hal_allocator_move_ref(iree_hal_allocator_t* value);
iree_vm_ref_t iree_hal_allocator_retain_ref(iree_hal_allocator_t* value);
extern iree_vm_ref_type_t iree_hal_allocator_registration;
iree_vm_ref_type_t iree_hal_allocator_type(void);
bool iree_hal_allocator_isa(const iree_vm_ref_t ref);
iree_hal_allocator_t* iree_hal_allocator_deref(const iree_vm_ref_t ref);

iree_status_t iree_hal_buffer_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_buffer_t**out_ptr);
iree_status_t iree_hal_buffer_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_buffer_t**out_ptr);
iree_vm_ref_t iree_hal_buffer_move_ref(iree_hal_buffer_t* value);
iree_vm_ref_t iree_hal_buffer_retain_ref(iree_hal_buffer_t* value);
extern iree_vm_ref_type_t iree_hal_buffer_registration;
iree_vm_ref_type_t iree_hal_buffer_type(void);
bool iree_hal_buffer_isa(const iree_vm_ref_t ref);
iree_hal_buffer_t* iree_hal_buffer_deref(const iree_vm_ref_t ref);

iree_status_t iree_hal_buffer_view_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_buffer_view_t**out_ptr);
iree_status_t iree_hal_buffer_view_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_buffer_view_t**out_ptr);
iree_vm_ref_t iree_hal_buffer_view_move_ref(iree_hal_buffer_view_t* value);
iree_vm_ref_t iree_hal_buffer_view_retain_ref(iree_hal_buffer_view_t* value);
extern iree_vm_ref_type_t iree_hal_buffer_view_registration;
iree_vm_ref_type_t iree_hal_buffer_view_type(void);
bool iree_hal_buffer_view_isa(const iree_vm_ref_t ref);
iree_hal_buffer_view_t* iree_hal_buffer_view_deref(const iree_vm_ref_t ref);

iree_status_t iree_hal_channel_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_channel_t**out_ptr);
iree_status_t iree_hal_channel_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_channel_t**out_ptr);
iree_vm_ref_t iree_hal_channel_move_ref(iree_hal_channel_t* value);
iree_vm_ref_t iree_hal_channel_retain_ref(iree_hal_channel_t* value);
extern iree_vm_ref_type_t iree_hal_channel_registration;
iree_vm_ref_type_t iree_hal_channel_type(void);
bool iree_hal_channel_isa(const iree_vm_ref_t ref);
iree_hal_channel_t* iree_hal_channel_deref(const iree_vm_ref_t ref);

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
extern iree_vm_ref_type_t iree_hal_command_buffer_registration;
iree_vm_ref_type_t iree_hal_command_buffer_type(void);
bool iree_hal_command_buffer_isa(const iree_vm_ref_t ref);
iree_hal_command_buffer_t* iree_hal_command_buffer_deref(
    const iree_vm_ref_t ref);

iree_status_t iree_hal_device_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_device_t**out_ptr);
iree_status_t iree_hal_device_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_device_t**out_ptr);
iree_vm_ref_t iree_hal_device_move_ref(iree_hal_device_t* value);
iree_vm_ref_t iree_hal_device_retain_ref(iree_hal_device_t* value);
extern iree_vm_ref_type_t iree_hal_device_registration;
iree_vm_ref_type_t iree_hal_device_type(void);
bool iree_hal_device_isa(const iree_vm_ref_t ref);
iree_hal_device_t* iree_hal_device_deref(const iree_vm_ref_t ref);

iree_status_t iree_hal_event_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_event_t**out_ptr);
iree_status_t iree_hal_event_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_event_t**out_ptr);
iree_vm_ref_t iree_hal_event_move_ref(iree_hal_event_t* value);
iree_vm_ref_t iree_hal_event_retain_ref(iree_hal_event_t* value);
extern iree_vm_ref_type_t iree_hal_event_registration;
iree_vm_ref_type_t iree_hal_event_type(void);
bool iree_hal_event_isa(const iree_vm_ref_t ref);
iree_hal_event_t* iree_hal_event_deref(const iree_vm_ref_t ref);

iree_status_t iree_hal_executable_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_executable_t**out_ptr);
iree_status_t iree_hal_executable_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_executable_t**out_ptr);
iree_vm_ref_t iree_hal_executable_move_ref(iree_hal_executable_t* value);
iree_vm_ref_t iree_hal_executable_retain_ref(iree_hal_executable_t* value);
extern iree_vm_ref_type_t iree_hal_executable_registration;
iree_vm_ref_type_t iree_hal_executable_type(void);
bool iree_hal_executable_isa(const iree_vm_ref_t ref);
iree_hal_executable_t* iree_hal_executable_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_hal_executable_cache_type(void);
bool iree_hal_executable_cache_isa(const iree_vm_ref_t ref);
iree_hal_executable_cache_t* iree_hal_executable_cache_deref(
    const iree_vm_ref_t ref);

iree_status_t iree_hal_fence_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_fence_t**out_ptr);
iree_status_t iree_hal_fence_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_fence_t**out_ptr);
iree_vm_ref_t iree_hal_fence_move_ref(iree_hal_fence_t* value);
iree_vm_ref_t iree_hal_fence_retain_ref(iree_hal_fence_t* value);
extern iree_vm_ref_type_t iree_hal_fence_registration;
iree_vm_ref_type_t iree_hal_fence_type(void);
bool iree_hal_fence_isa(const iree_vm_ref_t ref);
iree_hal_fence_t* iree_hal_fence_deref(const iree_vm_ref_t ref);

iree_status_t iree_hal_file_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_file_t**out_ptr);
iree_status_t iree_hal_file_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_file_t**out_ptr);
iree_vm_ref_t iree_hal_file_move_ref(iree_hal_file_t* value);
iree_vm_ref_t iree_hal_file_retain_ref(iree_hal_file_t* value);
extern iree_vm_ref_type_t iree_hal_file_registration;
iree_vm_ref_type_t iree_hal_file_type(void);
bool iree_hal_file_isa(const iree_vm_ref_t ref);
iree_hal_file_t* iree_hal_file_deref(const iree_vm_ref_t ref);

iree_status_t iree_hal_semaphore_check_deref(
    const iree_vm_ref_t ref,
    iree_hal_semaphore_t**out_ptr);
iree_status_t iree_hal_semaphore_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_hal_semaphore_t**out_ptr);
iree_vm_ref_t iree_hal_semaphore_move_ref(iree_hal_semaphore_t* value);
iree_vm_ref_t iree_hal_semaphore_retain_ref(iree_hal_semaphore_t* value);
extern iree_vm_ref_type_t iree_hal_semaphore_registration;
iree_vm_ref_type_t iree_hal_semaphore_type(void);
bool iree_hal_semaphore_isa(const iree_vm_ref_t ref);
iree_hal_semaphore_t* iree_hal_semaphore_deref(const iree_vm_ref_t ref);

iree_status_t iree_hal_module_register_inline_types(
    iree_vm_instance_t* instance);
iree_status_t iree_hal_module_register_loader_types(
    iree_vm_instance_t* instance);
iree_status_t iree_hal_module_register_all_types(iree_vm_instance_t* instance);
iree_status_t iree_hal_module_resolve_inline_types(
    iree_vm_instance_t* instance);
iree_status_t iree_hal_module_resolve_loader_types(
    iree_vm_instance_t* instance);
iree_status_t iree_hal_module_resolve_all_types(iree_vm_instance_t* instance);

iree_hal_buffer_t* iree_vm_list_get_buffer_assign(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_hal_buffer_t* iree_vm_list_get_buffer_retain(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_status_t iree_vm_list_set_buffer_retain(
    iree_vm_list_t* list,
    iree_host_size_t i,
    iree_hal_buffer_t* value);

iree_hal_buffer_view_t* iree_vm_list_get_buffer_view_assign(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_hal_buffer_view_t* iree_vm_list_get_buffer_view_retain(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_status_t iree_vm_list_set_buffer_view_retain(
    iree_vm_list_t* list,
    iree_host_size_t i,
    iree_hal_buffer_view_t* value);

iree_hal_fence_t* iree_vm_list_get_fence_assign(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_hal_fence_t* iree_vm_list_get_fence_retain(
    const iree_vm_list_t* list,
    iree_host_size_t i);
iree_status_t iree_vm_list_set_fence_retain(
    iree_vm_list_t* list,
    iree_host_size_t i,
    iree_hal_fence_t* value);

#endif  // IREEC_DECLS_IREE_MODULES_HAL_TYPES_H_
