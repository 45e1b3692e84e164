// Declarations of IREE's iree/io/formats/irpa/irpa_parser.h: indexing an IREE
// parameter archive (.irpa).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_IO_FORMATS_IRPA_IRPA_PARSER_H_
#define IREEC_DECLS_IREE_IO_FORMATS_IRPA_IRPA_PARSER_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/io/file_handle.h"
#include "ireec/decls/iree/io/parameter_index.h"

iree_status_t iree_io_parse_irpa_index(
    iree_io_file_handle_t* file_handle,
    iree_io_parameter_index_t* index,
    iree_allocator_t host_allocator);

#endif  // IREEC_DECLS_IREE_IO_FORMATS_IRPA_IRPA_PARSER_H_
