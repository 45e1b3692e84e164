// Declarations of IREE's iree/hal/buffer.h: HAL buffers: memory types, usage,
// mapping and subspans.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_BUFFER_H_
#define IREEC_DECLS_IREE_HAL_BUFFER_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/bitfield.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/queue.h"

typedef struct iree_hal_allocator_t iree_hal_allocator_t;
typedef struct iree_hal_device_t iree_hal_device_t;

#define IREE_HAL_WHOLE_BUFFER 0xffffffffffffffffull

enum iree_hal_memory_type_bits_t {
  IREE_HAL_MEMORY_TYPE_NONE = 0x0,
  IREE_HAL_MEMORY_TYPE_OPTIMAL = 0x1,
  IREE_HAL_MEMORY_TYPE_HOST_VISIBLE = 0x2,
  IREE_HAL_MEMORY_TYPE_HOST_COHERENT = 0x4,
  IREE_HAL_MEMORY_TYPE_HOST_CACHED = 0x8,
  IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE = 0x10,
  IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL = 0x30,
  IREE_HAL_MEMORY_TYPE_OPTIMAL_FOR_DEVICE = 0x31,
  IREE_HAL_MEMORY_TYPE_HOST_LOCAL = 0x46,
  IREE_HAL_MEMORY_TYPE_OPTIMAL_FOR_HOST = 0x47,
};

typedef uint32_t iree_hal_memory_type_t;

iree_status_t iree_hal_memory_type_parse(
    iree_string_view_t value,
    iree_hal_memory_type_t* out_value);
iree_string_view_t iree_hal_memory_type_format(
    iree_hal_memory_type_t value,
    iree_bitfield_string_temp_t* out_temp);

enum iree_hal_memory_access_bits_t {
  IREE_HAL_MEMORY_ACCESS_NONE = 0x0,
  IREE_HAL_MEMORY_ACCESS_READ = 0x1,
  IREE_HAL_MEMORY_ACCESS_WRITE = 0x2,
  IREE_HAL_MEMORY_ACCESS_DISCARD = 0x4,
  IREE_HAL_MEMORY_ACCESS_DISCARD_WRITE = 0x6,
  IREE_HAL_MEMORY_ACCESS_ALL = 0x7,
  IREE_HAL_MEMORY_ACCESS_MAY_ALIAS = 0x8,
  IREE_HAL_MEMORY_ACCESS_UNALIGNED = 0x10,
  IREE_HAL_MEMORY_ACCESS_ANY = 0x20,
};

typedef uint16_t iree_hal_memory_access_t;

iree_status_t iree_hal_memory_access_parse(
    iree_string_view_t value,
    iree_hal_memory_access_t* out_value);
iree_string_view_t iree_hal_memory_access_format(
    iree_hal_memory_access_t value,
    iree_bitfield_string_temp_t* out_temp);

enum iree_hal_buffer_usage_bits_t {
  IREE_HAL_BUFFER_USAGE_NONE = 0x0,
  IREE_HAL_BUFFER_USAGE_TRANSFER_SOURCE = 0x1,
  IREE_HAL_BUFFER_USAGE_TRANSFER_TARGET = 0x2,
  IREE_HAL_BUFFER_USAGE_TRANSFER = 0x3,
  IREE_HAL_BUFFER_USAGE_DISPATCH_INDIRECT_PARAMETERS = 0x100,
  IREE_HAL_BUFFER_USAGE_DISPATCH_UNIFORM_READ = 0x200,
  IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE_READ = 0x400,
  IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE_WRITE = 0x800,
  IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE = 0xc00,
  IREE_HAL_BUFFER_USAGE_DEFAULT = 0xc03,
  IREE_HAL_BUFFER_USAGE_DISPATCH_IMAGE_READ = 0x1000,
  IREE_HAL_BUFFER_USAGE_DISPATCH_IMAGE_WRITE = 0x2000,
  IREE_HAL_BUFFER_USAGE_DISPATCH_IMAGE = 0x3000,
  IREE_HAL_BUFFER_USAGE_DISPATCH = 0x3f00,
  IREE_HAL_BUFFER_USAGE_SHARING_EXPORT = 0x10000,
  IREE_HAL_BUFFER_USAGE_SHARING_REPLICATE = 0x20000,
  IREE_HAL_BUFFER_USAGE_SHARING_CONCURRENT = 0x40000,
  IREE_HAL_BUFFER_USAGE_SHARING_IMMUTABLE = 0x80000,
  IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED = 0x1000000,
  IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT = 0x2000000,
  IREE_HAL_BUFFER_USAGE_MAPPING_OPTIONAL = 0x4000000,
  IREE_HAL_BUFFER_USAGE_MAPPING_ACCESS_RANDOM = 0x8000000,
  IREE_HAL_BUFFER_USAGE_MAPPING = 0x9000000,
  IREE_HAL_BUFFER_USAGE_MAPPING_ACCESS_SEQUENTIAL_WRITE = 0x10000000,
};

typedef uint32_t iree_hal_buffer_usage_t;

