// Declarations of IREE's iree/hal/utils/deferred_command_buffer.h: the deferred
// command buffer: commands recorded in memory and replayed into another.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_DEFERRED_COMMAND_BUFFER_H_
#define IREEC_DECLS_IREE_HAL_UTILS_DEFERRED_COMMAND_BUFFER_H_

#include <stdbool.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/internal/arena.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/command_buffer.h"
#include "ireec/decls/iree/hal/queue.h"

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

#endif  // IREEC_DECLS_IREE_HAL_UTILS_DEFERRED_COMMAND_BUFFER_H_
