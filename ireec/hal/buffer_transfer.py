"""Transfers between host memory and device buffers (iree/hal/buffer_transfer.h):
the blocking `iree_hal_device_transfer_*` calls, which `Device` has from
`DeviceTransfers`. A buffer the host can map is read or written through a
mapping; any other goes through a staging copy on the device's queue."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.validate import UINT32, checked_int
from ._checks import byte_range, host_bytes, refuse
from ..errors import PermissionDeniedError
from .buffer import Buffer, as_buffer

if TYPE_CHECKING:
    from ..types import CData

_TRANSFER_SOURCE = lib.IREE_HAL_BUFFER_USAGE_TRANSFER_SOURCE
_TRANSFER_TARGET = lib.IREE_HAL_BUFFER_USAGE_TRANSFER_TARGET


def _timeout(timeout: float | None) -> CData:
    if timeout is None:
        return lib.iree_infinite_timeout()
    return lib.iree_make_timeout_ns(max(0, int(timeout * 1e9)))


def _require_transferable(buffer: Buffer, ptr: CData, usage: int, what: str) -> None:
    """Refuses the buffer (`ptr` its pointer, from a use the caller holds)
    unless a transfer may read (or write) it: it allows the transfer usage,
    or the host maps it."""
    allowed = lib.iree_hal_buffer_allowed_usage(ptr)
    mappable = (lib.iree_hal_buffer_memory_type(ptr) & lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
                and allowed & lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED)
    if not mappable and not allowed & usage:
        name = "TRANSFER_SOURCE" if usage == _TRANSFER_SOURCE else "TRANSFER_TARGET"
        raise refuse(PermissionDeniedError, f"{what}: the buffer ({buffer.describe_memory()}) "
                                            f"is neither mappable nor allows {name}")


class DeviceTransfers:
    """The blocking transfers of `ireec.Device` (see the module docstring)."""

    __slots__ = ()

    def transfer_h2d(self, source: Any, target: Buffer, target_offset: int = 0,
                     flags: int = lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
                     timeout: float | None = None) -> None:
        """iree_hal_device_transfer_h2d: copies `source` (any bytes-like
        object) into `target` at `target_offset`, and returns when done."""
        flags = checked_int(flags, UINT32, "transfer_h2d: flags")
        target = as_buffer(target, "transfer_h2d: target")
        data, length = host_bytes(source, "transfer_h2d: source")
        with use(self, target) as (device, ptr):
            _require_transferable(target, ptr, _TRANSFER_TARGET, "transfer_h2d")
            offset, length = byte_range(ptr, target_offset, length, "transfer_h2d")
            if length:
                check_status(lib.iree_hal_device_transfer_h2d(
                    device, data, ptr, offset, length, flags, _timeout(timeout)))

    def transfer_d2h(self, source: Buffer, source_offset: int = 0,
                     data_length: int | None = None,
                     flags: int = lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
                     timeout: float | None = None) -> bytes:
        """iree_hal_device_transfer_d2h: `data_length` bytes (None: to the
        end) of `source` at `source_offset`, copied into host memory."""
        flags = checked_int(flags, UINT32, "transfer_d2h: flags")
        source = as_buffer(source, "transfer_d2h: source")
        with use(self, source) as (device, ptr):
            _require_transferable(source, ptr, _TRANSFER_SOURCE, "transfer_d2h")
            offset, length = byte_range(ptr, source_offset, data_length, "transfer_d2h")
            target = ffi.new("uint8_t[]", max(length, 1))
            if length:
                check_status(lib.iree_hal_device_transfer_d2h(
                    device, ptr, offset, target, length, flags, _timeout(timeout)))
        return ffi.buffer(target, length)[:]

    def transfer_d2d(self, source: Buffer, source_offset: int, target: Buffer,
                     target_offset: int, data_length: int | None,
                     flags: int = lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
                     timeout: float | None = None) -> None:
        """iree_hal_device_transfer_d2d: copies `data_length` bytes (None: the
        rest of `source`) between two buffers, and returns when done."""
        flags = checked_int(flags, UINT32, "transfer_d2d: flags")
        source = as_buffer(source, "transfer_d2d: source")
        target = as_buffer(target, "transfer_d2d: target")
        with use(self, source, target) as (device, source_ptr, target_ptr):
            _require_transferable(source, source_ptr, _TRANSFER_SOURCE, "transfer_d2d: source")
            _require_transferable(target, target_ptr, _TRANSFER_TARGET, "transfer_d2d: target")
            offset, length = byte_range(source_ptr, source_offset, data_length,
                                        "transfer_d2d: source")
            target_offset, _ = byte_range(target_ptr, target_offset, length,
                                          "transfer_d2d: target")
            if length:
                check_status(lib.iree_hal_device_transfer_d2d(
                    device, source_ptr, offset, target_ptr, target_offset, length, flags,
                    _timeout(timeout)))
