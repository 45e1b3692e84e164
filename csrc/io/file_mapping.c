// ireec_io_file_handle_open_mapped: a parameter file mapped into memory as a
// host-allocation file handle.
//
// IREE's own tools open parameter files as file descriptors (read with pread
// into device buffers) or preload them whole. A mapping costs no resident
// memory until pages are touched, and a host-allocation handle lets a CPU
// device use an aligned parameter in place instead of copying it.

#include "iree/io/file_handle.h"
#include "ireec/decls/ireec/io/file_mapping.h"

// Drops the mapping (which holds the file descriptor handle) when IREE drops
// the last reference to the host-allocation handle wrapping it.
static void ireec_io_release_mapping(
    void* user_data, iree_io_file_handle_primitive_t handle_primitive) {
  iree_io_file_mapping_release((iree_io_file_mapping_t*)user_data);
}

IREE_API_EXPORT iree_status_t ireec_io_file_handle_open_mapped(
    iree_string_view_t path, iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle) {
  if (!out_handle) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_handle must not be NULL");
  }
  *out_handle = NULL;

  iree_io_file_handle_t* fd_handle = NULL;
  IREE_RETURN_IF_ERROR(iree_io_file_handle_open(IREE_IO_FILE_MODE_READ, path,
                                                host_allocator, &fd_handle));

  // Read and write access on a private mapping: the pages are copy-on-write,
  // so a program that updates a global loaded in place changes its own copy
  // and never the file (a read-only mapping would fault instead).
  iree_io_file_mapping_t* mapping = NULL;
  iree_status_t status = iree_io_file_map_view(
      fd_handle, IREE_IO_FILE_ACCESS_READ | IREE_IO_FILE_ACCESS_WRITE, 0,
      IREE_HOST_SIZE_MAX,
      IREE_IO_FILE_MAPPING_FLAG_PRIVATE |
          IREE_IO_FILE_MAPPING_FLAG_EXCLUDE_FROM_DUMPS,
      host_allocator, &mapping);
  // The mapping holds its own reference to the file.
  iree_io_file_handle_release(fd_handle);
  if (!iree_status_is_ok(status)) {
    return iree_status_annotate_f(status, "mapping parameter file '%.*s'",
                                  (int)path.size, path.data);
  }

  iree_io_file_handle_release_callback_t release_callback = {
      .fn = ireec_io_release_mapping,
      .user_data = mapping,
  };
  status = iree_io_file_handle_wrap_host_allocation(
      IREE_IO_FILE_ACCESS_READ, iree_io_file_mapping_contents_rw(mapping),
      release_callback, host_allocator, out_handle);
  if (!iree_status_is_ok(status)) iree_io_file_mapping_release(mapping);
  return status;
}
