// Helpers IREE's HAL headers define as static inline functions; exported
// here under their IREE names (see csrc/base/inline_helpers.c for why).

#include "iree/hal/api.h"

//===----------------------------------------------------------------------===//
// Resources
//===----------------------------------------------------------------------===//

// As IREE's iree_atomic_ref_count_init, the count is stored with release
// order: whoever is later handed the object sees it initialized.
IREE_API_EXPORT void iree_hal_resource_initialize(
    const void* vtable, iree_hal_resource_t* out_resource) {
  __atomic_store_n(&out_resource->ref_count, 1, __ATOMIC_RELEASE);
  out_resource->vtable = vtable;
}

//===----------------------------------------------------------------------===//
// Buffer parameters
//===----------------------------------------------------------------------===//

// Zero in a field means "unspecified" and is replaced by the default the HAL
// assumes for it; min_alignment is left alone because zero already means "no
// requirement".
IREE_API_EXPORT void iree_hal_buffer_params_canonicalize(
    iree_hal_buffer_params_t* params) {
  if (params->usage == 0) params->usage = IREE_HAL_BUFFER_USAGE_DEFAULT;
  if (params->access == 0) params->access = IREE_HAL_MEMORY_ACCESS_ALL;
  if (params->type == 0) params->type = IREE_HAL_MEMORY_TYPE_OPTIMAL;
  if (params->queue_affinity == 0) {
    params->queue_affinity = IREE_HAL_QUEUE_AFFINITY_ANY;
  }
}

// Unspecified usage becomes dispatch storage plus transfer (not the full
// default set) before |usage| is added on top.
IREE_API_EXPORT iree_hal_buffer_params_t iree_hal_buffer_params_with_usage(
    const iree_hal_buffer_params_t params, iree_hal_buffer_usage_t usage) {
  iree_hal_buffer_params_t result = params;
  if (result.usage == 0) {
    result.usage =
        IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE | IREE_HAL_BUFFER_USAGE_TRANSFER;
  }
  result.usage |= usage;
  return result;
}

IREE_API_EXPORT iree_hal_buffer_release_callback_t
iree_hal_buffer_release_callback_null(void) {
  iree_hal_buffer_release_callback_t callback = {NULL, NULL};
  return callback;
}

//===----------------------------------------------------------------------===//
// Transfer buffers
//===----------------------------------------------------------------------===//
// One side of a transfer: exactly one of the host span and the device buffer
// is set.

IREE_API_EXPORT iree_hal_transfer_buffer_t
iree_hal_make_device_transfer_buffer(iree_hal_buffer_t* device_buffer) {
  iree_hal_transfer_buffer_t transfer_buffer = {iree_byte_span_empty(),
                                                device_buffer};
  return transfer_buffer;
}

IREE_API_EXPORT iree_hal_transfer_buffer_t
iree_hal_make_host_transfer_buffer(iree_byte_span_t host_buffer) {
  iree_hal_transfer_buffer_t transfer_buffer = {host_buffer, NULL};
  return transfer_buffer;
}

IREE_API_EXPORT iree_hal_transfer_buffer_t
iree_hal_make_host_transfer_buffer_span(void* ptr, iree_host_size_t length) {
  return iree_hal_make_host_transfer_buffer(iree_make_byte_span(ptr, length));
}

//===----------------------------------------------------------------------===//
// Semaphore lists
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_hal_semaphore_list_t iree_hal_semaphore_list_empty(void) {
  iree_hal_semaphore_list_t list = {0, NULL, NULL};
  return list;
}

// Only the count matters: a list may keep its arrays while holding nothing.
IREE_API_EXPORT bool iree_hal_semaphore_list_is_empty(
    iree_hal_semaphore_list_t semaphore_list) {
  return semaphore_list.count == 0;
}

//===----------------------------------------------------------------------===//
// Buffer references
//===----------------------------------------------------------------------===//

// A direct reference: slot 0 is ignored when |buffer| is set, and the
// reserved bits must stay zero.
IREE_API_EXPORT iree_hal_buffer_ref_t iree_hal_make_buffer_ref(
    iree_hal_buffer_t* buffer, iree_device_size_t offset,
    iree_device_size_t length) {
  iree_hal_buffer_ref_t buffer_ref;
  memset(&buffer_ref, 0, sizeof(buffer_ref));
  buffer_ref.buffer = buffer;
  buffer_ref.offset = offset;
  buffer_ref.length = length;
  return buffer_ref;
}

//===----------------------------------------------------------------------===//
// Buffer placements
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_hal_buffer_placement_t
iree_hal_buffer_placement_undefined(void) {
  iree_hal_buffer_placement_t placement;
  memset(&placement, 0, sizeof(placement));
  return placement;
}

// A placement is defined by its device alone; affinity and flags without a
// device mean nothing.
IREE_API_EXPORT bool iree_hal_buffer_placement_is_undefined(
    const iree_hal_buffer_placement_t placement) {
  return placement.device == NULL;
}
