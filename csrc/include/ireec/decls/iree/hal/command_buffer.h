// Declarations of IREE's iree/hal/command_buffer.h: HAL command buffers:
// recorded transfers, dispatches and collectives.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_COMMAND_BUFFER_H_
#define IREEC_DECLS_IREE_HAL_COMMAND_BUFFER_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/bitfield.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/channel.h"
#include "ireec/decls/iree/hal/event.h"
#include "ireec/decls/iree/hal/executable.h"
#include "ireec/decls/iree/hal/queue.h"
#include "ireec/decls/iree/hal/resource.h"

enum iree_hal_command_buffer_mode_bits_t {
  IREE_HAL_COMMAND_BUFFER_MODE_DEFAULT = 0x0,
  IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT = 0x1,
  IREE_HAL_COMMAND_BUFFER_MODE_ALLOW_INLINE_EXECUTION = 0x10,
  IREE_HAL_COMMAND_BUFFER_MODE_UNVALIDATED = 0x20,
  IREE_HAL_COMMAND_BUFFER_MODE_UNRETAINED = 0x40,
};

typedef uint32_t iree_hal_command_buffer_mode_t;

enum iree_hal_command_category_bits_t {
  IREE_HAL_COMMAND_CATEGORY_TRANSFER = 0x1,
  IREE_HAL_COMMAND_CATEGORY_DISPATCH = 0x2,
  IREE_HAL_COMMAND_CATEGORY_ANY = 0x3,
};

typedef uint32_t iree_hal_command_category_t;

typedef struct iree_hal_buffer_ref_t iree_hal_buffer_ref_t;

struct iree_hal_buffer_ref_t {
  uint32_t reserved : 8;
  uint32_t buffer_slot : 24;
  iree_hal_buffer_t* buffer;
  iree_device_size_t offset;
  iree_device_size_t length;
};

iree_hal_buffer_ref_t iree_hal_make_buffer_ref(
    iree_hal_buffer_t* buffer,
    iree_device_size_t offset,
    iree_device_size_t length);

// A reference to binding table slot |buffer_slot| (for reusable command
// buffers whose buffers are given at submission).
iree_hal_buffer_ref_t iree_hal_make_indirect_buffer_ref(
    uint32_t buffer_slot, iree_device_size_t offset, iree_device_size_t length);

// The bindings of a dispatch, in the export's binding order.
typedef struct iree_hal_buffer_ref_list_t {
  iree_host_size_t count;
  const iree_hal_buffer_ref_t* values;
} iree_hal_buffer_ref_list_t;

// IREE's static inline helper, exported by us.
iree_hal_buffer_ref_list_t iree_hal_buffer_ref_list_empty(void);

enum iree_hal_execution_stage_bits_t {
  IREE_HAL_EXECUTION_STAGE_COMMAND_ISSUE = 0x1,
  IREE_HAL_EXECUTION_STAGE_COMMAND_PROCESS = 0x2,
  IREE_HAL_EXECUTION_STAGE_DISPATCH = 0x4,
  IREE_HAL_EXECUTION_STAGE_TRANSFER = 0x8,
  IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE = 0x10,
  IREE_HAL_EXECUTION_STAGE_HOST = 0x20,
};

typedef uint32_t iree_hal_execution_stage_t;

enum iree_hal_execution_barrier_flag_bits_t {
  IREE_HAL_EXECUTION_BARRIER_FLAG_NONE = 0x0,
};

typedef uint64_t iree_hal_execution_barrier_flags_t;

enum iree_hal_access_scope_bits_t {
  IREE_HAL_ACCESS_SCOPE_INDIRECT_COMMAND_READ = 0x1,
  IREE_HAL_ACCESS_SCOPE_CONSTANT_READ = 0x2,
  IREE_HAL_ACCESS_SCOPE_DISPATCH_READ = 0x4,
  IREE_HAL_ACCESS_SCOPE_DISPATCH_WRITE = 0x8,
  IREE_HAL_ACCESS_SCOPE_TRANSFER_READ = 0x10,
  IREE_HAL_ACCESS_SCOPE_TRANSFER_WRITE = 0x20,
  IREE_HAL_ACCESS_SCOPE_HOST_READ = 0x40,
  IREE_HAL_ACCESS_SCOPE_HOST_WRITE = 0x80,
  IREE_HAL_ACCESS_SCOPE_MEMORY_READ = 0x100,
  IREE_HAL_ACCESS_SCOPE_MEMORY_WRITE = 0x200,
};

typedef uint32_t iree_hal_access_scope_t;

