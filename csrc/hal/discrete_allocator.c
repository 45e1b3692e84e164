// The discrete allocator and its buffers (see discrete.h): DEVICE_LOCAL memory
// that the host cannot map, as a discrete GPU's default heap hands out.
//
// A discrete buffer is a HAL buffer of its own whose memory type is what was
// asked for (DEVICE_LOCAL, never HOST_VISIBLE) and whose mapping is refused
// the way a GPU driver's buffer refuses it: with IREE's memory type check,
// PERMISSION_DENIED "buffer has DEVICE_LOCAL, operation requires
// HOST_VISIBLE". Its bytes live in a host-visible buffer from the storage
// allocator, which only the device (discrete_device.c) is given.

#include <string.h>

#include "discrete.h"
#include "iree/base/internal/synchronization.h"

//===----------------------------------------------------------------------===//
// ireec_hal_discrete_buffer_t
//===----------------------------------------------------------------------===//

typedef struct ireec_hal_discrete_buffer_t {
  iree_hal_buffer_t base;
  iree_allocator_t host_allocator;
  // The bytes, host-visible; owned (one reference).
  iree_hal_buffer_t* storage;
  // The allocator that made it, retained: it names the device whose memory
  // this is (ireec_hal_discrete_buffer_owner), also after that device is gone.
  iree_hal_allocator_t* allocator;
} ireec_hal_discrete_buffer_t;

static const iree_hal_buffer_vtable_t ireec_hal_discrete_buffer_vtable;

static ireec_hal_discrete_buffer_t* ireec_hal_discrete_buffer_cast(
    iree_hal_buffer_t* buffer) {
  if (!buffer ||
      ireec_hal_object_vtable(buffer) != &ireec_hal_discrete_buffer_vtable) {
    return NULL;
  }
  return (ireec_hal_discrete_buffer_t*)buffer;
}

static void ireec_hal_discrete_buffer_destroy(iree_hal_buffer_t* base_buffer) {
  ireec_hal_discrete_buffer_t* buffer =
      (ireec_hal_discrete_buffer_t*)base_buffer;
  iree_allocator_t host_allocator = buffer->host_allocator;
  iree_hal_buffer_release(buffer->storage);
  iree_hal_allocator_release(buffer->allocator);
  iree_allocator_free(host_allocator, buffer);
}

// The host cannot see this memory: every mapping fails as IREE's check of a
// mapping's memory type fails (persistent mappings never get here, IREE
// refuses them first with the same check).
static iree_status_t ireec_hal_discrete_buffer_refuse_host_access(
    iree_hal_buffer_t* base_buffer) {
  iree_status_t status = iree_hal_buffer_validate_memory_type(
      iree_hal_buffer_memory_type(base_buffer),
      IREE_HAL_MEMORY_TYPE_HOST_VISIBLE);
  if (iree_status_is_ok(status)) {
    // Unreachable: discrete buffers are never HOST_VISIBLE.
    status = iree_make_status(IREE_STATUS_PERMISSION_DENIED,
                              "discrete device memory cannot be mapped");
  }
  return status;
}

static iree_status_t ireec_hal_discrete_buffer_map_range(
    iree_hal_buffer_t* base_buffer, iree_hal_mapping_mode_t mapping_mode,
    iree_hal_memory_access_t memory_access,
    iree_device_size_t local_byte_offset, iree_device_size_t local_byte_length,
    iree_hal_buffer_mapping_t* mapping) {
  return ireec_hal_discrete_buffer_refuse_host_access(base_buffer);
}

static iree_status_t ireec_hal_discrete_buffer_unmap_range(
    iree_hal_buffer_t* base_buffer, iree_device_size_t local_byte_offset,
    iree_device_size_t local_byte_length, iree_hal_buffer_mapping_t* mapping) {
  // Nothing is ever mapped.
  return iree_ok_status();
}

static iree_status_t ireec_hal_discrete_buffer_invalidate_range(
    iree_hal_buffer_t* base_buffer, iree_device_size_t local_byte_offset,
    iree_device_size_t local_byte_length) {
  return ireec_hal_discrete_buffer_refuse_host_access(base_buffer);
}

static iree_status_t ireec_hal_discrete_buffer_flush_range(
    iree_hal_buffer_t* base_buffer, iree_device_size_t local_byte_offset,
    iree_device_size_t local_byte_length) {
  return ireec_hal_discrete_buffer_refuse_host_access(base_buffer);
}

