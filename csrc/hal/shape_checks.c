// ireec_hal_checked_view_size: a dense row-major view's byte length, computed
// with every product checked, for the shapes that reach IREE from outside.
//
// IREE's own iree_hal_buffer_compute_view_size multiplies the dimensions
// without checking: a shape like 2^40 x 2^40 x f32 wraps to a small size,
// the view is made, and whatever later walks its elements (a call, a copy,
// the formatter) reads past the buffer or loops for 2^80 steps. Every shape
// ireec takes from a caller (BufferView.from_buffer, the CLI's --input and
// --expected_output, the one-call paths' host arrays) is checked here first.

#include <inttypes.h>
#include <stdint.h>

#include "iree/hal/api.h"
#include "ireec/decls/ireec/hal/shape_checks.h"

// The largest element count times element bits, and byte length, accepted:
// what a signed 64-bit size (numpy's, Python's, a file offset) can hold.
#define IREEC_MAX_VIEW_BYTES ((uint64_t)INT64_MAX)

IREE_API_EXPORT iree_status_t ireec_hal_checked_view_size(
    iree_host_size_t shape_rank, const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    iree_device_size_t* out_byte_length) {
  if (out_byte_length) *out_byte_length = 0;
  if ((shape_rank && !shape) || !out_byte_length) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "shape (for a nonzero rank) and out_byte_length "
                            "must not be NULL");
  }
  uint64_t bits = iree_hal_element_bit_count(element_type);
  if (bits == 0) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "element type 0x%08" PRIx32
                            " has no size; a dense view needs one",
                            (uint32_t)element_type);
  }
  // The product of the nonzero dimensions must fit, even when another
  // dimension is zero: IREE walks the outer dimensions of an empty view too.
  uint64_t extent = 1;
  bool empty = false;
  for (iree_host_size_t i = 0; i < shape_rank; ++i) {
    uint64_t dim = shape[i];
    if (dim > (uint64_t)INT64_MAX) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "shape dimension %zu is %" PRIu64
                              ", more than a 64-bit signed size holds",
                              (size_t)i, dim);
    }
    if (dim == 0) {
      empty = true;
      continue;
    }
    // (Products checked by the compiler's overflow builtins: a division per
    // dimension would cost more than the rest of a small call's checks.)
    uint64_t product = 0;
    if (__builtin_mul_overflow(extent, dim, &product) ||
        product > IREEC_MAX_VIEW_BYTES) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "the shape's element count exceeds 2^63-1 "
                              "at dimension %zu (%" PRIu64 ")",
                              (size_t)i, dim);
    }
    extent = product;
  }
  uint64_t total_bits = 0;
  if (__builtin_mul_overflow(extent, bits, &total_bits) ||
      total_bits > IREEC_MAX_VIEW_BYTES) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "%" PRIu64 " elements of %" PRIu64
                            " bits overflow a 64-bit byte size",
                            extent, bits);
  }
  // Sub-byte elements are packed (as IREE packs them), rounded up to a byte.
  *out_byte_length = empty ? 0 : (iree_device_size_t)((total_bits + 7) / 8);
  return iree_ok_status();
}
