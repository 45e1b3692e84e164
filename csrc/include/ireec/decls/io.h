// IREE io: whole files read or mapped into memory (iree/io/file_contents.h).
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_IO_H_
#define IREEC_DECLS_IO_H_

#include "ireec/decls/base.h"

enum iree_io_file_access_bits_t {
  IREE_IO_FILE_ACCESS_READ = 0x1,
  IREE_IO_FILE_ACCESS_WRITE = 0x2,
};

typedef uint32_t iree_io_file_access_t;

typedef struct iree_io_file_contents_t iree_io_file_contents_t;
typedef struct iree_io_file_mapping_t iree_io_file_mapping_t;

struct iree_io_file_contents_t {
  iree_allocator_t allocator;
  union {
    iree_byte_span_t buffer;
    iree_const_byte_span_t const_buffer;
  };
  iree_io_file_mapping_t* mapping;
};

iree_allocator_t iree_io_file_contents_deallocator(
    iree_io_file_contents_t* contents);

void iree_io_file_contents_free(iree_io_file_contents_t* contents);

iree_status_t iree_io_file_contents_map(
    iree_string_view_t path,
    iree_io_file_access_t access,
    iree_allocator_t host_allocator,
    iree_io_file_contents_t** out_contents);

iree_status_t iree_io_file_contents_read(
    iree_string_view_t path,
    iree_allocator_t host_allocator,
    iree_io_file_contents_t** out_contents);

iree_status_t iree_io_file_contents_read_stdin(
    iree_allocator_t host_allocator,
    iree_io_file_contents_t** out_contents);

iree_status_t iree_io_file_contents_write(
    iree_string_view_t path,
    iree_const_byte_span_t contents,
    iree_allocator_t host_allocator);

#endif  // IREEC_DECLS_IO_H_
