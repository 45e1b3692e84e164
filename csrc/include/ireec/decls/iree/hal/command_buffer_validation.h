// Declarations of IREE's iree/hal/command_buffer_validation.h: the checks a
// HAL driver's command buffer runs before recording each command (what IREE's
// own drivers do when IREE_HAL_COMMAND_BUFFER_VALIDATION_ENABLE is on): each
// *_validation function takes the command's arguments and the command
// buffer's validation state and fails, naming the problem, where the command
// is not valid.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_COMMAND_BUFFER_VALIDATION_H_
#define IREEC_DECLS_IREE_HAL_COMMAND_BUFFER_VALIDATION_H_

#include <stdint.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/allocator.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/channel.h"
#include "ireec/decls/iree/hal/command_buffer.h"
#include "ireec/decls/iree/hal/event.h"
#include "ireec/decls/iree/hal/executable.h"

// What the buffer bound at one binding table slot must satisfy, gathered
// from the commands recorded that use the slot.
typedef struct iree_hal_buffer_binding_requirements_t
    iree_hal_buffer_binding_requirements_t;

struct iree_hal_buffer_binding_requirements_t {
  iree_hal_buffer_compatibility_t required_compatibility;
  iree_hal_buffer_usage_t usage;
  iree_hal_memory_access_t access;
  iree_hal_memory_type_t type;
  iree_device_size_t max_byte_offset;
  iree_device_size_t min_byte_alignment;
};

// A command buffer's validation state, followed in memory by one
// requirements entry per binding table slot (its full size is
// iree_hal_command_buffer_validation_state_size).
typedef struct iree_hal_command_buffer_validation_state_t
    iree_hal_command_buffer_validation_state_t;

struct iree_hal_command_buffer_validation_state_t {
  iree_hal_allocator_t* device_allocator;
  int32_t has_began : 1;
  int32_t has_ended : 1;
  int32_t debug_group_depth : 30;
  iree_hal_buffer_binding_requirements_t binding_requirements[];
};

// Sets up |out_validation_state| for |command_buffer| recorded against
// buffers from |device_allocator|.
void iree_hal_command_buffer_initialize_validation(
    iree_hal_allocator_t* device_allocator,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* out_validation_state);

iree_status_t iree_hal_command_buffer_begin_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state);

iree_status_t iree_hal_command_buffer_end_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state);

iree_status_t iree_hal_command_buffer_begin_debug_group_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    iree_string_view_t label,
    iree_hal_label_color_t label_color,
    const iree_hal_label_location_t* location);

iree_status_t iree_hal_command_buffer_end_debug_group_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state);

iree_status_t iree_hal_command_buffer_execution_barrier_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_hal_execution_barrier_flags_t flags,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers);

iree_status_t iree_hal_command_buffer_signal_event_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask);

iree_status_t iree_hal_command_buffer_reset_event_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask);

iree_status_t iree_hal_command_buffer_wait_events_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    iree_host_size_t event_count,
    const iree_hal_event_t** events,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers);

iree_status_t iree_hal_command_buffer_advise_buffer_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    iree_hal_buffer_ref_t buffer_ref,
    iree_hal_memory_advise_flags_t flags,
    uint64_t arg0,
    uint64_t arg1);

iree_status_t iree_hal_command_buffer_fill_buffer_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    iree_hal_buffer_ref_t target_ref,
    const void* pattern,
    iree_host_size_t pattern_length,
    iree_hal_fill_flags_t flags);

iree_status_t iree_hal_command_buffer_update_buffer_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    const void* source_buffer,
    iree_host_size_t source_offset,
    iree_hal_buffer_ref_t target_ref,
    iree_hal_update_flags_t flags);

iree_status_t iree_hal_command_buffer_copy_buffer_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    iree_hal_buffer_ref_t source_ref,
    iree_hal_buffer_ref_t target_ref,
    iree_hal_copy_flags_t flags);

iree_status_t iree_hal_command_buffer_collective_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    iree_hal_channel_t* channel,
    iree_hal_collective_op_t op,
    uint32_t param,
    iree_hal_buffer_ref_t send_ref,
    iree_hal_buffer_ref_t recv_ref,
    iree_device_size_t element_count);

iree_status_t iree_hal_command_buffer_dispatch_validation(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_command_buffer_validation_state_t* validation_state,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config,
    iree_const_byte_span_t constants,
    iree_hal_buffer_ref_list_t bindings,
    iree_hal_dispatch_flags_t flags);

// Checks a binding table submitted with the command buffer against the
// requirements its commands recorded.
iree_status_t iree_hal_command_buffer_binding_table_validation(
    iree_hal_command_buffer_t* command_buffer,
    const iree_hal_command_buffer_validation_state_t* validation_state,
    iree_hal_buffer_binding_table_t binding_table);

// Checks that the command buffer may be submitted (recorded and ended).
iree_status_t iree_hal_command_buffer_submission_validation(
    iree_hal_command_buffer_t* command_buffer,
    const iree_hal_command_buffer_validation_state_t* validation_state);

#endif  // IREEC_DECLS_IREE_HAL_COMMAND_BUFFER_VALIDATION_H_
