// Declarations of IREE's iree/hal/string_util.h: parsing and formatting of HAL
// values (shapes, element types, buffer contents).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_STRING_UTIL_H_
#define IREEC_DECLS_IREE_HAL_STRING_UTIL_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_builder.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer_view.h"

iree_status_t iree_hal_parse_shape(
    iree_string_view_t value,
    iree_host_size_t shape_capacity,
    iree_host_size_t* out_shape_rank,
    iree_hal_dim_t* out_shape);
iree_status_t iree_hal_format_shape(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_status_t iree_hal_append_shape_string(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_string_builder_t* string_builder);
iree_status_t iree_hal_parse_element_type(
    iree_string_view_t value,
    iree_hal_element_type_t* out_element_type);
iree_status_t iree_hal_format_element_type(
    iree_hal_element_type_t element_type,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_status_t iree_hal_append_element_type_string(
    iree_hal_element_type_t element_type,
    iree_string_builder_t* string_builder);
iree_status_t iree_hal_parse_shape_and_element_type(
    iree_string_view_t value,
    iree_host_size_t shape_capacity,
    iree_host_size_t* out_shape_rank,
    iree_hal_dim_t* out_shape,
    iree_hal_element_type_t* out_element_type);
iree_status_t iree_hal_append_shape_and_element_type_string(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_string_builder_t* string_builder);
iree_status_t iree_hal_parse_element(
    iree_string_view_t data_str,
    iree_hal_element_type_t element_type,
    iree_byte_span_t data_ptr);
iree_status_t iree_hal_format_element(
    iree_const_byte_span_t data,
    iree_hal_element_type_t element_type,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_status_t iree_hal_parse_buffer_elements(
    iree_string_view_t data_str,
    iree_hal_element_type_t element_type,
    iree_byte_span_t data_ptr);
iree_status_t iree_hal_format_buffer_elements(
    iree_const_byte_span_t data,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_host_size_t max_element_count,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);

#endif  // IREEC_DECLS_IREE_HAL_STRING_UTIL_H_
