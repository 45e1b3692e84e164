// Declarations of IREE's iree/hal/local/executable_format.h: inferring the
// format of CPU executable data (ELF, DLL, Mach-O, WebAssembly).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_
#define IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"

// Each writes the IREE format string of |executable_data| (e.g.
// "embedded-elf-x86_64") into |executable_format| and the size the data
// declares into |out_inferred_size|.

iree_status_t iree_hal_executable_infer_elf_format(
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);
iree_status_t iree_hal_executable_infer_dll_format(
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);
iree_status_t iree_hal_executable_infer_macho_format(
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);
iree_status_t iree_hal_executable_infer_wasm_format(
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);
// Whichever of the above matches the host's system libraries.
iree_status_t iree_hal_executable_infer_system_format(
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size);

#endif  // IREEC_DECLS_IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_
