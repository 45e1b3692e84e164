"""Test helpers written against the raw layer only (ireec.ffi / ireec.lib).

They read results back through IREE itself (device transfers into host
memory), so assertions compare numbers the real runtime produced.
"""

from __future__ import annotations

import contextlib

import numpy as np

from ireec import check_status, ffi, lib

ELEMENT_TYPES = {
    np.dtype(np.float32): lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32,
    np.dtype(np.int32): lib.IREE_HAL_ELEMENT_TYPE_INT_32,
    np.dtype(np.float64): lib.IREE_HAL_ELEMENT_TYPE_FLOAT_64,
    np.dtype(np.int64): lib.IREE_HAL_ELEMENT_TYPE_INT_64,
}
DTYPES = {v: k for k, v in ELEMENT_TYPES.items()}


def new_instance():
    options = ffi.new("iree_runtime_instance_options_t*")
    lib.iree_runtime_instance_options_initialize(options)
    lib.iree_runtime_instance_options_use_all_available_drivers(options)
    out = ffi.new("iree_runtime_instance_t**")
    check_status(lib.iree_runtime_instance_create(options, lib.iree_allocator_system(), out))
    return out[0]


def new_device(instance, uri: str):
    out = ffi.new("iree_hal_device_t**")
    check_status(lib.iree_hal_create_device(
        lib.iree_runtime_instance_driver_registry(instance),
        lib.iree_make_cstring_view(uri.encode()),
        lib.iree_runtime_instance_host_allocator(instance), out))
    return out[0]


def new_session(instance, device, module_path=None):
    options = ffi.new("iree_runtime_session_options_t*")
    lib.iree_runtime_session_options_initialize(options)
    out = ffi.new("iree_runtime_session_t**")
    check_status(lib.iree_runtime_session_create_with_device(
        instance, options, device, lib.iree_runtime_instance_host_allocator(instance), out))
    if module_path is not None:
        check_status(lib.iree_runtime_session_append_bytecode_module_from_file(
            out[0], str(module_path).encode()))
    return out[0]


@contextlib.contextmanager
def runtime_session(module_path, device_uri="local-task"):
    """Yields (instance, device, session) and releases all three afterwards."""
    instance = new_instance()
    device = session = ffi.NULL
    try:
        device = new_device(instance, device_uri)
        session = new_session(instance, device, module_path)
        yield instance, device, session
    finally:
        lib.iree_runtime_session_release(session)
        lib.iree_hal_device_release(device)
        lib.iree_runtime_instance_release(instance)


def buffer_view_from_array(session, array: np.ndarray):
    array = np.ascontiguousarray(array)
    shape = ffi.new("iree_hal_dim_t[]", list(array.shape) or [0])
    params = ffi.new("iree_hal_buffer_params_t*", {
        "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
        "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
        "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT,
    })
    out = ffi.new("iree_hal_buffer_view_t**")
    data = ffi.from_buffer(array)
    check_status(lib.iree_hal_buffer_view_allocate_buffer_copy(
        lib.iree_runtime_session_device(session),
        lib.iree_runtime_session_device_allocator(session),
        array.ndim, shape, ELEMENT_TYPES[array.dtype],
        lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, params[0],
        lib.iree_make_const_byte_span(data, array.nbytes), out))
    return out[0]


def array_from_buffer_view(device, view) -> np.ndarray:
    """Copies a buffer view's contents to a new array with a device transfer."""
    rank = lib.iree_hal_buffer_view_shape_rank(view)
    shape = tuple(lib.iree_hal_buffer_view_shape_dim(view, i) for i in range(rank))
    dtype = DTYPES[lib.iree_hal_buffer_view_element_type(view)]
    result = np.empty(shape, dtype)
    buffer = lib.iree_hal_buffer_view_buffer(view)
    check_status(lib.iree_hal_device_transfer_d2h(
        device, buffer, 0, ffi.from_buffer(result), result.nbytes,
        lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT, lib.iree_infinite_timeout()))
    return result


def call(session, device, function: str, *arrays: np.ndarray) -> list[np.ndarray]:
    """Calls `function` through iree_runtime_call_t; returns every output."""
    call_ = ffi.new("iree_runtime_call_t*")
    check_status(lib.iree_runtime_call_initialize_by_name(
        session, lib.iree_make_cstring_view(function.encode()), call_))
    try:
        for array in arrays:
            view = buffer_view_from_array(session, array)
            try:
                check_status(lib.iree_runtime_call_inputs_push_back_buffer_view(call_, view))
            finally:
                lib.iree_hal_buffer_view_release(view)
        check_status(lib.iree_runtime_call_invoke(call_, 0))
        results = []
        outputs = lib.iree_runtime_call_outputs(call_)
        while lib.iree_vm_list_size(outputs):
            out = ffi.new("iree_hal_buffer_view_t**")
            check_status(lib.iree_runtime_call_outputs_pop_front_buffer_view(call_, out))
            try:
                results.append(array_from_buffer_view(device, out[0]))
            finally:
                lib.iree_hal_buffer_view_release(out[0])
        return results
    finally:
        lib.iree_runtime_call_deinitialize(call_)


def byte_span(data: bytes):
    """An iree_const_byte_span_t* over `data`, and what keeps its memory alive."""
    keep = ffi.from_buffer(data)
    span = ffi.new("iree_const_byte_span_t*")
    span.data = ffi.cast("const uint8_t*", keep)
    span.data_length = len(data)
    return span, keep
