"""The base of every HAL object made on a device (allocators, buffers,
buffer views, semaphores, fences, events, executables and their caches,
files, channels, command buffers): each holds a use of its Device, which
therefore outlives it, and names it as `device`, the same way for all: the
first object it holds a use of (its Handle's parent), when that is a Device.
What holds more than its device (a buffer its allocator, a view its buffer)
holds them after it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from .. import _cext
from .._core.handle import Handle
from .._core.validate import checked_object

if TYPE_CHECKING:
    from ..types import CData
    from .device import Device


def require_open_device(device: object, what: str) -> Device:
    """`device` if it is an open ireec.Device: TypeError or ClosedError
    otherwise."""
    checked_object(device, _cext.DeviceHandle, f"{what}: device", name="ireec.Device")
    device._require_open()
    return device  # type: ignore[return-value]


class DeviceObject(Handle):
    """A Handle of an object made on a Device (its parent, in use until the
    object goes)."""

    __slots__ = ()

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False,
                    device: Device | None = None) -> Self:
        """Adopts a raw pointer of the class's C type (see Handle.from_handle),
        holding a use of `device`, the device it was made on, if given."""
        self = cls.__new__(cls)
        self._own(ptr, retain=retain, parent=device)
        return self

    @property
    def device(self) -> Device | None:
        """The Device the object was made on (None if not known)."""
        parent = self._parent
        first = parent[0] if type(parent) is tuple else parent
        return first if isinstance(first, _cext.DeviceHandle) else None  # type: ignore[return-value]


def made_by(owner: Handle | None) -> Handle | tuple[Handle, ...] | None:
    """What an object made by `owner` (an allocator, a buffer, a view, a
    file; or a device itself) holds uses of: its device first, then
    `owner`, so that its `device` is found as every DeviceObject's is."""
    device = owner.device if isinstance(owner, DeviceObject) else None
    return owner if device is None else (device, owner)
