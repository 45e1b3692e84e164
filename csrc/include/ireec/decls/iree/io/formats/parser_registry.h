// Declarations of IREE's iree/io/formats/parser_registry.h: indexing a
// parameter file by its extension (irpa, gguf, safetensors).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_IO_FORMATS_PARSER_REGISTRY_H_
#define IREEC_DECLS_IREE_IO_FORMATS_PARSER_REGISTRY_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/io/file_handle.h"
#include "ireec/decls/iree/io/parameter_index.h"

// Picks the parser by `path`'s extension (irpa, gguf, safetensors; `path`
// may also be just the extension).
iree_status_t iree_io_parse_file_index(
    iree_string_view_t path,
    iree_io_file_handle_t* file_handle,
    iree_io_parameter_index_t* index,
    iree_allocator_t host_allocator);

#endif  // IREEC_DECLS_IREE_IO_FORMATS_PARSER_REGISTRY_H_
