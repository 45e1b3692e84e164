// HAL buffer views: a buffer with a shape and element type.
#ifndef IREE_HAL_BUFFER_VIEW_H_
#define IREE_HAL_BUFFER_VIEW_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/buffer_view.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/buffer.h"
#include "iree/hal/resource.h"

// An element type packs the numerical type in its top byte and the bit width
// in its low byte.

#define IREE_HAL_ELEMENT_TYPE_VALUE(numerical_type, bit_count) \
  ((((uint32_t)(numerical_type)) << 24) | ((uint32_t)(bit_count)))
#define iree_hal_make_element_type(numerical_type, bit_count) \
  ((iree_hal_element_type_t)IREE_HAL_ELEMENT_TYPE_VALUE(numerical_type, \
                                                        bit_count))

#define iree_hal_element_numerical_type(element_type) \
  ((iree_hal_numerical_type_t)(((uint32_t)(element_type)) >> 24))
#define iree_hal_element_numerical_type_is_opaque(element_type) \
  (iree_hal_element_numerical_type(element_type) ==             \
   IREE_HAL_NUMERICAL_TYPE_UNKNOWN)
#define iree_hal_element_numerical_type_is_boolean(element_type)   \
  iree_all_bits_set(iree_hal_element_numerical_type(element_type), \
                    IREE_HAL_NUMERICAL_TYPE_BOOLEAN)
#define iree_hal_element_numerical_type_is_integer(element_type)   \
  iree_all_bits_set(iree_hal_element_numerical_type(element_type), \
                    IREE_HAL_NUMERICAL_TYPE_INTEGER)
#define iree_hal_element_numerical_type_is_float(element_type)     \
  iree_all_bits_set(iree_hal_element_numerical_type(element_type), \
                    IREE_HAL_NUMERICAL_TYPE_FLOAT)
#define iree_hal_element_numerical_type_is_complex_float(element_type) \
  iree_all_bits_set(iree_hal_element_numerical_type(element_type),     \
                    IREE_HAL_NUMERICAL_TYPE_FLOAT_COMPLEX)

#define iree_hal_element_bit_count(element_type) \
  ((iree_host_size_t)(((uint32_t)(element_type)) & 0xFFu))
// Sub-byte types (i4) are packed and need the caller to handle the packing.
#define iree_hal_element_is_byte_aligned(element_type) \
  (iree_hal_element_bit_count(element_type) % 8 == 0)
// Only meaningful for dense encodings: rounds sub-byte widths up to a byte.
#define iree_hal_element_dense_byte_count(element_type) \
  ((iree_hal_element_bit_count(element_type) + 7) / 8)
// Signedness is ignored: i32, si32 and ui32 all match a |bit_width| of 32.
#define iree_hal_element_type_is_integer(element_type, bit_width) \
  (iree_hal_element_numerical_type_is_integer(element_type) &&    \
   iree_hal_element_bit_count(element_type) == (bit_width))

#endif  // IREE_HAL_BUFFER_VIEW_H_
