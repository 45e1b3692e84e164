// The host-memory allocator (see host_memory.h): device-local memory asked
// for host-visible too, on accelerators whose device-local memory is host
// memory.
//
// Everything else forwards to the accelerator's own allocator: its buffers
// are that allocator's, placed on that device, released as they always are.

#include "host_memory.h"

typedef struct ireec_hal_host_memory_allocator_t {
  iree_hal_resource_t resource;
  iree_allocator_t host_allocator;
  // The accelerator's allocator; owned (one reference).
  iree_hal_allocator_t* inner;
} ireec_hal_host_memory_allocator_t;

static const iree_hal_allocator_vtable_t ireec_hal_host_memory_allocator_vtable;

static ireec_hal_host_memory_allocator_t* ireec_hal_host_memory_allocator_cast(
    const iree_hal_allocator_t* allocator) {
  return (ireec_hal_host_memory_allocator_t*)allocator;
}

static iree_hal_allocator_t* ireec_inner(const iree_hal_allocator_t* allocator) {
  return ireec_hal_host_memory_allocator_cast(allocator)->inner;
}

// A request for device-local memory that does not ask for host visibility
// gets it, and the usage the host needs to map it: on these devices it is
// the same memory either way.
static iree_hal_buffer_params_t ireec_host_visible_params(
    iree_hal_buffer_params_t params) {
  if (iree_all_bits_set(params.type, IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL) &&
      !iree_any_bit_set(params.type, IREE_HAL_MEMORY_TYPE_HOST_VISIBLE)) {
    params.type |= IREE_HAL_MEMORY_TYPE_HOST_VISIBLE;
    // Scoped and persistent: a CPU device's executables map what they use
    // for as long as they run.
    params.usage |= IREE_HAL_BUFFER_USAGE_MAPPING | IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT;
  }
  return params;
}

static void ireec_hal_host_memory_allocator_destroy(
    iree_hal_allocator_t* restrict base_allocator) {
  ireec_hal_host_memory_allocator_t* allocator =
      ireec_hal_host_memory_allocator_cast(base_allocator);
  iree_allocator_t host_allocator = allocator->host_allocator;
  iree_hal_allocator_release(allocator->inner);
  iree_allocator_free(host_allocator, allocator);
}

static iree_allocator_t ireec_hal_host_memory_allocator_host_allocator(
    const iree_hal_allocator_t* restrict base_allocator) {
  return iree_hal_allocator_host_allocator(ireec_inner(base_allocator));
}

static iree_status_t ireec_hal_host_memory_allocator_trim(
    iree_hal_allocator_t* restrict base_allocator) {
  return iree_hal_allocator_trim(ireec_inner(base_allocator));
}

static void ireec_hal_host_memory_allocator_query_statistics(
    iree_hal_allocator_t* restrict base_allocator,
    iree_hal_allocator_statistics_t* restrict out_statistics) {
  iree_hal_allocator_query_statistics(ireec_inner(base_allocator), out_statistics);
}

static iree_status_t ireec_hal_host_memory_allocator_query_memory_heaps(
    iree_hal_allocator_t* restrict base_allocator, iree_host_size_t capacity,
    iree_hal_allocator_memory_heap_t* restrict heaps,
    iree_host_size_t* restrict out_count) {
  return iree_hal_allocator_query_memory_heaps(ireec_inner(base_allocator),
                                               capacity, heaps, out_count);
}

static iree_hal_buffer_compatibility_t
ireec_hal_host_memory_allocator_query_buffer_compatibility(
    iree_hal_allocator_t* restrict base_allocator,
    iree_hal_buffer_params_t* restrict params,
    iree_device_size_t* restrict allocation_size) {
  *params = ireec_host_visible_params(*params);
  return iree_hal_allocator_query_buffer_compatibility(
      ireec_inner(base_allocator), *params, *allocation_size, params,
      allocation_size);
}

static iree_status_t ireec_hal_host_memory_allocator_allocate_buffer(
    iree_hal_allocator_t* restrict base_allocator,
    const iree_hal_buffer_params_t* restrict params,
    iree_device_size_t allocation_size, iree_hal_buffer_t** restrict out_buffer) {
  return iree_hal_allocator_allocate_buffer(ireec_inner(base_allocator),
                                            ireec_host_visible_params(*params),
                                            allocation_size, out_buffer);
}

