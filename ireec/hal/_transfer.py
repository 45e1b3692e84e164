"""Buffer views copied to other devices, on pointers: directly on the target
device where its copies can read the buffer (ireec's devices always can: they
stage what they cannot reach, csrc/hal/staging.h). `BufferView.to_device`
decides between this and staging through host memory in Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from ._readback import describe_memory, mappable

if TYPE_CHECKING:
    from .._core.handle import Handle
    from ..types import CData
    from .device import Device

_MEMORY_TYPE_HOST_VISIBLE = lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE

# Device buffers: the parameters of IREE's own samples (BufferView.from_numpy
# copies into such memory too).
DEVICE_PARAMS = {
    "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
    "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
    "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT,
}


def direct_copy_obstacle(buffer: CData, target: CData, target_allocator: CData,
                         target_name: str) -> str | None:
    """Why the iree_hal_device_t `target` (whose allocator is
    `target_allocator`) cannot copy the iree_hal_buffer_t of another device
    itself, or None. ireec's devices always can: what they cannot reach they
    stage through host memory with the buffer's own device's transfers
    (ireec_hal_device_stages_foreign_buffers). Other devices need
    host-mappable memory, to work on host memory, and an allocator able to
    transfer from the buffer (iree_hal_allocator_query_buffer_compatibility)."""
    if lib.ireec_hal_device_stages_foreign_buffers(target):
        return None
    if not mappable(buffer):
        return (f"the buffer is not host-mappable ({describe_memory(buffer)}): only "
                f"its own device can read it")
    if not executes_on_host_memory(target_allocator):
        return f"{target_name} does not work on host memory"
    params = ffi.new("iree_hal_buffer_params_t*", {
        "type": lib.iree_hal_buffer_memory_type(buffer),
        "usage": lib.iree_hal_buffer_allowed_usage(buffer) & lib.IREE_HAL_BUFFER_USAGE_TRANSFER,
    })
    compatibility = lib.iree_hal_allocator_query_buffer_compatibility(
        target_allocator, params[0], lib.iree_hal_buffer_byte_length(buffer),
        ffi.NULL, ffi.NULL)
    if not compatibility & lib.IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_TRANSFER:
        return (f"{target_name}'s allocator cannot transfer from this buffer "
                f"({describe_memory(buffer)})")
    return None


def copy_on_device(copy: Handle, device: Device, view: CData) -> None:
    """Makes `copy` (a new BufferView) a view like `view` over a new buffer
    from `device`'s allocator, filled by iree_hal_device_transfer_d2d on
    `device`."""
    nbytes = lib.iree_hal_buffer_view_byte_length(view)
    params = ffi.new("iree_hal_buffer_params_t*", DEVICE_PARAMS)
    buffer = _cext.BufferHandle()  # ours until the view holds it too
    with use(device) as (device_ptr,):
        buffer._create(None, None, lib.iree_hal_allocator_allocate_buffer,
                       lib.iree_hal_device_allocator(device_ptr), params[0], nbytes)
        try:
            with use(buffer) as (buffer_ptr,):
                if nbytes:
                    check_status(lib.iree_hal_device_transfer_d2d(
                        device_ptr, lib.iree_hal_buffer_view_buffer(view), 0,
                        buffer_ptr, 0, nbytes, lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
                        lib.iree_infinite_timeout()))
                copy._create(device, None, lib.iree_hal_buffer_view_create_like, buffer_ptr,
                             view, lib.iree_hal_device_host_allocator(device_ptr))
        finally:
            buffer.close()


def executes_on_host_memory(allocator: CData) -> bool:
    """Whether every memory heap of the iree_hal_allocator_t is HOST_VISIBLE
    (iree_hal_allocator_query_memory_heaps): its device's own buffers are
    host memory, so its copies read host-mappable buffers from anywhere."""
    count = ffi.new("iree_host_size_t*")
    status = lib.iree_hal_allocator_query_memory_heaps(allocator, 0, ffi.NULL, count)
    if lib.iree_status_code(status) == lib.IREE_STATUS_OUT_OF_RANGE:
        lib.iree_status_ignore(status)
    else:
        check_status(status)
    if count[0] == 0:
        return False
    heaps = ffi.new("iree_hal_allocator_memory_heap_t[]", count[0])
    check_status(lib.iree_hal_allocator_query_memory_heaps(
        allocator, count[0], heaps, count))
    return all(heaps[i].type & _MEMORY_TYPE_HOST_VISIBLE for i in range(count[0]))
