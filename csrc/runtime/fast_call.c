// The per-call sequences of ireec's Python layer (ireec/function.py,
// ireec/buffer_view.py) as single C calls.
//
// Each of these replaces several calls into IREE that Python would otherwise
// make one at a time, and the Python objects (scratch refs, wrappers, status
// checks) each of those needs: from Python every crossing into C costs about
// as much as the C work itself for small programs. They are ireec extensions,
// not IREE API, and keep IREE's conventions: a status for every failure,
// ownership stated in the name, NULL and misuse reported rather than
// trusted.

#include <inttypes.h>
#include <string.h>

#include "runtime_internal.h"

// INVALID_ARGUMENT unless |data_length| bytes are exactly a dense row-major
// view of |shape| and |element_type|: IREE reads (or lends) that many bytes,
// and any other count would reach past the caller's memory or leave part of
// the buffer unset.
static iree_status_t ireec_check_view_size(iree_host_size_t shape_rank,
                                           const iree_hal_dim_t* shape,
                                           iree_hal_element_type_t element_type,
                                           iree_host_size_t data_length) {
  iree_device_size_t view_size = 0;
  IREE_RETURN_IF_ERROR(iree_hal_buffer_compute_view_size(
      shape_rank, shape, element_type, IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR,
      &view_size));
  if (view_size != data_length) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "the view needs %" PRIu64 " bytes, %zu were given",
                            (uint64_t)view_size, (size_t)data_length);
  }
  return iree_ok_status();
}

IREE_API_EXPORT iree_status_t ireec_vm_list_push_ref_object_retain(
    iree_vm_list_t* list, void* object, iree_vm_ref_type_t type) {
  if (!list) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "list must not be NULL");
  }
  // A borrowed ref to |object| (NULL makes a null ref of |type|); the list
  // retains its own reference, the caller keeps theirs.
  iree_vm_ref_t ref = {0};
  ref.ptr = object;
  ref.type = type;
  return iree_vm_list_push_ref_retain(list, &ref);
}

IREE_API_EXPORT iree_status_t ireec_vm_list_push_buffer_view_copy(
    iree_vm_list_t* list, iree_hal_device_t* device,
    iree_hal_allocator_t* device_allocator, iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape, iree_hal_element_type_t element_type,
    const void* data, iree_host_size_t data_length) {
  if (!list || !device || !device_allocator) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "list, device and device_allocator must not be "
                            "NULL");
  }
  if (shape_rank && !shape) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "shape must not be NULL for rank %zu",
                            (size_t)shape_rank);
  }
  if (data_length && !data) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "data must not be NULL for %zu bytes",
                            (size_t)data_length);
  }
  IREE_RETURN_IF_ERROR(ireec_check_view_size(shape_rank, shape, element_type,
                                             data_length));
  // The parameters of IREE's samples, as BufferView.from_numpy uses.
  iree_hal_buffer_params_t params = {
      .type = IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
      .access = IREE_HAL_MEMORY_ACCESS_ALL,
      .usage = IREE_HAL_BUFFER_USAGE_DEFAULT,
  };
  iree_hal_buffer_view_t* view = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_buffer_view_allocate_buffer_copy(
      device, device_allocator, shape_rank, shape, element_type,
      IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, params,
      iree_make_const_byte_span(data, data_length), &view));
  // The list takes the only reference.
  iree_vm_ref_t ref = iree_hal_buffer_view_move_ref(view);
  iree_status_t status = iree_vm_list_push_ref_move(list, &ref);
  if (!iree_status_is_ok(status)) iree_hal_buffer_view_release(view);
  return status;
}

