// Buffer views to and from host memory as single C calls: dense mapped reads
// (into a new array, or page-matched for large ones), reads into a host
// array of the same layout (mapped, or staged by the device), and zero-copy
// imports of host memory.
//
// ireec extensions, not IREE API: each replaces several calls into IREE
// that Python would otherwise make one at a time, and the Python objects
// (scratch refs, wrappers, status checks) each of those needs: from Python
// every crossing into C costs about as much as the C work itself for small
// programs. They keep IREE's conventions: a status for every failure,
// ownership stated in the name, NULL and misuse reported rather than
// trusted.

#include <inttypes.h>
#include <string.h>

#include "runtime_internal.h"

// Whether the host may map |buffer| to read it: its memory is HOST_VISIBLE
// and it allows MAPPING_SCOPED. IREE checks neither for scoped mappings (see
// buffer_view.py).
static bool ireec_hal_buffer_is_host_mappable(iree_hal_buffer_t* buffer) {
  return (iree_hal_buffer_memory_type(buffer) &
          IREE_HAL_MEMORY_TYPE_HOST_VISIBLE) &&
         (iree_hal_buffer_allowed_usage(buffer) &
          IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED);
}

// Code-only statuses (no message, nothing allocated) for views the dense
// mapped reads leave to the caller's general path, which says exactly what
// is wrong or reads another way: INVALID_ARGUMENT for another encoding,
// OUT_OF_RANGE when the target does not fit (!|target_fits|), UNAVAILABLE
// for memory the host cannot map.
static iree_status_t ireec_check_dense_mapped_read(
    const iree_hal_buffer_view_t* buffer_view, bool target_fits) {
  if (iree_hal_buffer_view_encoding_type(buffer_view) !=
      IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR) {
    return iree_status_from_code(IREE_STATUS_INVALID_ARGUMENT);
  }
  if (!target_fits) return iree_status_from_code(IREE_STATUS_OUT_OF_RANGE);
  if (!ireec_hal_buffer_is_host_mappable(
          iree_hal_buffer_view_buffer(buffer_view))) {
    return iree_status_from_code(IREE_STATUS_UNAVAILABLE);
  }
  return iree_ok_status();
}

IREE_API_EXPORT iree_status_t ireec_hal_buffer_view_map_read_dense(
    const iree_hal_buffer_view_t* buffer_view, void* target,
    iree_host_size_t target_length) {
  if (!buffer_view || (target_length && !target)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "buffer_view (and target, for a nonzero length) "
                            "must not be NULL");
  }
  IREE_RETURN_IF_ERROR(ireec_check_dense_mapped_read(
      buffer_view,
      iree_hal_buffer_view_byte_length(buffer_view) == target_length));
  if (!target_length) return iree_ok_status();
  return iree_hal_buffer_map_read(iree_hal_buffer_view_buffer(buffer_view), 0,
                                  target, target_length);
}

