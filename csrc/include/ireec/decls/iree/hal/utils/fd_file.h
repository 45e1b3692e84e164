// Declarations of IREE's iree/hal/utils/fd_file.h: HAL files over file
// descriptor handles.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_UTILS_FD_FILE_H_
#define IREEC_DECLS_IREE_HAL_UTILS_FD_FILE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/file.h"
#include "ireec/decls/iree/io/file_handle.h"

// A HAL file reading and writing through a file descriptor handle.
iree_status_t iree_hal_fd_file_from_handle(iree_hal_memory_access_t access,
                                           iree_io_file_handle_t* handle,
                                           iree_allocator_t host_allocator,
                                           iree_hal_file_t** out_file);

#endif  // IREEC_DECLS_IREE_HAL_UTILS_FD_FILE_H_
