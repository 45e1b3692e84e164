"""Buffer views copied to other devices: directly on the target device where
its copies can read the buffer, else staged through host memory.
BufferView's methods of those names are these functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._in_use import in_use
from ._library import ffi, lib
from .errors import check_status
from .instance import Device

if TYPE_CHECKING:
    from .types import CData
    from .buffer_view import BufferView

_MEMORY_TYPE_HOST_VISIBLE = lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE

# Device buffers: the parameters of IREE's own samples (BufferView.from_numpy
# copies into such memory too).
DEVICE_PARAMS = {
    "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
    "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
    "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT,
}


def as_device(device: Device | CData | None) -> Device | None:
    """`device` as an ireec.Device: None, a Device, or an iree_hal_device_t*
    (retained)."""
    if device is None or isinstance(device, Device):
        return device
    if isinstance(device, ffi.CData) and ffi.typeof(device) is ffi.typeof("iree_hal_device_t*"):
        return Device.from_handle(device, retain=True)
    raise TypeError(f"device must be an ireec.Device or an iree_hal_device_t*, "
                    f"not {type(device).__name__}")


def require_device(device: Device | CData | None) -> Device:
    """as_device, refusing None and closed devices."""
    device = as_device(device)
    if device is None:
        raise ValueError("a device is required")
    device.handle  # raises ClosedError for a closed device
    return device


def direct_copy_obstacle(view: BufferView, device: Device | CData) -> str | None:
    """Why `to_device(device)` must stage through host memory, or None if
    `device` can copy the buffer itself (see to_device)."""
    target = require_device(device)
    buffer = view.buffer
    if (view.device is not None and not view.device.closed
            and view.device.handle == target.handle):
        return None
    if not view.mappable:
        return (f"the buffer is not host-mappable ({view.describe_memory()}): only "
                f"its own device can read it")
    if not executes_on_host_memory(target):
        return f"{target.id} does not work on host memory"
    params = ffi.new("iree_hal_buffer_params_t*", {
        "type": lib.iree_hal_buffer_memory_type(buffer),
        "usage": lib.iree_hal_buffer_allowed_usage(buffer) & lib.IREE_HAL_BUFFER_USAGE_TRANSFER,
    })
    compatibility = lib.iree_hal_allocator_query_buffer_compatibility(
        target.allocator, params[0], lib.iree_hal_buffer_byte_length(buffer),
        ffi.NULL, ffi.NULL)
    if not compatibility & lib.IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_TRANSFER:
        return (f"{target.id}'s allocator cannot transfer from this buffer "
                f"({view.describe_memory()})")
    return None


@in_use
def to_device(view: BufferView, device: Device | CData, *, via_host: bool | None = None) -> "BufferView":
    """A new, independent copy of the view on `device` (never an alias:
    writing one never changes the other, even on the same device).

    Direct copy (iree_hal_device_transfer_d2d on the target device into a
    buffer from its allocator) when the target is this view's own device,
    or when the target works on host memory (all its allocator's heaps are
    HOST_VISIBLE, as CPU devices' are) and this buffer is host-mappable
    memory its allocator can transfer from
    (iree_hal_allocator_query_buffer_compatibility). Otherwise, e.g. CPU
    and GPU, where IREE has no copy between the devices' buffers, it
    stages through host memory: to_numpy() on this device, then
    from_numpy() on the target. `via_host=True` forces staging;
    `via_host=False` requires a direct copy (ValueError if impossible).
    """
    target = require_device(device)
    obstacle = view.direct_copy_obstacle(target)
    if via_host is None:
        via_host = obstacle is not None
    elif not via_host and obstacle is not None:
        raise ValueError(f"cannot copy directly to {target.id}: {obstacle}")
    if via_host:
        return type(view).from_numpy(target, view.to_numpy())
    return copy_on_device(view, target)


def copy_on_device(view: BufferView, target: Device) -> "BufferView":
    ptr = view.handle
    nbytes = lib.iree_hal_buffer_view_byte_length(ptr)
    params = ffi.new("iree_hal_buffer_params_t*", DEVICE_PARAMS)
    out_buffer = ffi.new("iree_hal_buffer_t**")
    check_status(lib.iree_hal_allocator_allocate_buffer(
        target.allocator, params[0], nbytes, out_buffer))
    out = ffi.new("iree_hal_buffer_view_t**")
    try:
        if nbytes:
            check_status(lib.iree_hal_device_transfer_d2d(
                target.handle, lib.iree_hal_buffer_view_buffer(ptr), 0,
                out_buffer[0], 0, nbytes, lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
                lib.iree_infinite_timeout()))
        check_status(lib.iree_hal_buffer_view_create_like(
            out_buffer[0], ptr, target.host_allocator, out))
    finally:
        lib.iree_hal_buffer_release(out_buffer[0])
    return type(view).from_handle(out[0], device=target)


def executes_on_host_memory(device: Device) -> bool:
    """Whether every memory heap of the device's allocator is HOST_VISIBLE
    (iree_hal_allocator_query_memory_heaps): its own buffers are host memory,
    so its copies read host-mappable buffers from anywhere."""
    count = ffi.new("iree_host_size_t*")
    status = lib.iree_hal_allocator_query_memory_heaps(device.allocator, 0, ffi.NULL, count)
    if lib.iree_status_code(status) == lib.IREE_STATUS_OUT_OF_RANGE:
        lib.iree_status_ignore(status)
    else:
        check_status(status)
    if count[0] == 0:
        return False
    heaps = ffi.new("iree_hal_allocator_memory_heap_t[]", count[0])
    check_status(lib.iree_hal_allocator_query_memory_heaps(
        device.allocator, count[0], heaps, count))
    return all(heaps[i].type & _MEMORY_TYPE_HOST_VISIBLE for i in range(count[0]))