typedef struct iree_hal_memory_barrier_t iree_hal_memory_barrier_t;

struct iree_hal_memory_barrier_t {
  iree_hal_access_scope_t source_scope;
  iree_hal_access_scope_t target_scope;
};

typedef struct iree_hal_buffer_barrier_t iree_hal_buffer_barrier_t;

struct iree_hal_buffer_barrier_t {
  iree_hal_access_scope_t source_scope;
  iree_hal_access_scope_t target_scope;
  iree_hal_buffer_ref_t buffer_ref;
};

typedef uint64_t iree_hal_memory_advise_flags_t;

enum iree_hal_memory_advise_flag_bits_t {
  IREE_HAL_MEMORY_ADVISE_FLAG_NONE = 0x0,
};

typedef uint64_t iree_hal_fill_flags_t;

enum iree_hal_fill_flag_bits_t {
  IREE_HAL_FILL_FLAG_NONE = 0x0,
};

typedef uint64_t iree_hal_update_flags_t;

enum iree_hal_update_flag_bits_t {
  IREE_HAL_UPDATE_FLAG_NONE = 0x0,
};

typedef uint64_t iree_hal_copy_flags_t;

enum iree_hal_copy_flag_bits_t {
  IREE_HAL_COPY_FLAG_NONE = 0x0,
};

enum iree_hal_collective_kind_e {
  IREE_HAL_COLLECTIVE_KIND_ALL_GATHER = 0,
  IREE_HAL_COLLECTIVE_KIND_ALL_REDUCE = 1,
  IREE_HAL_COLLECTIVE_KIND_ALL_TO_ALL = 2,
  IREE_HAL_COLLECTIVE_KIND_BROADCAST = 3,
  IREE_HAL_COLLECTIVE_KIND_REDUCE = 4,
  IREE_HAL_COLLECTIVE_KIND_REDUCE_SCATTER = 5,
  IREE_HAL_COLLECTIVE_KIND_SEND = 6,
  IREE_HAL_COLLECTIVE_KIND_RECV = 7,
  IREE_HAL_COLLECTIVE_KIND_MAX_VALUE = 8,
  IREE_HAL_COLLECTIVE_KIND_SEND_RECV = 8,
};

typedef uint8_t iree_hal_collective_kind_t;

enum iree_hal_collective_reduction_e {
  IREE_HAL_COLLECTIVE_REDUCTION_NONE = 0,
  IREE_HAL_COLLECTIVE_REDUCTION_SUM = 1,
  IREE_HAL_COLLECTIVE_REDUCTION_PRODUCT = 2,
  IREE_HAL_COLLECTIVE_REDUCTION_MINIMUM = 3,
  IREE_HAL_COLLECTIVE_REDUCTION_MAXIMUM = 4,
  IREE_HAL_COLLECTIVE_REDUCTION_AVERAGE = 5,
  IREE_HAL_COLLECTIVE_REDUCTION_MAX_VALUE = 5,
};

typedef uint8_t iree_hal_collective_reduction_t;

enum iree_hal_collective_element_type_e {
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_8 = 0,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_8 = 1,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_16 = 2,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_16 = 3,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_32 = 4,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_32 = 5,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_64 = 6,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_64 = 7,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_16 = 8,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_32 = 9,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_64 = 10,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_BFLOAT_16 = 11,
  IREE_HAL_COLLECTIVE_ELEMENT_TYPE_MAX_VALUE = 11,
};

typedef uint8_t iree_hal_collective_element_type_t;

// What a collective does, packed in 32 bits: its kind, reduction and element
// type (one byte each) and a reserved byte.
typedef union {
  uint32_t packed;
  struct {
    iree_hal_collective_kind_t kind;
    iree_hal_collective_reduction_t reduction;
    iree_hal_collective_element_type_t element_type;
    uint8_t reserved;
  };
} iree_hal_collective_op_t;

// Formats |op| as text, e.g. "all_reduce<sum, f32>".
iree_string_view_t iree_hal_collective_op_format(
    const iree_hal_collective_op_t* op, iree_bitfield_string_temp_t* out_temp);

iree_device_size_t iree_hal_collective_element_byte_count(
    iree_hal_collective_element_type_t element_type);

// How many workgroups to run: |workgroup_count| directly, or (with the
// indirect dispatch flags) three uint32_t read from |workgroup_count_ref|.
// A zero |workgroup_size| keeps the export's own.
typedef struct iree_hal_dispatch_config_t {
  uint32_t workgroup_size[3];
  uint32_t workgroup_count[3];
  iree_hal_buffer_ref_t workgroup_count_ref;
  uint32_t dynamic_workgroup_local_memory;
} iree_hal_dispatch_config_t;

