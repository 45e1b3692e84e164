"""HAL channels (iree/hal/channel.h): a device's place in a group of
participants that run collectives together (`CommandBuffer.collective`).

IREE's CPU drivers have no collectives: creating a channel on local-task or
local-sync raises UnimplementedError (IREE's own answer, with a note saying
what it means).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.strings import string_view
from .._core.validate import INT32, UINT64, checked_int
from ..errors import UnimplementedError
from ._device_object import DeviceObject, require_open_device
from ._flags import iree_constants

if TYPE_CHECKING:
    from .device import Device

__all__ = ["Channel", "ChannelFlag", "CollectiveElementType", "CollectiveKind",
           "CollectiveReduction"]


@iree_constants("IREE_HAL_CHANNEL_FLAG_")
class ChannelFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_channel_flags_t."""

    NONE = lib.IREE_HAL_CHANNEL_FLAG_NONE


@iree_constants("IREE_HAL_COLLECTIVE_KIND_")
class CollectiveKind(enum.IntEnum):
    """iree_hal_collective_kind_t: what a collective does."""

    ALL_GATHER = lib.IREE_HAL_COLLECTIVE_KIND_ALL_GATHER
    ALL_REDUCE = lib.IREE_HAL_COLLECTIVE_KIND_ALL_REDUCE
    ALL_TO_ALL = lib.IREE_HAL_COLLECTIVE_KIND_ALL_TO_ALL
    BROADCAST = lib.IREE_HAL_COLLECTIVE_KIND_BROADCAST
    REDUCE = lib.IREE_HAL_COLLECTIVE_KIND_REDUCE
    REDUCE_SCATTER = lib.IREE_HAL_COLLECTIVE_KIND_REDUCE_SCATTER
    SEND = lib.IREE_HAL_COLLECTIVE_KIND_SEND
    RECV = lib.IREE_HAL_COLLECTIVE_KIND_RECV
    MAX_VALUE = lib.IREE_HAL_COLLECTIVE_KIND_MAX_VALUE
    SEND_RECV = lib.IREE_HAL_COLLECTIVE_KIND_SEND_RECV


@iree_constants("IREE_HAL_COLLECTIVE_REDUCTION_")
class CollectiveReduction(enum.IntEnum):
    """iree_hal_collective_reduction_t."""

    NONE = lib.IREE_HAL_COLLECTIVE_REDUCTION_NONE
    SUM = lib.IREE_HAL_COLLECTIVE_REDUCTION_SUM
    PRODUCT = lib.IREE_HAL_COLLECTIVE_REDUCTION_PRODUCT
    MINIMUM = lib.IREE_HAL_COLLECTIVE_REDUCTION_MINIMUM
    MAXIMUM = lib.IREE_HAL_COLLECTIVE_REDUCTION_MAXIMUM
    AVERAGE = lib.IREE_HAL_COLLECTIVE_REDUCTION_AVERAGE
    MAX_VALUE = lib.IREE_HAL_COLLECTIVE_REDUCTION_MAX_VALUE


@iree_constants("IREE_HAL_COLLECTIVE_ELEMENT_TYPE_")
class CollectiveElementType(enum.IntEnum):
    """iree_hal_collective_element_type_t."""

    SINT_8 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_8
    UINT_8 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_8
    SINT_16 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_16
    UINT_16 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_16
    SINT_32 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_32
    UINT_32 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_32
    SINT_64 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_SINT_64
    UINT_64 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_UINT_64
    FLOAT_16 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_16
    FLOAT_32 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_32
    FLOAT_64 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_64
    BFLOAT_16 = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_BFLOAT_16
    MAX_VALUE = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_MAX_VALUE


RANK_DEFAULT = lib.IREE_HAL_CHANNEL_RANK_DEFAULT
COUNT_DEFAULT = lib.IREE_HAL_CHANNEL_COUNT_DEFAULT


class Channel(DeviceObject, _cext.ChannelHandle):
    """An `iree_hal_channel_t`. `Channel(device, rank=..., count=...)`
    creates one (iree_hal_channel_create; the device's channel provider
    fills in what is left at its default); `Channel.from_handle(ptr,
    retain=..., device=None)` adopts a raw `iree_hal_channel_t*`."""

    __slots__ = ()

    def __init__(self, device: Device, *, queue_affinity: int = lib.IREE_HAL_QUEUE_AFFINITY_ANY,
                 flags: int = lib.IREE_HAL_CHANNEL_FLAG_NONE, id: bytes = b"",
                 group: str = "", rank: int = RANK_DEFAULT,
                 count: int = COUNT_DEFAULT) -> None:
        """iree_hal_channel_create on `device`: participant `rank` of `count`
        in `group`, whose members share `id` (all left to the device's
        channel provider by default)."""
        queue_affinity = checked_int(queue_affinity, UINT64, "Channel: queue_affinity")
        flags = checked_int(flags, UINT64, "Channel: flags")
        rank = checked_int(rank, INT32, "Channel: rank")
        count = checked_int(count, INT32, "Channel: count")
        device = require_open_device(device, "Channel")
        id_bytes = bytes(id)
        id_data = ffi.from_buffer(id_bytes)
        group_view, group_owner = string_view(group)
        params = ffi.new("iree_hal_channel_params_t*")
        params.flags = flags
        params.id = lib.iree_make_const_byte_span(id_data, len(id_bytes))
        params.group = group_view
        params.rank = rank
        params.count = count
        try:
            with use(device) as (device_ptr,):
                self._create(device, None, lib.iree_hal_channel_create, device_ptr,
                             queue_affinity, params[0])
        except UnimplementedError as error:
            error.add_note(f"device {device.id!r} has no collectives (channels are for "
                           f"devices with them, e.g. GPUs of one group)")
            raise

    @property
    def rank(self) -> int:
        """iree_hal_channel_rank."""
        with use(self) as (channel,):
            return int(lib.iree_hal_channel_rank(channel))

    @property
    def count(self) -> int:
        """iree_hal_channel_count."""
        with use(self) as (channel,):
            return int(lib.iree_hal_channel_count(channel))

    def split(self, color: int, key: int,
              flags: int = lib.IREE_HAL_CHANNEL_FLAG_NONE) -> "Channel":
        """iree_hal_channel_split: the participants of the same `color` as a
        new channel, ranked by `key`."""
        color = checked_int(color, INT32, "split: color")
        key = checked_int(key, INT32, "split: key")
        flags = checked_int(flags, UINT64, "split: flags")
        with use(self) as (channel,):
            return Channel._made(self.device, lib.iree_hal_channel_split, channel, color,
                                 key, flags)

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.hal.Channel closed>"
        return f"<ireec.hal.Channel rank {self.rank} of {self.count}>"
