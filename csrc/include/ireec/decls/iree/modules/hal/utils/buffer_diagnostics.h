// Declarations of IREE's iree/modules/hal/utils/buffer_diagnostics.h: the
// checks behind the HAL module's buffer and buffer view assertions.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_
#define IREEC_DECLS_IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/buffer_view.h"
#include "ireec/decls/iree/vm/ref.h"

// What hal.buffer.assert and hal.buffer_view.assert check: the error names
// |message_ref| (a VM buffer holding text).
iree_status_t iree_hal_modules_buffer_assert(
    iree_vm_ref_t buffer_ref, iree_vm_ref_t message_ref,
    iree_device_size_t minimum_length,
    iree_hal_memory_type_t required_memory_types,
    iree_hal_buffer_usage_t required_buffer_usage);
iree_status_t iree_hal_modules_buffer_view_assert(
    iree_vm_ref_t buffer_view_ref, iree_vm_ref_t message_ref,
    iree_hal_element_type_t expected_element_type,
    iree_hal_encoding_type_t expected_encoding_type,
    iree_host_size_t expected_shape_rank, const iree_hal_dim_t* expected_shape_dims);

#endif  // IREEC_DECLS_IREE_MODULES_HAL_UTILS_BUFFER_DIAGNOSTICS_H_
