// Private to csrc/hal: a command buffer that hands every command to an inner
// command buffer with its buffer references mapped by the device that made
// it (the `memory=discrete` device resolves its buffers to their storage; the
// staging device swaps buffers it cannot reach for host staging buffers and
// notes which binding-table slots the commands may write).
#ifndef IREEC_HAL_MAPPING_COMMAND_BUFFER_H_
#define IREEC_HAL_MAPPING_COMMAND_BUFFER_H_

#include "hal_object_layouts.h"

// How a command uses a buffer reference.
typedef enum ireec_hal_ref_use_e {
  IREEC_HAL_REF_USE_READ = 0,   // copy sources, barriers
  IREEC_HAL_REF_USE_WRITE = 1,  // fill, update and copy targets
  // Dispatch bindings: read, written or both (the command buffer is not told).
  IREEC_HAL_REF_USE_READ_WRITE = 2,
} ireec_hal_ref_use_t;

// Maps one buffer reference of a command as it is recorded: |*inout_ref|
// becomes what the inner command buffer gets. Binding-table references
// (ref.buffer NULL) are mapped too, so a mapper can note their slots' use.
typedef iree_status_t (*ireec_hal_ref_map_fn_t)(void* state,
                                                iree_hal_buffer_ref_t* inout_ref,
                                                ireec_hal_ref_use_t use);

typedef struct ireec_hal_ref_mapper_t {
  ireec_hal_ref_map_fn_t map;
  // Per command buffer (may be NULL); released with the command buffer.
  void* state;
  void (*release_state)(void* state);
} ireec_hal_ref_mapper_t;

// Wraps |inner| (taking its reference and the mapper's state, both released
// when failing: _move) in a command buffer mapping each command's references
// with |mapper|.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_mapping_command_buffer_wrap_move(
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t* inner, ireec_hal_ref_mapper_t mapper,
    iree_allocator_t host_allocator,
    iree_hal_command_buffer_t** out_command_buffer);

// The inner command buffer of |command_buffer| if it is a mapping command
// buffer whose mapper maps with |map| (and its mapper's state in |*out_state|,
// may be NULL); else |command_buffer| itself (and NULL).
IREEC_HAL_INTERNAL iree_hal_command_buffer_t* ireec_hal_mapping_command_buffer_unwrap(
    iree_hal_command_buffer_t* command_buffer, ireec_hal_ref_map_fn_t map,
    void** out_state);

#endif  // IREEC_HAL_MAPPING_COMMAND_BUFFER_H_
