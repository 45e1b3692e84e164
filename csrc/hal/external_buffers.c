// Device allocations lent between IREE and another library (see
// ireec/decls/ireec/hal/external_buffers.h): imports whose owner is handed
// its memory back exactly once, and exports that keep the exported memory's
// view and device alive until the borrower is done.

#include <inttypes.h>
#include <stdalign.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include "hal_object_layouts.h"
#include "ireec/decls/ireec/hal/external_buffers.h"
#include "ireec/decls/ireec/hal/staging_device.h"

//===----------------------------------------------------------------------===//
// Imports
//===----------------------------------------------------------------------===//

// What an imported buffer's release callback calls (heap-allocated: IREE
// may release the buffer from any thread, long after the import).
typedef struct ireec_external_release_t {
  ireec_external_release_fn_t fn;
  void* self;
  iree_allocator_t host_allocator;
} ireec_external_release_t;

static void ireec_external_release_callback(void* user_data,
                                            iree_hal_buffer_t* buffer) {
  ireec_external_release_t* release = (ireec_external_release_t*)user_data;
  ireec_external_release_fn_t fn = release->fn;
  void* self = release->self;
  iree_allocator_free(release->host_allocator, release);
  if (fn) fn(self);
}

IREE_API_EXPORT iree_status_t ireec_hal_buffer_view_import_device_allocation(
    iree_hal_allocator_t* device_allocator, iree_hal_buffer_params_t params,
    iree_host_size_t shape_rank, const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type, uint64_t device_pointer,
    iree_device_size_t byte_length, ireec_external_release_fn_t release,
    void* release_self, iree_allocator_t host_allocator,
    iree_hal_buffer_view_t** out_buffer_view) {
  if (out_buffer_view) *out_buffer_view = NULL;
  iree_status_t status = iree_ok_status();
  if (!device_allocator || !out_buffer_view || !device_pointer ||
      !byte_length || (shape_rank && !shape)) {
    status = iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "device_allocator, device_pointer, "
                              "byte_length, out_buffer_view (and shape for a "
                              "nonzero rank) must not be NULL or zero");
  }
  iree_device_size_t view_size = 0;
  if (iree_status_is_ok(status)) {
    status = iree_hal_buffer_compute_view_size(
        shape_rank, shape, element_type,
        IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, &view_size);
  }
  if (iree_status_is_ok(status) && view_size != byte_length) {
    status = iree_make_status(
        IREE_STATUS_INVALID_ARGUMENT,
        "the view's shape and element type take %" PRIu64
        " bytes; %" PRIu64 " are given",
        (uint64_t)view_size, (uint64_t)byte_length);
  }
  ireec_external_release_t* callback_state = NULL;
  if (iree_status_is_ok(status)) {
    status = iree_allocator_malloc(host_allocator, sizeof(*callback_state),
                                   (void**)&callback_state);
  }
  if (!iree_status_is_ok(status)) {
    // Nothing was imported: the memory goes back to its owner now.
    if (release) release(release_self);
    return status;
  }
  callback_state->fn = release;
  callback_state->self = release_self;
  callback_state->host_allocator = host_allocator;

  iree_hal_external_buffer_t external = {0};
  external.type = IREE_HAL_EXTERNAL_BUFFER_TYPE_DEVICE_ALLOCATION;
  external.size = byte_length;
  external.handle.device_allocation.ptr = device_pointer;
  iree_hal_buffer_release_callback_t callback = {
      .fn = ireec_external_release_callback,
      .user_data = callback_state,
  };
  iree_hal_buffer_t* buffer = NULL;
  status = iree_hal_allocator_import_buffer(device_allocator, params, &external,
                                            callback, &buffer);
  if (!iree_status_is_ok(status)) {
    // IREE has not taken the memory and will not call back.
    ireec_external_release_callback(callback_state, NULL);
    return status;
  }
  status = iree_hal_buffer_view_create(
      buffer, shape_rank, shape, element_type,
      IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, host_allocator, out_buffer_view);
  // The view holds its own reference; if making it failed, this destroys the
  // buffer and IREE calls back now.
  iree_hal_buffer_release(buffer);
  return status;
}

//===----------------------------------------------------------------------===//
// Exports
//===----------------------------------------------------------------------===//

// Ahead of the caller's storage: what the export holds.
typedef struct ireec_external_export_header_t {
  iree_hal_buffer_view_t* buffer_view;  // retained
  iree_hal_device_t* device;            // retained
  iree_allocator_t host_allocator;
  // The process that exported: a forked child that inherited the export
  // leaves it alone (releasing a device there can wait for ever on worker
  // threads the child does not have; the memory is the parent's copy).
  pid_t pid;
} ireec_external_export_header_t;