static const iree_hal_buffer_vtable_t ireec_hal_discrete_buffer_vtable = {
    // No pool: the last release destroys the buffer (iree_hal_buffer_recycle
    // does so for buffers without a pooling allocator).
    .recycle = ireec_hal_discrete_buffer_destroy,
    .destroy = ireec_hal_discrete_buffer_destroy,
    .map_range = ireec_hal_discrete_buffer_map_range,
    .unmap_range = ireec_hal_discrete_buffer_unmap_range,
    .invalidate_range = ireec_hal_discrete_buffer_invalidate_range,
    .flush_range = ireec_hal_discrete_buffer_flush_range,
};

// Wraps |storage|, taking its reference (released when failing: _move).
static iree_status_t ireec_hal_discrete_buffer_wrap_move(
    iree_hal_allocator_t* allocator, iree_hal_buffer_t* storage,
    iree_hal_memory_type_t memory_type,
    iree_hal_memory_access_t allowed_access,
    iree_hal_buffer_usage_t allowed_usage, iree_allocator_t host_allocator,
    iree_hal_buffer_t** out_buffer) {
  ireec_hal_discrete_buffer_t* buffer = NULL;
  iree_status_t status =
      iree_allocator_malloc(host_allocator, sizeof(*buffer), (void**)&buffer);
  if (!iree_status_is_ok(status)) {
    iree_hal_buffer_release(storage);
    return status;
  }
  memset(buffer, 0, sizeof(*buffer));
  const iree_device_size_t size = iree_hal_buffer_byte_length(storage);
  iree_hal_buffer_initialize(iree_hal_buffer_allocation_placement(storage),
                             &buffer->base, size, /*byte_offset=*/0, size,
                             memory_type, allowed_access, allowed_usage,
                             &ireec_hal_discrete_buffer_vtable, &buffer->base);
  buffer->host_allocator = host_allocator;
  buffer->storage = storage;
  buffer->allocator = allocator;
  iree_hal_allocator_retain(allocator);
  *out_buffer = &buffer->base;
  return iree_ok_status();
}

IREEC_HAL_INTERNAL void ireec_hal_discrete_resolve(
    iree_hal_buffer_t** inout_buffer, iree_device_size_t* inout_offset,
    iree_device_size_t* inout_length) {
  iree_hal_buffer_t* buffer = *inout_buffer;
  if (!buffer) return;
  ireec_hal_discrete_buffer_t* discrete =
      ireec_hal_discrete_buffer_cast(iree_hal_buffer_allocated_buffer(buffer));
  if (!discrete) return;
  // Offsets in a reference are relative to |buffer|, which may be a subspan
  // of the discrete buffer; the storage lines up with the discrete buffer.
  if (inout_length && *inout_length == IREE_HAL_WHOLE_BUFFER) {
    const iree_device_size_t length = iree_hal_buffer_byte_length(buffer);
    *inout_length = *inout_offset <= length ? length - *inout_offset : 0;
  }
  *inout_offset += iree_hal_buffer_byte_offset(buffer);
  *inout_buffer = discrete->storage;
}

IREEC_HAL_INTERNAL iree_hal_buffer_ref_t
ireec_hal_discrete_resolve_ref(iree_hal_buffer_ref_t ref) {
  ireec_hal_discrete_resolve(&ref.buffer, &ref.offset, &ref.length);
  return ref;
}

//===----------------------------------------------------------------------===//
// ireec_hal_discrete_allocator_t
//===----------------------------------------------------------------------===//

typedef struct ireec_hal_discrete_allocator_t {
  iree_hal_resource_t resource;
  iree_allocator_t host_allocator;
  // Host-visible memory: the storage of discrete buffers and every buffer
  // whose request demands host visibility; retained.
  iree_hal_allocator_t* storage_allocator;
  // The device whose memory the discrete buffers are (not retained: the
  // device owns the allocator); NULL until set and once that device is gone.
  // Guarded by |owner_mutex|, as buffers outlive their device.
  iree_slim_mutex_t owner_mutex;
  iree_hal_device_t* owner;
  // The owner's name, kept for messages once it is gone (NUL-terminated).
  char owner_name[128];
} ireec_hal_discrete_allocator_t;

static const iree_hal_allocator_vtable_t ireec_hal_discrete_allocator_vtable;

static ireec_hal_discrete_allocator_t* ireec_hal_discrete_allocator_cast(
    const iree_hal_allocator_t* base_allocator) {
  return (ireec_hal_discrete_allocator_t*)base_allocator;
}

// What a discrete GPU's default heap serves: requests that do not ask the
// host to see the memory.
static bool ireec_hal_discrete_request_is_device_only(
    const iree_hal_buffer_params_t* params) {
  return !iree_any_bit_set(params->type, IREE_HAL_MEMORY_TYPE_HOST_VISIBLE);
}

