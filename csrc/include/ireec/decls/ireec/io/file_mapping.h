// ireec's own declarations (not IREE's): file handles over whole files mapped
// into memory (csrc/io/file_mapping.c).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_IO_FILE_MAPPING_H_
#define IREEC_DECLS_IREEC_IO_FILE_MAPPING_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/io/file_handle.h"

// Opens the file at `path` and maps all of it into memory (copy-on-write, so
// a program writing to a global initialized from it never writes the file),
// returning a host-allocation handle that unmaps and closes the file when its
// last reference goes. Parameters read through it are paged in on first use:
// opening costs no resident memory, and on CPU devices aligned parameters are
// used in place.
iree_status_t ireec_io_file_handle_open_mapped(
    iree_string_view_t path,
    iree_allocator_t host_allocator,
    iree_io_file_handle_t** out_handle);

#endif  // IREEC_DECLS_IREEC_IO_FILE_MAPPING_H_
