// ireec's own declarations (not IREE's): the fast paths of ireec's Python
// reads and imports, each in one C call: buffer views read into host memory,
// host memory imported as buffer views (csrc/runtime/buffer_view_io.c).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_RUNTIME_BUFFER_VIEW_IO_H_
#define IREEC_DECLS_IREEC_RUNTIME_BUFFER_VIEW_IO_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/buffer_view.h"

// iree_hal_buffer_map_read of the whole buffer of |buffer_view| into
// |target| when the view is dense row-major, exactly |target_length| bytes,
// and its buffer HOST_VISIBLE and MAPPING_SCOPED. Otherwise a code-only
// status: INVALID_ARGUMENT (encoding), OUT_OF_RANGE (length) or UNAVAILABLE
// (not mappable), for the caller to take its general path.
iree_status_t ireec_hal_buffer_view_map_read_dense(
    const iree_hal_buffer_view_t* buffer_view,
    void* target,
    iree_host_size_t target_length);

// ireec_hal_buffer_view_map_read_dense into |storage| at the offset (below
// IREEC_PAGE_MATCH_SPAN, returned in *out_offset) that puts the copy at the
// same place within a 4 KiB page as the mapped source. The C library copies
// large blocks markedly faster between addresses so matched (measured here:
// 64 MiB in 7.2 ms instead of 9.7 ms). |storage_length| must be at least the
// view's byte length + IREEC_PAGE_MATCH_SPAN - 1 (else OUT_OF_RANGE).
#define IREEC_PAGE_MATCH_SPAN 4096
iree_status_t ireec_hal_buffer_view_map_read_dense_page_matched(
    const iree_hal_buffer_view_t* buffer_view,
    void* storage,
    iree_host_size_t storage_length,
    iree_host_size_t* out_offset);

// A dense row-major array in host memory that a buffer view is read into:
// |data_length| bytes at |data|, of |element_type| and the |shape_rank| dims
// of |shape|. An element type of IREE_HAL_ELEMENT_TYPE_NONE means "no array".
typedef struct ireec_host_array_t {
  void* data;
  iree_host_size_t data_length;
  iree_hal_element_type_t element_type;
  iree_host_size_t shape_rank;
  const iree_hal_dim_t* shape;
} ireec_host_array_t;

// Reads the whole of |buffer_view| into |target|, which must have exactly
// its layout (else INVALID_ARGUMENT naming both): by mapping when its
// buffer is HOST_VISIBLE and MAPPING_SCOPED, otherwise with
// iree_hal_device_transfer_d2h on |device| (UNAVAILABLE without one).
iree_status_t ireec_hal_buffer_view_read_into(
    const iree_hal_buffer_view_t* buffer_view,
    iree_hal_device_t* device,
    const ireec_host_array_t* target);

// Imports |data_length| bytes of host memory at |data| as the buffer of a new
// dense row-major view of |shape| and |element_type|, without a copy
// (iree_hal_allocator_import_buffer of a HOST_ALLOCATION with |params|, then
// iree_hal_buffer_view_create). |release_callback| is called once IREE no
// longer uses the memory; not at all if the import fails. Code-only
// UNAVAILABLE, having done nothing, when the allocator cannot import such
// memory (iree_hal_allocator_query_buffer_compatibility).
iree_status_t ireec_hal_buffer_view_import_host_allocation(
    iree_hal_allocator_t* device_allocator,
    iree_hal_buffer_params_t params,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    void* data,
    iree_host_size_t data_length,
    iree_hal_buffer_release_callback_t release_callback,
    iree_allocator_t host_allocator,
    iree_hal_buffer_view_t** out_buffer_view);

#endif  // IREEC_DECLS_IREEC_RUNTIME_BUFFER_VIEW_IO_H_