// The header's size rounded up so that the storage after it is aligned for
// any C type.
#define IREEC_EXPORT_HEADER_SIZE                                          \
  ((sizeof(ireec_external_export_header_t) + alignof(max_align_t) - 1) /  \
   alignof(max_align_t) * alignof(max_align_t))

// Whether |device| may be handed |buffer| for export: memory it uses where
// it is. ireec's devices know which that is; other devices only their own
// allocations (IREE's drivers read any buffer they export as theirs).
static bool ireec_device_may_export(iree_hal_device_t* device,
                                    iree_hal_buffer_t* buffer) {
  if (ireec_hal_device_stages_foreign_buffers(device)) {
    return ireec_hal_device_reaches_buffer(device, buffer);
  }
  return iree_hal_buffer_allocation_placement(
             iree_hal_buffer_allocated_buffer(buffer))
             .device == device;
}

IREE_API_EXPORT iree_status_t ireec_hal_buffer_view_export_device_allocation(
    iree_hal_device_t* device, iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t storage_size,
    ireec_hal_device_allocation_export_t* out_export) {
  if (!device || !buffer_view || !out_export) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "device, buffer_view and out_export must not be "
                            "NULL");
  }
  memset(out_export, 0, sizeof(*out_export));
  iree_hal_buffer_t* buffer = iree_hal_buffer_view_buffer(buffer_view);
  if (!ireec_device_may_export(device, buffer)) {
    return iree_make_status(
        IREE_STATUS_FAILED_PRECONDITION,
        "the buffer view's memory is not device '%.*s''s own: only its own "
        "memory is exported as its device allocation",
        (int)iree_hal_device_id(device).size, iree_hal_device_id(device).data);
  }
  iree_hal_buffer_t* allocated = iree_hal_buffer_allocated_buffer(buffer);
  iree_hal_external_buffer_t external;
  IREE_RETURN_IF_ERROR(iree_hal_allocator_export_buffer(
      iree_hal_device_allocator(device), allocated,
      IREE_HAL_EXTERNAL_BUFFER_TYPE_DEVICE_ALLOCATION,
      IREE_HAL_EXTERNAL_BUFFER_FLAG_NONE, &external));
  iree_device_size_t offset = iree_hal_buffer_byte_offset(buffer);
  iree_device_size_t length = iree_hal_buffer_view_byte_length(buffer_view);
  if (external.type != IREE_HAL_EXTERNAL_BUFFER_TYPE_DEVICE_ALLOCATION ||
      !external.handle.device_allocation.ptr || offset > external.size ||
      length > external.size - offset) {
    return iree_make_status(
        IREE_STATUS_INTERNAL,
        "the allocator exported %" PRIu64 " bytes at 0x%" PRIx64
        " (type %d) for a view of %" PRIu64 " bytes at offset %" PRIu64,
        (uint64_t)external.size, external.handle.device_allocation.ptr,
        (int)external.type, (uint64_t)length, (uint64_t)offset);
  }
  iree_allocator_t host_allocator = iree_hal_device_host_allocator(device);
  ireec_external_export_header_t* header = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      host_allocator, IREEC_EXPORT_HEADER_SIZE + storage_size,
      (void**)&header));  // zeroed
  header->buffer_view = buffer_view;
  iree_hal_buffer_view_retain(buffer_view);
  header->device = device;
  iree_hal_device_retain(device);
  header->host_allocator = host_allocator;
  header->pid = getpid();
  out_export->allocation = external.handle.device_allocation.ptr;
  out_export->byte_offset = offset;
  out_export->storage = (uint8_t*)header + IREEC_EXPORT_HEADER_SIZE;
  return iree_ok_status();
}

IREE_API_EXPORT void ireec_hal_buffer_view_export_release(void* storage) {
  if (!storage) return;
  ireec_external_export_header_t* header =
      (ireec_external_export_header_t*)((uint8_t*)storage -
                                        IREEC_EXPORT_HEADER_SIZE);
  if (header->pid != getpid()) return;  // inherited across fork(): leaked
  iree_allocator_t host_allocator = header->host_allocator;
  // The view (and with it, maybe, the memory) before the device its memory
  // belongs to: IREE's buffers do not keep their device.
  iree_hal_buffer_view_release(header->buffer_view);
  iree_hal_device_release(header->device);
  iree_allocator_free(host_allocator, header);
}
