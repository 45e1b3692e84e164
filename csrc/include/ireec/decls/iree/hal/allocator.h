// Declarations of IREE's iree/hal/allocator.h: HAL allocators: memory heaps,
// buffer allocation, import and export.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_ALLOCATOR_H_
#define IREEC_DECLS_IREE_HAL_ALLOCATOR_H_

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/bitfield.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_builder.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/queue.h"

enum iree_hal_allocator_pool_bits_t {
  IREE_HAL_ALLOCATOR_POOL_DEFAULT = 0x0,
};

typedef uint32_t iree_hal_allocator_pool_t;

typedef struct iree_hal_allocator_memory_heap_t iree_hal_allocator_memory_heap_t;

struct iree_hal_allocator_memory_heap_t {
  iree_hal_memory_type_t type;
  iree_hal_buffer_usage_t allowed_usage;
  iree_device_size_t max_allocation_size;
  iree_device_size_t min_alignment;
};

enum iree_hal_buffer_compatibility_bits_t {
  IREE_HAL_BUFFER_COMPATIBILITY_NONE = 0x0,
  IREE_HAL_BUFFER_COMPATIBILITY_ALLOCATABLE = 0x1,
  IREE_HAL_BUFFER_COMPATIBILITY_IMPORTABLE = 0x2,
  IREE_HAL_BUFFER_COMPATIBILITY_EXPORTABLE = 0x4,
  IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_TRANSFER = 0x400,
  IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_DISPATCH = 0x800,
  IREE_HAL_BUFFER_COMPATIBILITY_LOW_PERFORMANCE = 0x100000,
};

iree_status_t iree_hal_buffer_compatibility_parse(
    iree_string_view_t value,
    iree_hal_buffer_compatibility_t* out_value);
iree_string_view_t iree_hal_buffer_compatibility_format(
    iree_hal_buffer_compatibility_t value,
    iree_bitfield_string_temp_t* out_temp);

typedef enum iree_hal_external_buffer_type_e {
  IREE_HAL_EXTERNAL_BUFFER_TYPE_NONE = 0,
  IREE_HAL_EXTERNAL_BUFFER_TYPE_HOST_ALLOCATION = 1,
  IREE_HAL_EXTERNAL_BUFFER_TYPE_DEVICE_ALLOCATION = 2,
  IREE_HAL_EXTERNAL_BUFFER_TYPE_OPAQUE_FD = 3,
  IREE_HAL_EXTERNAL_BUFFER_TYPE_OPAQUE_WIN32 = 4,
} iree_hal_external_buffer_type_t;

enum iree_hal_external_buffer_flag_bits_t {
  IREE_HAL_EXTERNAL_BUFFER_FLAG_NONE = 0x0,
};

typedef uint32_t iree_hal_external_buffer_flags_t;

typedef struct iree_hal_external_buffer_t iree_hal_external_buffer_t;

struct iree_hal_external_buffer_t {
  iree_hal_external_buffer_type_t type;
  iree_hal_external_buffer_flags_t flags;
  iree_device_size_t size;
  union {
    struct {
      void* ptr;
    } host_allocation;
    struct {
      uint64_t ptr;
    } device_allocation;
    struct {
      int fd;
    } opaque_fd;
    struct {
      void* handle;
    } opaque_win32;
  } handle;
};

typedef struct iree_hal_physical_memory_t iree_hal_physical_memory_t;

enum iree_hal_memory_protection_bits_t {
  IREE_HAL_MEMORY_PROTECTION_NONE = 0x0,
  IREE_HAL_MEMORY_PROTECTION_READ = 0x1,
  IREE_HAL_MEMORY_PROTECTION_WRITE = 0x2,
  IREE_HAL_MEMORY_PROTECTION_READ_WRITE = 0x3,
};

typedef uint64_t iree_hal_memory_protection_t;

enum iree_hal_memory_advice_bits_t {
  IREE_HAL_MEMORY_ADVICE_NORMAL = 0x0,
  IREE_HAL_MEMORY_ADVICE_WILL_NEED = 0x1,
  IREE_HAL_MEMORY_ADVICE_DONT_NEED = 0x2,
};

typedef uint64_t iree_hal_memory_advice_t;

typedef struct iree_hal_allocator_statistics_t iree_hal_allocator_statistics_t;

struct iree_hal_allocator_statistics_t {
  iree_device_size_t host_bytes_peak;
  iree_device_size_t host_bytes_allocated;
  iree_device_size_t host_bytes_freed;
  iree_device_size_t device_bytes_peak;
  iree_device_size_t device_bytes_allocated;
  iree_device_size_t device_bytes_freed;
};

