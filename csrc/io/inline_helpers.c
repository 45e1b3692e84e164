// Helpers IREE's io headers define as static inline functions; exported here
// under their IREE names (see csrc/base/inline_helpers.c for why).

#include "iree/io/file_handle.h"

IREE_API_EXPORT iree_io_file_handle_release_callback_t
iree_io_file_handle_release_callback_null(void) {
  iree_io_file_handle_release_callback_t callback = {NULL, NULL};
  return callback;
}

IREE_API_EXPORT iree_io_file_handle_type_t
iree_io_file_handle_type(const iree_io_file_handle_t* handle) {
  return iree_io_file_handle_primitive(handle).type;
}

IREE_API_EXPORT iree_io_file_handle_primitive_value_t
iree_io_file_handle_value(const iree_io_file_handle_t* handle) {
  return iree_io_file_handle_primitive(handle).value;
}
