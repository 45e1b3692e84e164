// Declarations of IREE's iree/hal/buffer_view.h: HAL buffer views: a buffer
// with a shape, element type and encoding.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_BUFFER_VIEW_H_
#define IREEC_DECLS_IREE_HAL_BUFFER_VIEW_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"

enum iree_hal_numerical_type_bits_t {
  IREE_HAL_NUMERICAL_TYPE_UNKNOWN = 0x0,
  IREE_HAL_NUMERICAL_TYPE_INTEGER = 0x10,
  IREE_HAL_NUMERICAL_TYPE_INTEGER_SIGNED = 0x11,
  IREE_HAL_NUMERICAL_TYPE_INTEGER_UNSIGNED = 0x12,
  IREE_HAL_NUMERICAL_TYPE_BOOLEAN = 0x13,
  IREE_HAL_NUMERICAL_TYPE_FLOAT = 0x20,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_IEEE = 0x21,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_BRAIN = 0x22,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_COMPLEX = 0x23,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_8_E5M2 = 0x24,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_8_E4M3FN = 0x25,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_8_E5M2_FNUZ = 0x26,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_8_E4M3_FNUZ = 0x27,
  IREE_HAL_NUMERICAL_TYPE_FLOAT_8_E8M0_FNU = 0x28,
};

typedef uint8_t iree_hal_numerical_type_t;

enum iree_hal_element_types_t {
  IREE_HAL_ELEMENT_TYPE_NONE = 0,
  IREE_HAL_ELEMENT_TYPE_OPAQUE_8 = 8,
  IREE_HAL_ELEMENT_TYPE_OPAQUE_16 = 16,
  IREE_HAL_ELEMENT_TYPE_OPAQUE_32 = 32,
  IREE_HAL_ELEMENT_TYPE_OPAQUE_64 = 64,
  IREE_HAL_ELEMENT_TYPE_INT_4 = 268435460,
  IREE_HAL_ELEMENT_TYPE_INT_8 = 268435464,
  IREE_HAL_ELEMENT_TYPE_INT_16 = 268435472,
  IREE_HAL_ELEMENT_TYPE_INT_32 = 268435488,
  IREE_HAL_ELEMENT_TYPE_INT_64 = 268435520,
  IREE_HAL_ELEMENT_TYPE_SINT_4 = 285212676,
  IREE_HAL_ELEMENT_TYPE_SINT_8 = 285212680,
  IREE_HAL_ELEMENT_TYPE_SINT_16 = 285212688,
  IREE_HAL_ELEMENT_TYPE_SINT_32 = 285212704,
  IREE_HAL_ELEMENT_TYPE_SINT_64 = 285212736,
  IREE_HAL_ELEMENT_TYPE_UINT_4 = 301989892,
  IREE_HAL_ELEMENT_TYPE_UINT_8 = 301989896,
  IREE_HAL_ELEMENT_TYPE_UINT_16 = 301989904,
  IREE_HAL_ELEMENT_TYPE_UINT_32 = 301989920,
  IREE_HAL_ELEMENT_TYPE_UINT_64 = 301989952,
  IREE_HAL_ELEMENT_TYPE_BOOL_8 = 318767112,
  IREE_HAL_ELEMENT_TYPE_FLOAT_16 = 553648144,
  IREE_HAL_ELEMENT_TYPE_FLOAT_32 = 553648160,
  IREE_HAL_ELEMENT_TYPE_FLOAT_64 = 553648192,
  IREE_HAL_ELEMENT_TYPE_BFLOAT_16 = 570425360,
  IREE_HAL_ELEMENT_TYPE_COMPLEX_FLOAT_64 = 587202624,
  IREE_HAL_ELEMENT_TYPE_COMPLEX_FLOAT_128 = 587202688,
  IREE_HAL_ELEMENT_TYPE_FLOAT_8_E5M2 = 603979784,
  IREE_HAL_ELEMENT_TYPE_FLOAT_8_E4M3_FN = 620757000,
  IREE_HAL_ELEMENT_TYPE_FLOAT_8_E5M2_FNUZ = 637534216,
  IREE_HAL_ELEMENT_TYPE_FLOAT_8_E4M3_FNUZ = 654311432,
  IREE_HAL_ELEMENT_TYPE_FLOAT_8_E8M0_FNU = 671088648,
};

typedef uint32_t iree_hal_element_type_t;

enum iree_hal_encoding_types_t {
  IREE_HAL_ENCODING_TYPE_OPAQUE = 0,
  IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR = 1,
};

typedef uint32_t iree_hal_encoding_type_t;
typedef uint64_t iree_hal_dim_t;

typedef struct iree_hal_buffer_view_t iree_hal_buffer_view_t;

iree_status_t iree_hal_buffer_view_create(
    iree_hal_buffer_t* buffer,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_hal_encoding_type_t encoding_type,
    iree_allocator_t host_allocator,
    iree_hal_buffer_view_t**out_buffer_view);
iree_status_t iree_hal_buffer_view_create_like(
    iree_hal_buffer_t* buffer,
    iree_hal_buffer_view_t* like_view,
    iree_allocator_t host_allocator,
    iree_hal_buffer_view_t**out_buffer_view);
void iree_hal_buffer_view_retain(iree_hal_buffer_view_t* buffer_view);
void iree_hal_buffer_view_release(iree_hal_buffer_view_t* buffer_view);
iree_hal_buffer_t* iree_hal_buffer_view_buffer(
    const iree_hal_buffer_view_t* buffer_view);
iree_host_size_t iree_hal_buffer_view_shape_rank(
    const iree_hal_buffer_view_t* buffer_view);
const iree_hal_dim_t* iree_hal_buffer_view_shape_dims(
    const iree_hal_buffer_view_t* buffer_view);
iree_hal_dim_t iree_hal_buffer_view_shape_dim(
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t index);
iree_status_t iree_hal_buffer_view_shape(
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t rank_capacity,
    iree_hal_dim_t* out_shape,
    iree_host_size_t* out_shape_rank);
iree_status_t iree_hal_buffer_view_reshape(
    iree_hal_buffer_view_t* buffer_view,
    const iree_hal_dim_t* shape,
    iree_host_size_t shape_rank);
iree_host_size_t iree_hal_buffer_view_element_count(
    const iree_hal_buffer_view_t* buffer_view);
iree_hal_element_type_t iree_hal_buffer_view_element_type(
    const iree_hal_buffer_view_t* buffer_view);
iree_host_size_t iree_hal_buffer_view_element_size(
    const iree_hal_buffer_view_t* buffer_view);
iree_hal_encoding_type_t iree_hal_buffer_view_encoding_type(
    const iree_hal_buffer_view_t* buffer_view);
iree_device_size_t iree_hal_buffer_view_byte_length(
    const iree_hal_buffer_view_t* buffer_view);
iree_status_t iree_hal_buffer_view_compute_offset(
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t indices_count,
    const iree_hal_dim_t* indices,
    iree_device_size_t* out_offset);
iree_status_t iree_hal_buffer_view_compute_range(
    const iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t indices_count,
    const iree_hal_dim_t* start_indices,
    iree_host_size_t lengths_count,
    const iree_hal_dim_t* lengths,
    iree_device_size_t* out_start_offset,
    iree_device_size_t* out_length);

// Destroys the buffer view: what its release does when the last reference
// goes. For implementations; everything else releases.
void iree_hal_buffer_view_destroy(iree_hal_buffer_view_t* buffer_view);

#endif  // IREEC_DECLS_IREE_HAL_BUFFER_VIEW_H_
