// A call of a session's function as single C calls: arguments pushed onto
// its input list (a host copy made a buffer view, or a retained ref), the
// invoke with buffer-view results handed over, and the invoke with results
// read straight into host arrays.
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

#include "iree/modules/hal/types.h"
#include "ireec/decls/ireec/hal/shape_checks.h"
#include "ireec/decls/ireec/hal/staging_device.h"
#include "runtime_internal.h"

// INVALID_ARGUMENT unless |data_length| bytes are exactly a dense row-major
// view of |shape| and |element_type|: IREE reads (or lends) that many bytes,
// and any other count would reach past the caller's memory or leave part of
// the buffer unset.
iree_status_t ireec_check_view_size(iree_host_size_t shape_rank,
                                           const iree_hal_dim_t* shape,
                                           iree_hal_element_type_t element_type,
                                           iree_host_size_t data_length) {
  iree_device_size_t view_size = 0;
  IREE_RETURN_IF_ERROR(ireec_hal_checked_view_size(shape_rank, shape,
                                                   element_type, &view_size));
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
  // The parameters of IREE's samples (DEVICE_LOCAL), mappable where an
  // accelerator offers that at full speed.
  iree_hal_buffer_params_t params =
      ireec_hal_device_upload_params(device, device_allocator, data_length);
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
