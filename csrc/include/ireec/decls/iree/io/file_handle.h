// Declarations of IREE's iree/io/file_handle.h: file handles (a host allocation
// or a file descriptor) and their mappings.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_IO_FILE_HANDLE_H_
#define IREEC_DECLS_IREE_IO_FILE_HANDLE_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"

typedef uint32_t iree_io_file_access_t;

enum iree_io_file_access_bits_t {
  IREE_IO_FILE_ACCESS_READ = 0x1,
  IREE_IO_FILE_ACCESS_WRITE = 0x2,
};

typedef enum iree_io_file_handle_type_e {
  IREE_IO_FILE_HANDLE_TYPE_HOST_ALLOCATION = 0,
  IREE_IO_FILE_HANDLE_TYPE_FD = 1,
} iree_io_file_handle_type_t;

typedef union iree_io_file_handle_primitive_value_t {
  iree_byte_span_t host_allocation;
  int fd;
} iree_io_file_handle_primitive_value_t;

typedef struct iree_io_file_handle_primitive_t {
  iree_io_file_handle_type_t type;
  iree_io_file_handle_primitive_value_t value;
} iree_io_file_handle_primitive_t;

typedef void (*iree_io_file_handle_release_fn_t)(
    void* user_data, iree_io_file_handle_primitive_t handle_primitive);

typedef struct {
  iree_io_file_handle_release_fn_t fn;
  void* user_data;
} iree_io_file_handle_release_callback_t;

// IREE's static inline helper, exported by libireec_runtime.
iree_io_file_handle_release_callback_t
iree_io_file_handle_release_callback_null(void);

typedef struct iree_io_file_handle_t iree_io_file_handle_t;

iree_status_t iree_io_file_handle_wrap(
    iree_io_file_access_t allowed_access,
    iree_io_file_handle_primitive_t handle_primitive,
    iree_io_file_handle_release_callback_t release_callback,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);
iree_status_t iree_io_file_handle_wrap_host_allocation(
    iree_io_file_access_t allowed_access,
    iree_byte_span_t host_allocation,
    iree_io_file_handle_release_callback_t release_callback,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);
void iree_io_file_handle_retain(iree_io_file_handle_t* handle);
void iree_io_file_handle_release(iree_io_file_handle_t* handle);
iree_io_file_access_t iree_io_file_handle_access(
    const iree_io_file_handle_t* handle);
iree_io_file_handle_primitive_t iree_io_file_handle_primitive(
    const iree_io_file_handle_t* handle);

// IREE's static inline helpers, exported by libireec_runtime.
iree_io_file_handle_type_t iree_io_file_handle_type(
    const iree_io_file_handle_t* handle);
iree_io_file_handle_primitive_value_t iree_io_file_handle_value(
    const iree_io_file_handle_t* handle);

iree_status_t iree_io_file_handle_flush(iree_io_file_handle_t* handle);

typedef uint64_t iree_io_file_mode_t;
enum iree_io_file_mode_bits_t {
  IREE_IO_FILE_MODE_READ = 0x1,
  IREE_IO_FILE_MODE_WRITE = 0x2,
  IREE_IO_FILE_MODE_RANDOM_ACCESS = 0x4,
  IREE_IO_FILE_MODE_SEQUENTIAL_SCAN = 0x8,
  IREE_IO_FILE_MODE_DIRECT = 0x10,
  IREE_IO_FILE_MODE_TEMPORARY = 0x20,
  IREE_IO_FILE_MODE_SHARE_READ = 0x40,
  IREE_IO_FILE_MODE_SHARE_WRITE = 0x80,
  IREE_IO_FILE_MODE_OVERWRITE = 0x100,
};

iree_status_t iree_io_file_handle_create(
    iree_io_file_mode_t mode,
    iree_string_view_t path,
    uint64_t initial_size,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);
iree_status_t iree_io_file_handle_open(
    iree_io_file_mode_t mode,
    iree_string_view_t path,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);
iree_status_t iree_io_file_handle_open_fd(
    iree_io_file_mode_t mode,
    int fd,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);
iree_status_t iree_io_file_handle_preload(
    iree_io_file_mode_t mode,
    iree_string_view_t path,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);

typedef uint64_t iree_io_file_mapping_flags_t;
enum iree_io_file_mapping_flag_bits_t {
  IREE_IO_FILE_MAPPING_FLAG_NONE = 0x0,
  IREE_IO_FILE_MAPPING_FLAG_SEQUENTIAL_ACCESS = 0x1,
  IREE_IO_FILE_MAPPING_FLAG_LARGE_PAGES = 0x2,
  IREE_IO_FILE_MAPPING_FLAG_EXCLUDE_FROM_DUMPS = 0x4,
  IREE_IO_FILE_MAPPING_FLAG_PRIVATE = 0x8,
};

typedef struct iree_io_file_mapping_t iree_io_file_mapping_t;

iree_status_t iree_io_file_map_view(
    iree_io_file_handle_t* handle,
    iree_io_file_access_t access,
    uint64_t offset,
    iree_host_size_t length,
    iree_io_file_mapping_flags_t flags,
    iree_allocator_t host_allocator,
    iree_io_file_mapping_t** out_mapping);
void iree_io_file_mapping_retain(iree_io_file_mapping_t* mapping);
void iree_io_file_mapping_release(iree_io_file_mapping_t* mapping);
iree_host_size_t iree_io_file_mapping_length(
    const iree_io_file_mapping_t* mapping);
iree_const_byte_span_t iree_io_file_mapping_contents_ro(
    const iree_io_file_mapping_t* mapping);
iree_byte_span_t iree_io_file_mapping_contents_rw(
    iree_io_file_mapping_t* mapping);

#endif  // IREEC_DECLS_IREE_IO_FILE_HANDLE_H_