IREE_API_EXPORT iree_status_t ireec_hal_buffer_view_map_read_dense_page_matched(
    const iree_hal_buffer_view_t* buffer_view, void* storage,
    iree_host_size_t storage_length, iree_host_size_t* out_offset) {
  if (out_offset) *out_offset = 0;
  if (!buffer_view || !storage || !out_offset) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "buffer_view, storage and out_offset must not be "
                            "NULL");
  }
  iree_device_size_t length = iree_hal_buffer_view_byte_length(buffer_view);
  IREE_RETURN_IF_ERROR(ireec_check_dense_mapped_read(
      buffer_view, length + IREEC_PAGE_MATCH_SPAN - 1 <= storage_length));
  if (!length) return iree_ok_status();
  iree_hal_buffer_t* buffer = iree_hal_buffer_view_buffer(buffer_view);
  // What iree_hal_buffer_map_read does, choosing where the copy lands.
  iree_hal_buffer_mapping_t mapping;
  memset(&mapping, 0, sizeof(mapping));
  IREE_RETURN_IF_ERROR(iree_hal_buffer_map_range(
      buffer, IREE_HAL_MAPPING_MODE_SCOPED, IREE_HAL_MEMORY_ACCESS_READ, 0,
      length, &mapping));
  iree_status_t status = iree_ok_status();
  if (!(iree_hal_buffer_memory_type(buffer) &
        IREE_HAL_MEMORY_TYPE_HOST_COHERENT)) {
    status = iree_hal_buffer_mapping_invalidate_range(&mapping, 0, length);
  }
  if (iree_status_is_ok(status)) {
    uintptr_t source = (uintptr_t)mapping.contents.data;
    uintptr_t base = (uintptr_t)storage;
    iree_host_size_t offset =
        (iree_host_size_t)((source - base) & (IREEC_PAGE_MATCH_SPAN - 1));
    memcpy((uint8_t*)storage + offset, mapping.contents.data, (size_t)length);
    *out_offset = offset;
  }
  return iree_status_join(status, iree_hal_buffer_unmap_range(&mapping));
}

// Appends IREE's text for a layout ("4x3xf32") to |builder|.
static iree_status_t ireec_append_layout(iree_string_builder_t* builder,
                                         iree_host_size_t shape_rank,
                                         const iree_hal_dim_t* shape,
                                         iree_hal_element_type_t element_type) {
  char text[128];
  iree_host_size_t length = 0;
  if (shape_rank) {
    IREE_RETURN_IF_ERROR(iree_hal_format_shape(shape_rank, shape, sizeof(text),
                                               text, &length));
    IREE_RETURN_IF_ERROR(iree_string_builder_append_format(
        builder, "%.*sx", (int)length, text));
  }
  IREE_RETURN_IF_ERROR(
      iree_hal_format_element_type(element_type, sizeof(text), text, &length));
  return iree_string_builder_append_format(builder, "%.*s", (int)length, text);
}

// INVALID_ARGUMENT naming both layouts, for a target that does not match.
static iree_status_t ireec_make_layout_mismatch_status(
    const iree_hal_buffer_view_t* buffer_view, const ireec_host_array_t* target) {
  iree_string_builder_t builder;
  iree_string_builder_initialize(iree_allocator_system(), &builder);
  iree_status_t status = iree_string_builder_append_cstring(
      &builder, "the buffer view is ");
  if (iree_status_is_ok(status)) {
    status = ireec_append_layout(
        &builder, iree_hal_buffer_view_shape_rank(buffer_view),
        iree_hal_buffer_view_shape_dims(buffer_view),
        iree_hal_buffer_view_element_type(buffer_view));
  }
  if (iree_status_is_ok(status) &&
      iree_hal_buffer_view_encoding_type(buffer_view) !=
          IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR) {
    status = iree_string_builder_append_cstring(&builder,
                                                " (not dense row-major)");
  }
  if (iree_status_is_ok(status)) {
    status = iree_string_builder_append_cstring(&builder, "; the target is ");
  }
  if (iree_status_is_ok(status)) {
    status = ireec_append_layout(&builder, target->shape_rank, target->shape,
                                 target->element_type);
  }
  if (iree_status_is_ok(status)) {
    status = iree_make_status(IREE_STATUS_INVALID_ARGUMENT, "%.*s",
                              (int)iree_string_builder_size(&builder),
                              iree_string_builder_buffer(&builder));
  } else {
    // Formatting failed (a layout too long for the text buffers, say):
    // still the mismatch, without the detail.
    iree_status_ignore(status);
    status = iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "the buffer view and the target differ in "
                              "element type or shape");
  }
  iree_string_builder_deinitialize(&builder);
  return status;
}

