// ireec's own declarations (not IREE's): the fast paths of ireec's Python
// calls, each one step in one C call: inputs pushed, the call made, results
// handed over or read into host arrays (csrc/runtime/session_invoke.c).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef.
#ifndef IREEC_DECLS_IREEC_RUNTIME_SESSION_INVOKE_H_
#define IREEC_DECLS_IREEC_RUNTIME_SESSION_INVOKE_H_

#include <stdbool.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/buffer_view.h"
#include "ireec/decls/iree/runtime/session.h"
#include "ireec/decls/iree/vm/list.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls/iree/vm/ref.h"
#include "ireec/decls/ireec/runtime/buffer_view_io.h"

// Pushes a ref to |object| of |type| onto |list|, which retains it (the
// caller keeps its reference); a NULL |object| pushes a null ref of |type|.
iree_status_t ireec_vm_list_push_ref_object_retain(
    iree_vm_list_t* list,
    void* object,
    iree_vm_ref_type_t type);

// Copies |data_length| bytes of host |data| into a new dense row-major
// DEVICE_LOCAL buffer view of |shape| and |element_type| on |device|
// (iree_hal_buffer_view_allocate_buffer_copy) and pushes it onto |list|,
// which takes the only reference. |data_length| must be the view's size.
iree_status_t ireec_vm_list_push_buffer_view_copy(
    iree_vm_list_t* list,
    iree_hal_device_t* device,
    iree_hal_allocator_t* device_allocator,
    iree_host_size_t shape_rank,
    const iree_hal_dim_t* shape,
    iree_hal_element_type_t element_type,
    const void* data,
    iree_host_size_t data_length);

// One synchronous call: empties |outputs|, iree_runtime_session_call, then
// empties |inputs| (on failure too) unless |keep_inputs| (for arguments bound
// once and reused by every call). On success *out_result_count is the
// number of results, and out_views[i] (for i < view_capacity) is a new
// reference to result i if it is a buffer view, else NULL (the result stays
// in |outputs|; when every result is a view, |outputs| is left empty). On
// failure no view is returned and |outputs| is left empty.
iree_status_t ireec_runtime_session_invoke(
    iree_runtime_session_t* session,
    const iree_vm_function_t* function,
    iree_vm_list_t* inputs,
    bool keep_inputs,
    iree_vm_list_t* outputs,
    iree_host_size_t view_capacity,
    iree_hal_buffer_view_t** out_views,
    iree_host_size_t* out_result_count);

// ireec_runtime_session_invoke, then result i read into targets[i] with
// ireec_hal_buffer_view_read_into for every i < target_count whose target
// is an array; the other results stay in |outputs| (emptied when every
// result was read, and on failure). A result that is not a buffer view
// cannot have a target. *out_result_count is the number of results.
iree_status_t ireec_runtime_session_invoke_into(
    iree_runtime_session_t* session,
    const iree_vm_function_t* function,
    iree_vm_list_t* inputs,
    bool keep_inputs,
    iree_vm_list_t* outputs,
    iree_hal_device_t* device,
    iree_host_size_t target_count,
    const ireec_host_array_t* targets,
    iree_host_size_t* out_result_count);

#endif  // IREEC_DECLS_IREEC_RUNTIME_SESSION_INVOKE_H_