iree_status_t iree_hal_allocator_statistics_format(
    const iree_hal_allocator_statistics_t* statistics,
    iree_string_builder_t* builder);
void iree_hal_allocator_retain(iree_hal_allocator_t* allocator);
void iree_hal_allocator_release(iree_hal_allocator_t* allocator);
iree_allocator_t iree_hal_allocator_host_allocator(
    const iree_hal_allocator_t* restrict allocator);
iree_status_t iree_hal_allocator_trim(iree_hal_allocator_t* restrict allocator);
void iree_hal_allocator_query_statistics(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_allocator_statistics_t* restrict out_statistics);
iree_status_t iree_hal_allocator_statistics_fprint(
    FILE* file,
    iree_hal_allocator_t* restrict allocator);
iree_status_t iree_hal_allocator_query_memory_heaps(
    iree_hal_allocator_t* restrict allocator,
    iree_host_size_t capacity,
    iree_hal_allocator_memory_heap_t* restrict heaps,
    iree_host_size_t* restrict out_count);
iree_hal_buffer_compatibility_t iree_hal_allocator_query_buffer_compatibility(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_params_t params,
    iree_device_size_t allocation_size,
    iree_hal_buffer_params_t* out_params,
    iree_device_size_t* out_allocation_size);
iree_status_t iree_hal_allocator_allocate_buffer(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_params_t params,
    iree_device_size_t allocation_size,
    iree_hal_buffer_t**out_buffer);
iree_status_t iree_hal_allocator_import_buffer(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_params_t params,
    iree_hal_external_buffer_t* restrict external_buffer,
    iree_hal_buffer_release_callback_t release_callback,
    iree_hal_buffer_t**out_buffer);
iree_status_t iree_hal_allocator_export_buffer(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict buffer,
    iree_hal_external_buffer_type_t requested_type,
    iree_hal_external_buffer_flags_t requested_flags,
    iree_hal_external_buffer_t* restrict out_external_buffer);
bool iree_hal_allocator_supports_virtual_memory(
    iree_hal_allocator_t* restrict allocator);
iree_status_t iree_hal_allocator_virtual_memory_query_granularity(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_params_t params,
    iree_device_size_t* restrict out_minimum_page_size,
    iree_device_size_t* restrict out_recommended_page_size);
iree_status_t iree_hal_allocator_virtual_memory_reserve(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_queue_affinity_t queue_affinity,
    iree_device_size_t size,
    iree_hal_buffer_t**restrict out_virtual_buffer);
iree_status_t iree_hal_allocator_virtual_memory_release(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict virtual_buffer);
iree_status_t iree_hal_allocator_physical_memory_allocate(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_params_t params,
    iree_device_size_t size,
    iree_allocator_t host_allocator,
    iree_hal_physical_memory_t**restrict out_physical_memory);
iree_status_t iree_hal_allocator_physical_memory_free(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_physical_memory_t* restrict physical_memory);
iree_status_t iree_hal_allocator_virtual_memory_map(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict virtual_buffer,
    iree_device_size_t virtual_offset,
    iree_hal_physical_memory_t* restrict physical_memory,
    iree_device_size_t physical_offset,
    iree_device_size_t size);
iree_status_t iree_hal_allocator_virtual_memory_unmap(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict virtual_buffer,
    iree_device_size_t virtual_offset,
    iree_device_size_t size);
iree_status_t iree_hal_allocator_virtual_memory_protect(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict virtual_buffer,
    iree_device_size_t virtual_offset,
    iree_device_size_t size,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_memory_protection_t protection);
iree_status_t iree_hal_allocator_virtual_memory_advise(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict virtual_buffer,
    iree_device_size_t virtual_offset,
    iree_device_size_t size,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_memory_advice_t advice);
iree_status_t iree_hal_allocator_create_heap(
    iree_string_view_t identifier,
    iree_allocator_t data_allocator,
    iree_allocator_t host_allocator,
    iree_hal_allocator_t**out_allocator);

typedef struct iree_hal_allocator_vtable_t iree_hal_allocator_vtable_t;

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

void iree_hal_allocator_deallocate_buffer(
    iree_hal_allocator_t* restrict allocator,
    iree_hal_buffer_t* restrict buffer);

// Destroys the allocator: what its release does when the last reference
// goes. For implementations; everything else releases.
void iree_hal_allocator_destroy(iree_hal_allocator_t* restrict allocator);

#endif  // IREEC_DECLS_IREE_HAL_ALLOCATOR_H_
