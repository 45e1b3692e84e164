// ireec's own declarations (not IREE's): checked buffer view sizes
// (csrc/hal/shape_checks.c).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_HAL_SHAPE_CHECKS_H_
#define IREEC_DECLS_IREEC_HAL_SHAPE_CHECKS_H_

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer_view.h"

// iree_hal_buffer_compute_view_size for a dense row-major view, with every
// product checked: INVALID_ARGUMENT if a dimension exceeds INT64_MAX, or the
// element count (of the nonzero dimensions) times the element's bits, or the
// byte length, does not fit in 63 bits.
iree_status_t ireec_hal_checked_view_size(
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_device_size_t* out_byte_length);

#endif  // IREEC_DECLS_IREEC_HAL_SHAPE_CHECKS_H_
