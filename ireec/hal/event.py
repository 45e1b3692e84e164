"""HAL events (iree/hal/event.h): points within command buffers that one
command buffer signals (`CommandBuffer.signal_event`) and another waits on
(`CommandBuffer.wait_events`)."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from .. import _cext
from .._core.handle import use
from .._core.library import lib
from .._core.validate import UINT32, UINT64, checked_int
from ._device_object import DeviceObject, require_open_device
from ._flags import iree_constants

if TYPE_CHECKING:
    from .device import Device

__all__ = ["Event", "EventFlag"]


@iree_constants("IREE_HAL_EVENT_FLAG_")
class EventFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_event_flags_t: how an event is created."""

    NONE = lib.IREE_HAL_EVENT_FLAG_NONE


class Event(DeviceObject, _cext.EventHandle):
    """An `iree_hal_event_t`. `Event(device)` creates one
    (iree_hal_event_create); `Event.from_handle(ptr, retain=..., device=None)`
    adopts a raw `iree_hal_event_t*`."""

    __slots__ = ()

    def __init__(self, device: Device, *, queue_affinity: int = lib.IREE_HAL_QUEUE_AFFINITY_ANY,
                 flags: int = lib.IREE_HAL_EVENT_FLAG_NONE) -> None:
        """iree_hal_event_create on `device`."""
        queue_affinity = checked_int(queue_affinity, UINT64, "Event: queue_affinity")
        flags = checked_int(flags, UINT32, "Event: flags")
        device = require_open_device(device, "Event")
        with use(device) as (device_ptr,):
            self._create(device, None, lib.iree_hal_event_create, device_ptr, queue_affinity,
                         flags)

    def __repr__(self) -> str:
        return "<ireec.hal.Event closed>" if self.closed else "<ireec.hal.Event>"