static void ireec_hal_host_memory_allocator_deallocate_buffer(
    iree_hal_allocator_t* restrict base_allocator,
    iree_hal_buffer_t* restrict buffer) {
  iree_hal_allocator_deallocate_buffer(ireec_inner(base_allocator), buffer);
}

static iree_status_t ireec_hal_host_memory_allocator_import_buffer(
    iree_hal_allocator_t* restrict base_allocator,
    const iree_hal_buffer_params_t* restrict params,
    iree_hal_external_buffer_t* restrict external_buffer,
    iree_hal_buffer_release_callback_t release_callback,
    iree_hal_buffer_t** restrict out_buffer) {
  // Imported memory is what it is: the request is passed on as made.
  return iree_hal_allocator_import_buffer(ireec_inner(base_allocator), *params,
                                          external_buffer, release_callback,
                                          out_buffer);
}

static iree_status_t ireec_hal_host_memory_allocator_export_buffer(
    iree_hal_allocator_t* restrict base_allocator, iree_hal_buffer_t* restrict buffer,
    iree_hal_external_buffer_type_t requested_type,
    iree_hal_external_buffer_flags_t requested_flags,
    iree_hal_external_buffer_t* restrict out_external_buffer) {
  return iree_hal_allocator_export_buffer(ireec_inner(base_allocator), buffer,
                                          requested_type, requested_flags,
                                          out_external_buffer);
}

// Virtual memory is left out (NULL: IREE's API then reports it unsupported):
// the accelerators this wraps offer none through IREE 3.9's drivers.
static const iree_hal_allocator_vtable_t ireec_hal_host_memory_allocator_vtable = {
    .destroy = ireec_hal_host_memory_allocator_destroy,
    .host_allocator = ireec_hal_host_memory_allocator_host_allocator,
    .trim = ireec_hal_host_memory_allocator_trim,
    .query_statistics = ireec_hal_host_memory_allocator_query_statistics,
    .query_memory_heaps = ireec_hal_host_memory_allocator_query_memory_heaps,
    .query_buffer_compatibility =
        ireec_hal_host_memory_allocator_query_buffer_compatibility,
    .allocate_buffer = ireec_hal_host_memory_allocator_allocate_buffer,
    .deallocate_buffer = ireec_hal_host_memory_allocator_deallocate_buffer,
    .import_buffer = ireec_hal_host_memory_allocator_import_buffer,
    .export_buffer = ireec_hal_host_memory_allocator_export_buffer,
};

IREEC_HAL_INTERNAL bool ireec_hal_allocator_memory_is_host_memory(
    iree_hal_allocator_t* allocator) {
  iree_hal_allocator_memory_heap_t heaps[16];
  iree_host_size_t count = 0;
  iree_status_t status = iree_hal_allocator_query_memory_heaps(
      allocator, IREE_ARRAYSIZE(heaps), heaps, &count);
  if (!iree_status_is_ok(status)) {
    iree_status_ignore(status);
    return false;
  }
  bool any_device_local = false;
  for (iree_host_size_t i = 0; i < count; ++i) {
    if (!iree_all_bits_set(heaps[i].type, IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL)) continue;
    any_device_local = true;
    if (!iree_all_bits_set(heaps[i].type, IREE_HAL_MEMORY_TYPE_HOST_VISIBLE) ||
        !iree_all_bits_set(heaps[i].allowed_usage,
                           IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED)) {
      return false;
    }
  }
  return any_device_local;
}

IREEC_HAL_INTERNAL iree_status_t ireec_hal_host_memory_allocator_create(
    iree_hal_allocator_t* inner, iree_allocator_t host_allocator,
    iree_hal_allocator_t** out_allocator) {
  *out_allocator = NULL;
  ireec_hal_host_memory_allocator_t* allocator = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(host_allocator, sizeof(*allocator),
                                             (void**)&allocator));
  iree_hal_resource_initialize(&ireec_hal_host_memory_allocator_vtable,
                               &allocator->resource);
  allocator->host_allocator = host_allocator;
  allocator->inner = inner;
  iree_hal_allocator_retain(inner);
  *out_allocator = (iree_hal_allocator_t*)allocator;
  return iree_ok_status();
}