static void ireec_hal_discrete_allocator_destroy(
    iree_hal_allocator_t* restrict base_allocator) {
  ireec_hal_discrete_allocator_t* allocator =
      ireec_hal_discrete_allocator_cast(base_allocator);
  iree_allocator_t host_allocator = allocator->host_allocator;
  iree_hal_allocator_release(allocator->storage_allocator);
  iree_slim_mutex_deinitialize(&allocator->owner_mutex);
  iree_allocator_free(host_allocator, allocator);
}

static iree_allocator_t ireec_hal_discrete_allocator_host_allocator(
    const iree_hal_allocator_t* restrict base_allocator) {
  return ireec_hal_discrete_allocator_cast(base_allocator)->host_allocator;
}

static iree_status_t ireec_hal_discrete_allocator_trim(
    iree_hal_allocator_t* restrict base_allocator) {
  return iree_hal_allocator_trim(
      ireec_hal_discrete_allocator_cast(base_allocator)->storage_allocator);
}

// Every byte comes from the storage allocator, so its statistics are ours.
static void ireec_hal_discrete_allocator_query_statistics(
    iree_hal_allocator_t* restrict base_allocator,
    iree_hal_allocator_statistics_t* restrict out_statistics) {
  iree_hal_allocator_query_statistics(
      ireec_hal_discrete_allocator_cast(base_allocator)->storage_allocator,
      out_statistics);
}

// Heap 0 is the device-local one (as a discrete GPU's first heap: transfer and
// dispatch, no mapping); the storage allocator's heaps follow, as the memory
// that requests for host visibility get.
static iree_status_t ireec_hal_discrete_allocator_query_memory_heaps(
    iree_hal_allocator_t* restrict base_allocator, iree_host_size_t capacity,
    iree_hal_allocator_memory_heap_t* restrict heaps,
    iree_host_size_t* restrict out_count) {
  ireec_hal_discrete_allocator_t* allocator =
      ireec_hal_discrete_allocator_cast(base_allocator);
  iree_host_size_t storage_count = 0;
  iree_status_t status = iree_hal_allocator_query_memory_heaps(
      allocator->storage_allocator, capacity > 0 ? capacity - 1 : 0,
      capacity > 0 ? heaps + 1 : NULL, &storage_count);
  const iree_host_size_t count = 1 + storage_count;
  if (out_count) *out_count = count;
  if (capacity < count) {
    iree_status_ignore(status);
    // Lightweight, as callers size their array with this.
    return iree_status_from_code(IREE_STATUS_OUT_OF_RANGE);
  }
  IREE_RETURN_IF_ERROR(status);
  heaps[0] = (iree_hal_allocator_memory_heap_t){
      .type = IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
      .allowed_usage =
          IREE_HAL_BUFFER_USAGE_TRANSFER | IREE_HAL_BUFFER_USAGE_DISPATCH,
      .max_allocation_size = ~(iree_device_size_t)0,
      .min_alignment = IREE_HAL_HEAP_BUFFER_ALIGNMENT,
  };
  return iree_ok_status();
}

static iree_hal_buffer_compatibility_t
ireec_hal_discrete_allocator_query_buffer_compatibility(
    iree_hal_allocator_t* restrict base_allocator,
    iree_hal_buffer_params_t* restrict params,
    iree_device_size_t* restrict allocation_size) {
  ireec_hal_discrete_allocator_t* allocator =
      ireec_hal_discrete_allocator_cast(base_allocator);
  if (!ireec_hal_discrete_request_is_device_only(params)) {
    return iree_hal_allocator_query_buffer_compatibility(
        allocator->storage_allocator, *params, *allocation_size, params,
        allocation_size);
  }
  // As a GPU allocator answers for its device-local heap. Host memory can be
  // imported (it then stays host memory, as the storage allocator makes it).
  iree_hal_buffer_compatibility_t compatibility =
      IREE_HAL_BUFFER_COMPATIBILITY_ALLOCATABLE |
      IREE_HAL_BUFFER_COMPATIBILITY_IMPORTABLE;
  if (iree_all_bits_set(params->type, IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE)) {
    if (iree_any_bit_set(params->usage, IREE_HAL_BUFFER_USAGE_TRANSFER)) {
      compatibility |= IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_TRANSFER;
    }
    if (iree_any_bit_set(params->usage,
                         IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE)) {
      compatibility |= IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_DISPATCH;
    }
  }
  params->type &= ~IREE_HAL_MEMORY_TYPE_OPTIMAL;
  if (*allocation_size == 0) *allocation_size = 4;
  return compatibility;
}