iree_status_t iree_hal_buffer_usage_parse(
    iree_string_view_t value,
    iree_hal_buffer_usage_t* out_value);
iree_string_view_t iree_hal_buffer_usage_format(
    iree_hal_buffer_usage_t value,
    iree_bitfield_string_temp_t* out_temp);

typedef enum iree_hal_buffer_overlap_e {
  IREE_HAL_BUFFER_OVERLAP_DISJOINT = 0,
  IREE_HAL_BUFFER_OVERLAP_PARTIAL = 1,
  IREE_HAL_BUFFER_OVERLAP_COMPLETE = 2,
} iree_hal_buffer_overlap_t;

typedef uint32_t iree_hal_buffer_compatibility_t;

enum iree_hal_transfer_buffer_flag_bits_t {
  IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT = 0x0,
};

typedef uint32_t iree_hal_transfer_buffer_flags_t;

enum iree_hal_mapping_mode_bits_t {
  IREE_HAL_MAPPING_MODE_SCOPED = 0x1,
  IREE_HAL_MAPPING_MODE_PERSISTENT = 0x2,
};

typedef uint32_t iree_hal_mapping_mode_t;
typedef uint32_t iree_hal_buffer_placement_flags_t;

enum iree_hal_buffer_placement_flag_bits_t {
  IREE_HAL_BUFFER_PLACEMENT_FLAG_NONE = 0x0,
  IREE_HAL_BUFFER_PLACEMENT_FLAG_ASYNCHRONOUS = 0x1,
  IREE_HAL_BUFFER_PLACEMENT_FLAG_INDETERMINATE_LIFETIME = 0x2,
};

typedef struct iree_hal_buffer_placement_t iree_hal_buffer_placement_t;

struct iree_hal_buffer_placement_t {
  iree_hal_device_t* device;
  iree_hal_queue_affinity_t queue_affinity;
  iree_hal_buffer_placement_flags_t flags;
  uint32_t reserved;
};

iree_hal_buffer_placement_t iree_hal_buffer_placement_undefined(void);
bool iree_hal_buffer_placement_is_undefined(
    const iree_hal_buffer_placement_t placement);

typedef struct iree_hal_buffer_params_t iree_hal_buffer_params_t;

struct iree_hal_buffer_params_t {
  iree_hal_buffer_usage_t usage;
  iree_hal_memory_access_t access;
  iree_hal_memory_type_t type;
  iree_hal_queue_affinity_t queue_affinity;
  iree_device_size_t min_alignment;
};

void iree_hal_buffer_params_canonicalize(iree_hal_buffer_params_t* params);
iree_hal_buffer_params_t iree_hal_buffer_params_with_usage(
    const iree_hal_buffer_params_t params,
    iree_hal_buffer_usage_t usage);

typedef struct iree_hal_buffer_mapping_impl_t iree_hal_buffer_mapping_impl_t;

struct iree_hal_buffer_mapping_impl_t {
  iree_device_size_t byte_offset;
  iree_hal_memory_access_t allowed_access;
  uint32_t is_persistent : 1;
  uint32_t reserved_flags : 31;
  uint64_t reserved[1];
};

typedef struct iree_hal_buffer_mapping_t iree_hal_buffer_mapping_t;
typedef struct iree_hal_buffer_t iree_hal_buffer_t;

struct iree_hal_buffer_mapping_t {
  iree_byte_span_t contents;
  struct iree_hal_buffer_t* buffer;
  iree_hal_buffer_mapping_impl_t impl;
};

typedef void (*iree_hal_buffer_release_fn_t)(void*, iree_hal_buffer_t*);

typedef struct {
  iree_hal_buffer_release_fn_t fn;
  void* user_data;
} iree_hal_buffer_release_callback_t;

iree_hal_buffer_release_callback_t iree_hal_buffer_release_callback_null(void);
iree_status_t iree_hal_buffer_validate_memory_type(
    iree_hal_memory_type_t actual_memory_type,
    iree_hal_memory_type_t expected_memory_type);
iree_status_t iree_hal_buffer_validate_access(
    iree_hal_memory_access_t allowed_memory_access,
    iree_hal_memory_access_t required_memory_access);
iree_status_t iree_hal_buffer_validate_usage(
    iree_hal_buffer_usage_t allowed_usage,
    iree_hal_buffer_usage_t required_usage);
iree_status_t iree_hal_buffer_validate_range(
    iree_hal_buffer_t* buffer,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length);
iree_status_t iree_hal_buffer_calculate_range(
    iree_device_size_t base_offset,
    iree_device_size_t max_length,
    iree_device_size_t offset,
    iree_device_size_t length,
    iree_device_size_t* out_adjusted_offset,
    iree_device_size_t* out_adjusted_length);
iree_hal_buffer_overlap_t iree_hal_buffer_test_overlap(
    iree_hal_buffer_t* lhs_buffer,
    iree_device_size_t lhs_offset,
    iree_device_size_t lhs_length,
    iree_hal_buffer_t* rhs_buffer,
    iree_device_size_t rhs_offset,
    iree_device_size_t rhs_length);