IREE_API_EXPORT iree_status_t ireec_hal_buffer_view_read_into(
    const iree_hal_buffer_view_t* buffer_view, iree_hal_device_t* device,
    const ireec_host_array_t* target) {
  if (!buffer_view || !target || (target->shape_rank && !target->shape) ||
      (target->data_length && !target->data)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "buffer_view and target (and the target's shape "
                            "and data where it has any) must not be NULL");
  }
  bool same_layout =
      iree_hal_buffer_view_encoding_type(buffer_view) ==
          IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR &&
      iree_hal_buffer_view_element_type(buffer_view) == target->element_type &&
      iree_hal_buffer_view_shape_rank(buffer_view) == target->shape_rank &&
      iree_hal_buffer_view_byte_length(buffer_view) == target->data_length;
  for (iree_host_size_t i = 0; same_layout && i < target->shape_rank; ++i) {
    same_layout =
        iree_hal_buffer_view_shape_dim(buffer_view, i) == target->shape[i];
  }
  if (!same_layout) {
    return ireec_make_layout_mismatch_status(buffer_view, target);
  }
  if (!target->data_length) return iree_ok_status();
  iree_hal_buffer_t* buffer = iree_hal_buffer_view_buffer(buffer_view);
  // Mapped where the memory allows it, else staged by the device, as
  // BufferView.to_numpy does.
  if (ireec_hal_buffer_is_host_mappable(buffer)) {
    return iree_hal_buffer_map_read(buffer, 0, target->data,
                                    target->data_length);
  }
  if (!device) {
    return iree_make_status(IREE_STATUS_UNAVAILABLE,
                            "the buffer is not host-mappable and no device "
                            "was given to read it back with");
  }
  return iree_hal_device_transfer_d2h(
      device, buffer, 0, target->data, target->data_length,
      IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT, iree_infinite_timeout());
}

IREE_API_EXPORT iree_status_t ireec_hal_buffer_view_import_host_allocation(
    iree_hal_allocator_t* device_allocator, iree_hal_buffer_params_t params,
    iree_host_size_t shape_rank, const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type, void* data,
    iree_host_size_t data_length,
    iree_hal_buffer_release_callback_t release_callback,
    iree_allocator_t host_allocator, iree_hal_buffer_view_t** out_buffer_view) {
  if (out_buffer_view) *out_buffer_view = NULL;
  if (!device_allocator || !out_buffer_view || !data || (shape_rank && !shape)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "device_allocator, data, out_buffer_view (and "
                            "shape for a nonzero rank) must not be NULL");
  }
  IREE_RETURN_IF_ERROR(ireec_check_view_size(shape_rank, shape, element_type,
                                             data_length));
  // Code-only UNAVAILABLE when this allocator cannot take host memory as it
  // is: the caller copies instead. Nothing was imported, so the release
  // callback is not called.
  iree_hal_buffer_compatibility_t compatibility =
      iree_hal_allocator_query_buffer_compatibility(
          device_allocator, params, (iree_device_size_t)data_length,
          /*out_params=*/NULL, /*out_allocation_size=*/NULL);
  if (!(compatibility & IREE_HAL_BUFFER_COMPATIBILITY_IMPORTABLE)) {
    return iree_status_from_code(IREE_STATUS_UNAVAILABLE);
  }
  iree_hal_external_buffer_t external = {0};
  external.type = IREE_HAL_EXTERNAL_BUFFER_TYPE_HOST_ALLOCATION;
  external.size = (iree_device_size_t)data_length;
  external.handle.host_allocation.ptr = data;
  iree_hal_buffer_t* buffer = NULL;
  // On failure IREE has not taken the memory and will not call back.
  IREE_RETURN_IF_ERROR(iree_hal_allocator_import_buffer(
      device_allocator, params, &external, release_callback, &buffer));
  iree_status_t status = iree_hal_buffer_view_create(
      buffer, shape_rank, shape, element_type,
      IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, host_allocator, out_buffer_view);
  // The view holds its own reference; if creating it failed, this destroys
  // the buffer and IREE calls |release_callback| now.
  iree_hal_buffer_release(buffer);
  return status;
}