static iree_status_t ireec_hal_discrete_allocator_allocate_buffer(
    iree_hal_allocator_t* restrict base_allocator,
    const iree_hal_buffer_params_t* restrict params,
    iree_device_size_t allocation_size,
    iree_hal_buffer_t** restrict out_buffer) {
  ireec_hal_discrete_allocator_t* allocator =
      ireec_hal_discrete_allocator_cast(base_allocator);
  if (!ireec_hal_discrete_request_is_device_only(params)) {
    return iree_hal_allocator_allocate_buffer(allocator->storage_allocator,
                                              *params, allocation_size,
                                              out_buffer);
  }
  iree_hal_buffer_params_t device_params = *params;
  ireec_hal_discrete_allocator_query_buffer_compatibility(
      base_allocator, &device_params, &allocation_size);

  // The storage is ordinary host memory the device can map and dispatch on.
  iree_hal_buffer_params_t storage_params = device_params;
  storage_params.type |= IREE_HAL_MEMORY_TYPE_HOST_VISIBLE;
  storage_params.access = IREE_HAL_MEMORY_ACCESS_ALL;
  storage_params.usage |= IREE_HAL_BUFFER_USAGE_TRANSFER |
                          IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE |
                          IREE_HAL_BUFFER_USAGE_MAPPING;
  iree_hal_buffer_t* storage = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_allocator_allocate_buffer(
      allocator->storage_allocator, storage_params, allocation_size,
      &storage));
  iree_hal_memory_access_t access = device_params.access
                                        ? device_params.access
                                        : IREE_HAL_MEMORY_ACCESS_ALL;
  return ireec_hal_discrete_buffer_wrap_move(
      base_allocator, storage, device_params.type, access, device_params.usage,
      allocator->host_allocator, out_buffer);
}

static void ireec_hal_discrete_allocator_deallocate_buffer(
    iree_hal_allocator_t* restrict base_allocator,
    iree_hal_buffer_t* restrict base_buffer) {
  // Buffers are not pooled: they destroy themselves on their last release.
  iree_hal_buffer_destroy(base_buffer);
}

static iree_status_t ireec_hal_discrete_allocator_import_buffer(
    iree_hal_allocator_t* restrict base_allocator,
    const iree_hal_buffer_params_t* restrict params,
    iree_hal_external_buffer_t* restrict external_buffer,
    iree_hal_buffer_release_callback_t release_callback,
    iree_hal_buffer_t** restrict out_buffer) {
  // Imported memory is the host's own; it stays host memory.
  return iree_hal_allocator_import_buffer(
      ireec_hal_discrete_allocator_cast(base_allocator)->storage_allocator,
      *params, external_buffer, release_callback, out_buffer);
}

static iree_status_t ireec_hal_discrete_allocator_export_buffer(
    iree_hal_allocator_t* restrict base_allocator,
    iree_hal_buffer_t* restrict buffer,
    iree_hal_external_buffer_type_t requested_type,
    iree_hal_external_buffer_flags_t requested_flags,
    iree_hal_external_buffer_t* restrict out_external_buffer) {
  if (ireec_hal_discrete_buffer_cast(iree_hal_buffer_allocated_buffer(buffer))) {
    return iree_make_status(IREE_STATUS_UNAVAILABLE,
                            "discrete device memory cannot be exported to the "
                            "host; transfer it to a host buffer instead");
  }
  return iree_hal_allocator_export_buffer(
      ireec_hal_discrete_allocator_cast(base_allocator)->storage_allocator,
      buffer, requested_type, requested_flags, out_external_buffer);
}

static const iree_hal_allocator_vtable_t ireec_hal_discrete_allocator_vtable = {
    .destroy = ireec_hal_discrete_allocator_destroy,
    .host_allocator = ireec_hal_discrete_allocator_host_allocator,
    .trim = ireec_hal_discrete_allocator_trim,
    .query_statistics = ireec_hal_discrete_allocator_query_statistics,
    .query_memory_heaps = ireec_hal_discrete_allocator_query_memory_heaps,
    .query_buffer_compatibility =
        ireec_hal_discrete_allocator_query_buffer_compatibility,
    .allocate_buffer = ireec_hal_discrete_allocator_allocate_buffer,
    .deallocate_buffer = ireec_hal_discrete_allocator_deallocate_buffer,
    .import_buffer = ireec_hal_discrete_allocator_import_buffer,
    .export_buffer = ireec_hal_discrete_allocator_export_buffer,
};

