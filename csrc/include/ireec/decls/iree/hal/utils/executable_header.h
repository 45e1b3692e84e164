// Declarations of IREE's iree/hal/utils/executable_header.h: reading the
// flatbuffer header of executable data.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_EXECUTABLE_HEADER_H_
#define IREEC_DECLS_IREE_HAL_UTILS_EXECUTABLE_HEADER_H_

#include <stdbool.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"

// Finds the flatbuffer in executable data that starts with IREE's flatbuffer
// file header (checking its 4-character |file_identifier|);
// |unsafe_infer_size| allows data of unknown total size, parsed without
// checking its extents.
iree_status_t iree_hal_read_executable_flatbuffer_header(
    iree_const_byte_span_t executable_data, bool unsafe_infer_size,
    const char file_identifier[4], iree_const_byte_span_t* out_flatbuffer_data);

#endif  // IREEC_DECLS_IREE_HAL_UTILS_EXECUTABLE_HEADER_H_