iree_status_t iree_hal_buffer_subspan(
    iree_hal_buffer_t* buffer,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    iree_allocator_t host_allocator,
    iree_hal_buffer_t**out_buffer);
void iree_hal_buffer_retain(iree_hal_buffer_t* buffer);
void iree_hal_buffer_release(iree_hal_buffer_t* buffer);
iree_hal_buffer_t* iree_hal_buffer_allocated_buffer(
    const iree_hal_buffer_t* buffer);
iree_device_size_t iree_hal_buffer_allocation_size(
    const iree_hal_buffer_t* buffer);
iree_hal_buffer_placement_t iree_hal_buffer_allocation_placement(
    const iree_hal_buffer_t* buffer);
void iree_hal_buffer_allocation_preserve(iree_hal_buffer_t* buffer);
bool iree_hal_buffer_allocation_discard(iree_hal_buffer_t* buffer);
bool iree_hal_buffer_allocation_is_terminal(const iree_hal_buffer_t* buffer);
iree_device_size_t iree_hal_buffer_byte_offset(const iree_hal_buffer_t* buffer);
iree_device_size_t iree_hal_buffer_byte_length(const iree_hal_buffer_t* buffer);
iree_hal_memory_type_t iree_hal_buffer_memory_type(
    const iree_hal_buffer_t* buffer);
iree_hal_memory_access_t iree_hal_buffer_allowed_access(
    const iree_hal_buffer_t* buffer);
iree_hal_buffer_usage_t iree_hal_buffer_allowed_usage(
    const iree_hal_buffer_t* buffer);
iree_status_t iree_hal_buffer_map_zero(
    iree_hal_buffer_t* buffer,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length);
iree_status_t iree_hal_buffer_map_fill(
    iree_hal_buffer_t* buffer,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    const void* pattern,
    iree_host_size_t pattern_length);
iree_status_t iree_hal_buffer_map_read(
    iree_hal_buffer_t* source_buffer,
    iree_device_size_t source_offset,
    void* target_buffer,
    iree_device_size_t data_length);
iree_status_t iree_hal_buffer_map_write(
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    const void* source_buffer,
    iree_device_size_t data_length);
iree_status_t iree_hal_buffer_map_copy(
    iree_hal_buffer_t* source_buffer,
    iree_device_size_t source_offset,
    iree_hal_buffer_t* target_buffer,
    iree_device_size_t target_offset,
    iree_device_size_t data_length);
iree_status_t iree_hal_buffer_map_range(
    iree_hal_buffer_t* buffer,
    iree_hal_mapping_mode_t mapping_mode,
    iree_hal_memory_access_t memory_access,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    iree_hal_buffer_mapping_t* out_buffer_mapping);
iree_status_t iree_hal_buffer_prepare_map_range(
    iree_hal_buffer_t* buffer,
    iree_hal_mapping_mode_t mapping_mode,
    iree_hal_memory_access_t memory_access,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    iree_hal_buffer_mapping_t* out_buffer_mapping);
iree_status_t iree_hal_buffer_commit_map_range(
    iree_hal_buffer_t* buffer,
    iree_hal_mapping_mode_t mapping_mode,
    iree_hal_memory_access_t memory_access,
    iree_hal_buffer_mapping_t* buffer_mapping);
iree_status_t iree_hal_buffer_unmap_range(
    iree_hal_buffer_mapping_t* buffer_mapping);
iree_status_t iree_hal_buffer_mapping_invalidate_range(
    iree_hal_buffer_mapping_t* buffer_mapping,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length);
iree_status_t iree_hal_buffer_mapping_flush_range(
    iree_hal_buffer_mapping_t* buffer_mapping,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length);
iree_status_t iree_hal_buffer_mapping_subspan(
    iree_hal_buffer_mapping_t* buffer_mapping,
    iree_hal_memory_access_t memory_access,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    iree_byte_span_t* out_span);
iree_status_t iree_hal_subspan_buffer_create(
    iree_hal_buffer_t* allocated_buffer,
    iree_device_size_t byte_offset,
    iree_device_size_t byte_length,
    iree_allocator_t host_allocator,
    iree_hal_buffer_t**out_buffer);
iree_status_t iree_hal_heap_buffer_wrap(
    iree_hal_buffer_placement_t placement,
    iree_hal_memory_type_t memory_type,
    iree_hal_memory_access_t allowed_access,
    iree_hal_buffer_usage_t allowed_usage,
    iree_device_size_t allocation_size,
    iree_byte_span_t data,
    iree_hal_buffer_release_callback_t release_callback,
    iree_allocator_t host_allocator,
    iree_hal_buffer_t**out_buffer);

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

// What a buffer's release does when the last reference goes: hands it back
// to the pool it came from or destroys it. Buffer implementations put it
// first in their vtable.
void iree_hal_buffer_recycle(iree_hal_buffer_t* buffer);

#endif  // IREEC_DECLS_IREE_HAL_BUFFER_H_
