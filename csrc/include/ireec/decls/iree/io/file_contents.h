// Declarations of IREE's iree/io/file_contents.h: files read or mapped into
// memory.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_IO_FILE_CONTENTS_H_
#define IREEC_DECLS_IREE_IO_FILE_CONTENTS_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/io/file_handle.h"

typedef struct iree_io_file_contents_t iree_io_file_contents_t;

struct iree_io_file_contents_t {
  iree_allocator_t allocator;
  union {
    iree_byte_span_t buffer;
    iree_const_byte_span_t const_buffer;
  };
  iree_io_file_mapping_t* mapping;
};

void iree_io_file_contents_free(iree_io_file_contents_t* contents);
iree_allocator_t iree_io_file_contents_deallocator(
    iree_io_file_contents_t* contents);
iree_status_t iree_io_file_contents_read_stdin(
    iree_allocator_t host_allocator,
    iree_io_file_contents_t** out_contents);
iree_status_t iree_io_file_contents_read(
    iree_string_view_t path,
    iree_allocator_t host_allocator,
    iree_io_file_contents_t** out_contents);
iree_status_t iree_io_file_contents_map(
    iree_string_view_t path,
    iree_io_file_access_t access,
    iree_allocator_t host_allocator,
    iree_io_file_contents_t** out_contents);
iree_status_t iree_io_file_contents_write(
    iree_string_view_t path,
    iree_const_byte_span_t contents,
    iree_allocator_t host_allocator);

#endif  // IREEC_DECLS_IREE_IO_FILE_CONTENTS_H_