// IREE's static inline helper, exported by us.
iree_hal_dispatch_config_t iree_hal_make_static_dispatch_config(
    uint32_t workgroup_count_x, uint32_t workgroup_count_y,
    uint32_t workgroup_count_z);

typedef uint64_t iree_hal_dispatch_flags_t;

enum iree_hal_dispatch_flag_bits_t {
  IREE_HAL_DISPATCH_FLAG_NONE = 0x0,
  IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_PARAMETERS = 0x1,
  IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_PARAMETERS = 0x2,
  IREE_HAL_DISPATCH_FLAG_CUSTOM_DIRECT_ARGUMENTS = 0x4,
  IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_ARGUMENTS = 0x8,
  IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_ARGUMENTS = 0x10,
};

// IREE's static inline helpers, exported by us.
bool iree_hal_dispatch_uses_indirect_parameters(iree_hal_dispatch_flags_t flags);
bool iree_hal_dispatch_uses_custom_arguments(iree_hal_dispatch_flags_t flags);
bool iree_hal_dispatch_uses_indirect_arguments(iree_hal_dispatch_flags_t flags);

typedef struct iree_hal_label_color_t iree_hal_label_color_t;

struct iree_hal_label_color_t {
  union {
    struct {
      uint8_t r;
      uint8_t g;
      uint8_t b;
      uint8_t a;
    };
    uint32_t value;
  };
};

typedef struct iree_hal_label_location_t iree_hal_label_location_t;

struct iree_hal_label_location_t {
  iree_string_view_t file;
  int line;
};

iree_string_view_t iree_hal_command_buffer_mode_format(
    iree_hal_command_buffer_mode_t value,
    iree_bitfield_string_temp_t* out_temp);
iree_string_view_t iree_hal_command_category_format(
    iree_hal_command_category_t value,
    iree_bitfield_string_temp_t* out_temp);

#define IREE_HAL_COMMAND_BUFFER_MAX_UPDATE_SIZE 65536

typedef struct iree_hal_buffer_binding_t iree_hal_buffer_binding_t;

struct iree_hal_buffer_binding_t {
  iree_hal_buffer_t* buffer;
  iree_device_size_t offset;
  iree_device_size_t length;
};

typedef struct iree_hal_buffer_binding_table_t iree_hal_buffer_binding_table_t;

struct iree_hal_buffer_binding_table_t {
  iree_host_size_t count;
  const iree_hal_buffer_binding_t* bindings;
};

// IREE's static inline helpers, exported by us.
iree_hal_buffer_binding_table_t iree_hal_buffer_binding_table_empty(void);
bool iree_hal_buffer_binding_table_is_empty(
    iree_hal_buffer_binding_table_t binding_table);
// Resolves an indirect |buffer_ref| through |binding_table| (a direct one is
// returned as it is).
iree_status_t iree_hal_buffer_binding_table_resolve_ref(
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_buffer_ref_t buffer_ref, iree_hal_buffer_ref_t* out_resolved_ref);

typedef struct iree_hal_command_buffer_t iree_hal_command_buffer_t;

iree_status_t iree_hal_command_buffer_create(
    iree_hal_device_t* device,
    iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity,
    iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t**out_command_buffer);
void iree_hal_command_buffer_retain(iree_hal_command_buffer_t* command_buffer);
void iree_hal_command_buffer_release(iree_hal_command_buffer_t* command_buffer);
iree_hal_command_buffer_mode_t iree_hal_command_buffer_mode(
    const iree_hal_command_buffer_t* command_buffer);
