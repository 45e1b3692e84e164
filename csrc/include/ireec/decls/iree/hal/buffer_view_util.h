// Declarations of IREE's iree/hal/buffer_view_util.h: buffer view helpers:
// sizes and offsets, allocation with contents, parsing and formatting.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_BUFFER_VIEW_UTIL_H_
#define IREEC_DECLS_IREE_HAL_BUFFER_VIEW_UTIL_H_

#include <stdio.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_builder.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/buffer_view.h"

iree_status_t iree_hal_buffer_compute_view_size(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_device_size_t* out_allocation_size);
iree_status_t iree_hal_buffer_compute_view_offset(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_host_size_t indices_count,
    const iree_hal_dim_t* indices,
    iree_device_size_t* out_offset);
iree_status_t iree_hal_buffer_compute_view_range(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_host_size_t indices_count,
    const iree_hal_dim_t* start_indices,
    iree_host_size_t lengths_count,
    const iree_hal_dim_t* lengths,
    iree_device_size_t* out_start_offset,
    iree_device_size_t* out_length);
iree_status_t iree_hal_buffer_view_allocate_buffer_copy(
    iree_hal_device_t* device,
    iree_hal_allocator_t* allocator,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_hal_buffer_params_t buffer_params,
    iree_const_byte_span_t initial_data,
    iree_hal_buffer_view_t**out_buffer_view);

typedef struct iree_status_handle_t* (*iree_hal_buffer_view_generator_callback_t)(iree_hal_buffer_mapping_t*, void*);

iree_status_t iree_hal_buffer_view_generate_buffer(
    iree_hal_device_t* device,
    iree_hal_allocator_t* allocator,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_hal_buffer_params_t buffer_params,
    iree_hal_buffer_view_generator_callback_t callback,
    void* user_data,
    iree_hal_buffer_view_t**out_buffer_view);
iree_status_t iree_hal_buffer_view_parse(
    iree_string_view_t value,
    iree_hal_device_t* device,
    iree_hal_allocator_t* device_allocator,
    iree_hal_buffer_view_t**out_buffer_view);
iree_status_t iree_hal_buffer_view_format(
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t max_element_count,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_status_t iree_hal_buffer_view_fprint(
    FILE* file,
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t max_element_count,
    iree_allocator_t host_allocator);
iree_status_t iree_hal_buffer_view_append_to_builder(
    iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t max_element_count,
    iree_string_builder_t* builder);

#endif  // IREEC_DECLS_IREE_HAL_BUFFER_VIEW_UTIL_H_