IREE_API_EXPORT iree_status_t ireec_runtime_session_invoke(
    iree_runtime_session_t* session, const iree_vm_function_t* function,
    iree_vm_list_t* inputs, bool keep_inputs, iree_vm_list_t* outputs,
    iree_host_size_t view_capacity, iree_hal_buffer_view_t** out_views,
    iree_host_size_t* out_result_count) {
  if (out_result_count) *out_result_count = 0;
  if (!inputs || !outputs || !out_result_count ||
      (view_capacity && !out_views)) {
    if (inputs && !keep_inputs) {
      iree_status_ignore(iree_vm_list_resize(inputs, 0));
    }
    if (outputs) iree_status_ignore(iree_vm_list_resize(outputs, 0));
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "inputs, outputs, out_result_count (and out_views "
                            "for a nonzero view_capacity) must not be NULL");
  }
  for (iree_host_size_t i = 0; i < view_capacity; ++i) out_views[i] = NULL;
  // Results of an earlier call must not pass for this one's.
  iree_status_t status = iree_vm_list_resize(outputs, 0);
  if (iree_status_is_ok(status)) {
    status = iree_runtime_session_call(session, function, inputs, outputs);
  }
  // Unless the caller keeps its arguments for the next call, the call never
  // keeps them alive, whatever happened, nor anything a failed call left in
  // |outputs|. Shrinking a list only releases its elements; it cannot fail.
  if (!keep_inputs) iree_status_ignore(iree_vm_list_resize(inputs, 0));
  if (!iree_status_is_ok(status)) {
    iree_status_ignore(iree_vm_list_resize(outputs, 0));
    return status;
  }

  // Buffer views, the usual result, come out as new references; any other
  // element (a value, a null or another type of ref) leaves NULL in its slot
  // and stays in |outputs| for the caller to read.
  iree_host_size_t count = iree_vm_list_size(outputs);
  *out_result_count = count;
  iree_vm_ref_type_t view_type = iree_hal_buffer_view_type();
  for (iree_host_size_t i = 0; i < count && i < view_capacity; ++i) {
    iree_vm_variant_t element = iree_vm_variant_empty();
    status = iree_vm_list_get_variant_assign(outputs, i, &element);
    if (!iree_status_is_ok(status)) break;
    if (iree_vm_variant_is_ref(element) && element.ref.ptr &&
        element.ref.type == view_type) {
      iree_hal_buffer_view_t* view = (iree_hal_buffer_view_t*)element.ref.ptr;
      iree_hal_buffer_view_retain(view);
      out_views[i] = view;
    }
  }
  if (iree_status_is_ok(status) && count <= view_capacity) {
    bool all_views = true;
    for (iree_host_size_t i = 0; i < count; ++i) all_views &= out_views[i] != NULL;
    // Every result is now the caller's: the list has nothing left to read,
    // and emptying it here saves the caller doing it.
    if (all_views) iree_status_ignore(iree_vm_list_resize(outputs, 0));
  }
  if (!iree_status_is_ok(status)) {
    // Nothing half-returned: the caller owns either every view or none,
    // and no result outlives the failure.
    for (iree_host_size_t i = 0; i < view_capacity; ++i) {
      if (out_views[i]) iree_hal_buffer_view_release(out_views[i]);
      out_views[i] = NULL;
    }
    *out_result_count = 0;
    iree_status_ignore(iree_vm_list_resize(outputs, 0));
  }
  return status;
}

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

IREE_API_EXPORT iree_status_t ireec_runtime_session_invoke_into(
    iree_runtime_session_t* session, const iree_vm_function_t* function,
    iree_vm_list_t* inputs, bool keep_inputs, iree_vm_list_t* outputs,
    iree_hal_device_t* device, iree_host_size_t target_count,
    const ireec_host_array_t* targets, iree_host_size_t* out_result_count) {
  if (out_result_count) *out_result_count = 0;
  if (!outputs || !out_result_count || (target_count && !targets)) {
    if (inputs && !keep_inputs) {
      iree_status_ignore(iree_vm_list_resize(inputs, 0));
    }
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "outputs, out_result_count (and targets for a "
                            "nonzero target_count) must not be NULL");
  }
  iree_host_size_t result_count = 0;
  IREE_RETURN_IF_ERROR(ireec_runtime_session_invoke(
      session, function, inputs, keep_inputs, outputs, /*view_capacity=*/0,
      /*out_views=*/NULL, &result_count));
  // Every result stays in |outputs| until it is read (borrowed from there).
  iree_vm_ref_type_t view_type = iree_hal_buffer_view_type();
  bool all_read = true;
  iree_status_t status = iree_ok_status();
  for (iree_host_size_t i = 0; i < result_count && iree_status_is_ok(status);
       ++i) {
    if (i >= target_count ||
        targets[i].element_type == IREE_HAL_ELEMENT_TYPE_NONE) {
      all_read = false;
      continue;
    }
    iree_vm_variant_t element = iree_vm_variant_empty();
    status = iree_vm_list_get_variant_assign(outputs, i, &element);
    if (iree_status_is_ok(status) &&
        !(iree_vm_variant_is_ref(element) && element.ref.ptr &&
          element.ref.type == view_type)) {
      status = iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                                "result %zu is not a buffer view and cannot "
                                "be read into a host array",
                                (size_t)i);
    }
    if (iree_status_is_ok(status)) {
      status = iree_status_annotate_f(
          ireec_hal_buffer_view_read_into(
              (iree_hal_buffer_view_t*)element.ref.ptr, device, &targets[i]),
          "reading result %zu", (size_t)i);
    }
  }
  // Nothing of a failed read outlives it; results all read are done with.
  if (!iree_status_is_ok(status) || all_read) {
    iree_status_ignore(iree_vm_list_resize(outputs, 0));
  }
  if (iree_status_is_ok(status)) *out_result_count = result_count;
  return status;
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