iree_hal_command_category_t iree_hal_command_buffer_allowed_categories(
    const iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_begin(
    iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_end(
    iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_begin_debug_group(
    iree_hal_command_buffer_t* command_buffer,
    iree_string_view_t label,
    iree_hal_label_color_t label_color,
    const iree_hal_label_location_t* location);
iree_status_t iree_hal_command_buffer_end_debug_group(
    iree_hal_command_buffer_t* command_buffer);
iree_status_t iree_hal_command_buffer_execution_barrier(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_hal_execution_barrier_flags_t flags,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers);
iree_status_t iree_hal_command_buffer_signal_event(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask);
iree_status_t iree_hal_command_buffer_reset_event(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_event_t* event,
    iree_hal_execution_stage_t source_stage_mask);
iree_status_t iree_hal_command_buffer_wait_events(
    iree_hal_command_buffer_t* command_buffer,
    iree_host_size_t event_count,
    const iree_hal_event_t**events,
    iree_hal_execution_stage_t source_stage_mask,
    iree_hal_execution_stage_t target_stage_mask,
    iree_host_size_t memory_barrier_count,
    const iree_hal_memory_barrier_t* memory_barriers,
    iree_host_size_t buffer_barrier_count,
    const iree_hal_buffer_barrier_t* buffer_barriers);
iree_status_t iree_hal_command_buffer_advise_buffer(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_ref_t buffer_ref,
    iree_hal_memory_advise_flags_t flags,
    uint64_t arg0,
    uint64_t arg1);
iree_status_t iree_hal_command_buffer_fill_buffer(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_ref_t target_ref,
    const void* pattern,
    iree_host_size_t pattern_length,
    iree_hal_fill_flags_t flags);
iree_status_t iree_hal_command_buffer_update_buffer(
    iree_hal_command_buffer_t* command_buffer,
    const void* source_buffer,
    iree_host_size_t source_offset,
    iree_hal_buffer_ref_t target_ref,
    iree_hal_update_flags_t flags);
iree_status_t iree_hal_command_buffer_copy_buffer(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_ref_t source_ref,
    iree_hal_buffer_ref_t target_ref,
    iree_hal_copy_flags_t flags);

// Records a collective on |channel|: |param| is the operation's peer rank or
// root where it has one; |send_ref| and |recv_ref| hold |element_count|
// elements each.
iree_status_t iree_hal_command_buffer_collective(
    iree_hal_command_buffer_t* command_buffer, iree_hal_channel_t* channel,
    iree_hal_collective_op_t op, uint32_t param, iree_hal_buffer_ref_t send_ref,
    iree_hal_buffer_ref_t recv_ref, iree_device_size_t element_count);

// Records a dispatch of export |export_ordinal| of |executable|; |constants|
// are its push constants, as raw bytes.
iree_status_t iree_hal_command_buffer_dispatch(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings, iree_hal_dispatch_flags_t flags);

iree_status_t iree_hal_command_buffer_validate_submission(
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table);

typedef enum iree_hal_transfer_command_type_t {
  IREE_HAL_TRANSFER_COMMAND_TYPE_FILL = 0,
  IREE_HAL_TRANSFER_COMMAND_TYPE_UPDATE = 1,
  IREE_HAL_TRANSFER_COMMAND_TYPE_COPY = 2,
} iree_hal_transfer_command_type_t;

typedef struct iree_hal_transfer_command_t iree_hal_transfer_command_t;

struct iree_hal_transfer_command_t {
  iree_hal_transfer_command_type_t type;
  union {
    struct {
      iree_hal_buffer_t* target_buffer;
      iree_device_size_t target_offset;
      iree_device_size_t length;
      const void* pattern;
      iree_host_size_t pattern_length;
    } fill;
    struct {
      const void* source_buffer;
      iree_host_size_t source_offset;
      iree_hal_buffer_t* target_buffer;
      iree_device_size_t target_offset;
      iree_device_size_t length;
    } update;
    struct {
      iree_hal_buffer_t* source_buffer;
      iree_device_size_t source_offset;
      iree_hal_buffer_t* target_buffer;
      iree_device_size_t target_offset;
      iree_device_size_t length;
    } copy;
  };
};

iree_status_t iree_hal_create_transfer_command_buffer(
    iree_hal_device_t* device,
    iree_hal_command_buffer_mode_t mode,
    iree_hal_queue_affinity_t queue_affinity,
    iree_host_size_t transfer_count,
    const iree_hal_transfer_command_t* transfer_commands,
    iree_hal_command_buffer_t**out_command_buffer);

typedef struct iree_hal_command_buffer_vtable_t iree_hal_command_buffer_vtable_t;

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

iree_host_size_t iree_hal_command_buffer_validation_state_size(
    iree_hal_command_buffer_mode_t mode, iree_host_size_t binding_capacity);
void iree_hal_command_buffer_initialize(
    iree_hal_allocator_t* device_allocator, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    void* validation_state, const iree_hal_command_buffer_vtable_t* vtable,
    iree_hal_command_buffer_t* command_buffer);

// Destroys the command buffer: what its release does when the last reference
// goes. For implementations; everything else releases.
void iree_hal_command_buffer_destroy(iree_hal_command_buffer_t* command_buffer);

#endif  // IREEC_DECLS_IREE_HAL_COMMAND_BUFFER_H_
