"""Buffers and views made through IREE's own API, for the tests of what the
Pythonic layer does with them: device-only memory the host cannot map (what
a GPU's device memory is), and the raw outputs of a call wrapped as
BufferViews."""

from __future__ import annotations

import numpy as np

from ireec import BufferView, check_status, ffi, lib

ADD_F32 = """
func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %a, %b : tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def invoke(session, device, function: str, *views: BufferView) -> list[BufferView]:
    """Calls `function` with raw iree_runtime_call_* and wraps every output:
    outputs are popped with their reference, so BufferView takes it over."""
    call = ffi.new("iree_runtime_call_t*")
    check_status(lib.iree_runtime_call_initialize_by_name(
        session, lib.iree_make_cstring_view(function.encode()), call))
    try:
        for view in views:
            check_status(lib.iree_runtime_call_inputs_push_back_buffer_view(call, view.handle))
        check_status(lib.iree_runtime_call_invoke(call, 0))
        results = []
        while lib.iree_vm_list_size(lib.iree_runtime_call_outputs(call)):
            out = ffi.new("iree_hal_buffer_view_t**")
            check_status(lib.iree_runtime_call_outputs_pop_front_buffer_view(call, out))
            results.append(BufferView.from_handle(out[0], device=device, retain=False))
        return results
    finally:
        lib.iree_runtime_call_deinitialize(call)


# Device-local memory the host may not map: what a GPU's device memory is.
# The CPU heap allocator grants mapping to everything it allocates, so this
# buffer comes from the heap buffer API, which takes the memory type and usage
# as given.
DEVICE_ONLY_TYPE = lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL
DEVICE_ONLY_USAGE = lib.IREE_HAL_BUFFER_USAGE_TRANSFER | lib.IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE


def heap_buffer(nbytes: int, memory_type=DEVICE_ONLY_TYPE, usage=DEVICE_ONLY_USAGE,
                access=lib.IREE_HAL_MEMORY_ACCESS_ALL):
    params = ffi.new("iree_hal_buffer_params_t*", {
        "type": memory_type, "usage": usage, "access": access})
    out = ffi.new("iree_hal_buffer_t**")
    host = lib.iree_allocator_system()
    check_status(lib.iree_hal_heap_buffer_create(ffi.NULL, params, nbytes, host, host, out))
    return out[0]


def host_heap_buffer(nbytes: int, access: int):
    """Host-local memory the host may map, persistently too, with only
    `access` granted."""
    return heap_buffer(nbytes, memory_type=lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL,
                       usage=lib.IREE_HAL_BUFFER_USAGE_MAPPING
                       | lib.IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT, access=access)


def device_only_view(device, values: np.ndarray) -> BufferView:
    """A view of `values` in device-only memory, uploaded by IREE's own
    transfer (the buffer cannot be mapped)."""
    values = np.array(values, order="C")  # keeps rank 0, unlike ascontiguousarray
    buffer = heap_buffer(max(values.nbytes, 1))
    try:
        if values.nbytes:
            check_status(lib.iree_hal_device_transfer_h2d(
                device.handle, ffi.from_buffer(values), buffer, 0, values.nbytes,
                lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT, lib.iree_infinite_timeout()))
        return BufferView.from_buffer(device, buffer, values.shape, values.dtype)
    finally:
        lib.iree_hal_buffer_release(buffer)
