"""IREE's HAL (iree/hal/api.h): devices, drivers, buffer views, semaphores
and fences, element types. One module per IREE header:
`iree/hal/buffer_view.h` is `ireec/hal/buffer_view.py`."""

from .buffer_view import FORMAT_MAX_ELEMENTS, BufferView, empty_aligned
from .device import Device
from .driver import DeviceInfo, DriverInfo
from .element_type import (
    dtype_from_element_type,
    element_type_from_dtype,
    element_type_name,
    parse_element_type,
)
from .fence import Fence
from .semaphore import Semaphore

__all__ = [
    "BufferView", "Device", "DeviceInfo", "DriverInfo", "FORMAT_MAX_ELEMENTS", "Fence",
    "Semaphore", "dtype_from_element_type", "element_type_from_dtype", "element_type_name",
    "empty_aligned", "parse_element_type",
]