IREEC_HAL_INTERNAL iree_status_t ireec_hal_discrete_allocator_create(
    iree_hal_allocator_t* storage_allocator, iree_allocator_t host_allocator,
    iree_hal_allocator_t** out_allocator) {
  *out_allocator = NULL;
  ireec_hal_discrete_allocator_t* allocator = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(host_allocator, sizeof(*allocator),
                                             (void**)&allocator));
  iree_hal_resource_initialize(&ireec_hal_discrete_allocator_vtable,
                               &allocator->resource);
  allocator->host_allocator = host_allocator;
  allocator->storage_allocator = storage_allocator;
  iree_hal_allocator_retain(storage_allocator);
  iree_slim_mutex_initialize(&allocator->owner_mutex);
  allocator->owner = NULL;
  allocator->owner_name[0] = 0;
  *out_allocator = (iree_hal_allocator_t*)allocator;
  return iree_ok_status();
}

//===----------------------------------------------------------------------===//
// Whose memory a discrete buffer is
//===----------------------------------------------------------------------===//

IREEC_HAL_INTERNAL bool ireec_hal_discrete_allocator_isa(
    iree_hal_allocator_t* allocator) {
  return allocator &&
         ireec_hal_object_vtable(allocator) == &ireec_hal_discrete_allocator_vtable;
}

IREEC_HAL_INTERNAL void ireec_hal_discrete_allocator_set_owner(
    iree_hal_allocator_t* base_allocator, iree_hal_device_t* owner,
    iree_string_view_t owner_name) {
  if (!ireec_hal_discrete_allocator_isa(base_allocator)) return;
  ireec_hal_discrete_allocator_t* allocator =
      ireec_hal_discrete_allocator_cast(base_allocator);
  iree_slim_mutex_lock(&allocator->owner_mutex);
  allocator->owner = owner;
  iree_string_view_to_cstring(owner_name, allocator->owner_name,
                              sizeof(allocator->owner_name));
  iree_slim_mutex_unlock(&allocator->owner_mutex);
}

IREEC_HAL_INTERNAL const char* ireec_hal_discrete_allocator_owner_name(
    iree_hal_allocator_t* base_allocator) {
  if (!ireec_hal_discrete_allocator_isa(base_allocator)) return "";
  return ireec_hal_discrete_allocator_cast(base_allocator)->owner_name;
}

IREEC_HAL_INTERNAL void ireec_hal_discrete_allocator_clear_owner(
    iree_hal_allocator_t* base_allocator, iree_hal_device_t* owner) {
  if (!ireec_hal_discrete_allocator_isa(base_allocator)) return;
  ireec_hal_discrete_allocator_t* allocator =
      ireec_hal_discrete_allocator_cast(base_allocator);
  iree_slim_mutex_lock(&allocator->owner_mutex);
  if (allocator->owner == owner) allocator->owner = NULL;
  iree_slim_mutex_unlock(&allocator->owner_mutex);
}

// A reference to |resource| unless its last one is already being released
// (its count at zero: it is being destroyed and must not be revived).
static bool ireec_hal_resource_try_retain(iree_hal_resource_t* resource) {
  int32_t count = __atomic_load_n((int32_t*)&resource->ref_count,
                                  __ATOMIC_ACQUIRE);
  while (count > 0) {
    if (__atomic_compare_exchange_n((int32_t*)&resource->ref_count, &count,
                                    count + 1, /*weak=*/true,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      return true;
    }
  }
  return false;
}

IREEC_HAL_INTERNAL bool ireec_hal_discrete_buffer_owner(
    iree_hal_buffer_t* buffer, iree_hal_allocator_t** out_allocator,
    iree_hal_device_t** out_owner) {
  if (out_owner) *out_owner = NULL;
  if (out_allocator) *out_allocator = NULL;
  ireec_hal_discrete_buffer_t* discrete =
      ireec_hal_discrete_buffer_cast(iree_hal_buffer_allocated_buffer(buffer));
  if (!discrete) return false;
  if (out_allocator) *out_allocator = discrete->allocator;
  if (!out_owner) return true;
  ireec_hal_discrete_allocator_t* allocator =
      ireec_hal_discrete_allocator_cast(discrete->allocator);
  iree_slim_mutex_lock(&allocator->owner_mutex);
  if (allocator->owner &&
      ireec_hal_resource_try_retain((iree_hal_resource_t*)allocator->owner)) {
    *out_owner = allocator->owner;
  }
  iree_slim_mutex_unlock(&allocator->owner_mutex);
  return true;
}
