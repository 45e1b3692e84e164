"""Reading back device memory the host cannot map.

A GPU's device-local memory cannot be mapped by the host; reading it means a
device transfer. The CPU device's own allocator makes everything mappable, so
this example makes such a buffer with IREE's heap buffer API, which takes the
memory type and usage as given: DEVICE_LOCAL, with transfer and dispatch
usage but no mapping. Then it shows that IREE refuses to map it persistently,
and that BufferView reads it back anyway, by transfer: to_numpy() and str()
give the right values.

    python examples/device_local_readback.py
"""

from __future__ import annotations

from typing import Any

import numpy as np

import ireec
from ireec.types import CData
from ireec import BufferView, check_status, ffi, lib


def device_only_buffer(device: ireec.Device, values: np.ndarray[Any, Any]) -> CData:
    """A DEVICE_LOCAL buffer without MAPPING usage, filled by a device
    transfer (iree_hal_device_transfer_h2d); the caller releases it."""
    params = ffi.new("iree_hal_buffer_params_t*", {
        "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
        "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
        "usage": lib.IREE_HAL_BUFFER_USAGE_TRANSFER | lib.IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE,
    })
    buffer = ffi.new("iree_hal_buffer_t**")
    host = lib.iree_allocator_system()
    check_status(lib.iree_hal_heap_buffer_create(ffi.NULL, params, values.nbytes, host, host,
                                                 buffer))
    check_status(lib.iree_hal_device_transfer_h2d(
        device.handle, ffi.from_buffer(values.data), buffer[0], 0, values.nbytes,
        lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT, lib.iree_infinite_timeout()))
    return buffer[0]


def main() -> None:
    values = np.array([[1.5, -2.0, 3.25], [4.0, 0.5, -8.0]], np.float32)
    with ireec.Instance() as instance, ireec.Device(instance, "local-task") as device:
        buffer = device_only_buffer(device, values)
        try:
            view = BufferView.from_buffer(device, buffer, values.shape, values.dtype)
        finally:
            lib.iree_hal_buffer_release(buffer)  # the view holds its own reference
        with view:
            print(f"memory:   {view.describe_memory()}")
            print(f"mappable: {view.mappable}")

            mapping = ffi.new("iree_hal_buffer_mapping_t*")
            try:
                check_status(lib.iree_hal_buffer_map_range(
                    view.buffer, lib.IREE_HAL_MAPPING_MODE_PERSISTENT,
                    lib.IREE_HAL_MEMORY_ACCESS_READ, 0, values.nbytes, mapping))
            except ireec.PermissionDeniedError as e:
                print(f"persistent map: {e.code_name}: {e.message.split('; ', 1)[1]}")

            print(f"to_numpy(): {view.to_numpy().tolist()}")
            print(f"str():      {view}")
            try:
                view.to_numpy(copy=False)
            except ValueError as e:
                print(f"to_numpy(copy=False): {e}")


if __name__ == "__main__":
    main()
