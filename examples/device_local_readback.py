"""Reading back device memory the host cannot map.

A GPU's device-local memory cannot be mapped by the host; reading it means a
device transfer. The CPU device created with `?memory=discrete` has such
memory too (docs/non_mappable.md): its allocator answers DEVICE_LOCAL
requests with memory that is not HOST_VISIBLE, as a discrete GPU's does. This
example uploads an array there, shows that IREE refuses to map it, and that
BufferView reads it back anyway, by transfer: to_numpy() and str() give the
right values.

    python examples/device_local_readback.py
"""

from __future__ import annotations

from typing import Any

import numpy as np

import ireec
from ireec.types import CData
from ireec import BufferView, check_status, ffi, lib


def main() -> None:
    values = np.array([[1.5, -2.0, 3.25], [4.0, 0.5, -8.0]], np.float32)
    with ireec.Instance() as instance, \
            ireec.Device(instance, "local-task://?memory=discrete") as device, \
            BufferView.from_numpy(device, values) as view:
        print(f"memory:   {view.describe_memory()}")
        print(f"mappable: {view.mappable}")

        mapping = ffi.new("iree_hal_buffer_mapping_t*")
        try:
            check_status(lib.iree_hal_buffer_map_range(
                view.buffer.handle, lib.IREE_HAL_MAPPING_MODE_PERSISTENT,
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
