// ireec's own declarations (not IREE's): device allocations lent between
// IREE and another library (DLPack: a torch or JAX tensor into ireec, a
// buffer view out to them) through IREE's allocator import and export of
// IREE_HAL_EXTERNAL_BUFFER_TYPE_DEVICE_ALLOCATION (csrc/hal/external_buffers.c).
// What a device allocation is depends on the device: a host pointer on
// ireec's CPU devices, a CUdeviceptr on IREE's CUDA driver.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_HAL_EXTERNAL_BUFFERS_H_
#define IREEC_DECLS_IREEC_HAL_EXTERNAL_BUFFERS_H_

#include <stdint.h>

#include "ireec/decls/iree/hal/allocator.h"
#include "ireec/decls/iree/hal/buffer_view.h"
#include "ireec/decls/iree/hal/device.h"

// What hands borrowed memory back to its owner: called once with |self| (a
// DLPack producer's deleter, called with its managed tensor). Called from
// whichever thread releases the memory last.
typedef void (*ireec_external_release_fn_t)(void* self);

// A new dense row-major view of |shape| and |element_type| over the
// |byte_length| bytes of device memory at |device_pointer|, imported through
// |device_allocator| (iree_hal_allocator_import_buffer of a
// DEVICE_ALLOCATION with |params|) without a copy. |release|(|release_self|)
// is called exactly once on every path: when IREE releases the imported
// buffer, or before this returns a failure (nothing imported, the import
// refused, the view not made); a NULL |release| is never called.
iree_status_t ireec_hal_buffer_view_import_device_allocation(
    iree_hal_allocator_t* device_allocator,
    iree_hal_buffer_params_t params,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    uint64_t device_pointer,
    iree_device_size_t byte_length,
    ireec_external_release_fn_t release,
    void* release_self,
    iree_allocator_t host_allocator,
    iree_hal_buffer_view_t** out_buffer_view);

// What an export lends: the device allocation holding the view's bytes
// (|allocation|, as the allocator exports it, and where in it the view's
// bytes start: |byte_offset|), and storage the caller describes the export
// in (|storage|, |storage_size| zeroed bytes, aligned for any C type). The
// export holds a reference to the view and to its device until
// ireec_hal_buffer_view_export_release(|storage|).
typedef struct ireec_hal_device_allocation_export_t {
  uint64_t allocation;
  iree_device_size_t byte_offset;
  void* storage;
} ireec_hal_device_allocation_export_t;

// Exports the memory of |buffer_view| as a device allocation of |device|
// (iree_hal_allocator_export_buffer of its allocated buffer through the
// device's allocator, DEVICE_ALLOCATION), for another library to use in
// place. Only memory |device| uses where it is (its own on an accelerator,
// ireec_hal_device_reaches_buffer) is handed to its allocator: IREE's
// drivers take the buffers they are given to be their own. UNAVAILABLE when
// the allocator does not export this memory (a discrete device's, memory
// from a CUDA stream-ordered pool); FAILED_PRECONDITION when the memory is
// not the device's.
iree_status_t ireec_hal_buffer_view_export_device_allocation(
    iree_hal_device_t* device,
    iree_hal_buffer_view_t* buffer_view,
    iree_host_size_t storage_size,
    ireec_hal_device_allocation_export_t* out_export);

// Ends an export made by ireec_hal_buffer_view_export_device_allocation:
// releases its view and device and frees |storage|; in a process forked
// from the exporting one, does nothing (the export is leaked). Callable from
// any thread, without Python; an ireec_external_release_fn_t (a DLPack
// deleter of an exported tensor laid out in |storage|).
void ireec_hal_buffer_view_export_release(void* storage);

#endif  // IREEC_DECLS_IREEC_HAL_EXTERNAL_BUFFERS_H_
