"""The base of the HAL objects a device makes (events, executables and their
caches, files, channels, command buffers): each holds a use of its Device,
which therefore outlives it, and names it as `device`."""

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
        return self._parent
