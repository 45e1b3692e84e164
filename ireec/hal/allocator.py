"""HAL allocators (iree/hal/allocator.h): where a device's buffers come from,
what memory it has (heaps), what it can do with a kind of buffer
(compatibility), how much it handed out (statistics), and host memory
imported as buffers.

`device.allocator` is the device's own; `Allocator.create_heap()` makes a
host-memory one of its own. Methods are IREE's `iree_hal_allocator_*`
functions without the prefix.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, NamedTuple

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import builder_text, string_view
from .._core.validate import checked_allocation_size, contiguous_bytes
from . import _zero_copy
from ._device_object import DeviceObject, made_by
from ._flags import iree_constants
from .buffer import Buffer, BufferParams, BufferUsage, MemoryType, buffer_params

if TYPE_CHECKING:
    from typing import Any

    from ..types import CData
    from .device import Device

__all__ = ["Allocator", "AllocatorStatistics", "BufferCompatibility", "MemoryHeap"]


@iree_constants("IREE_HAL_BUFFER_COMPATIBILITY_")
class BufferCompatibility(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_buffer_compatibility_t: what an allocator can do with a kind of buffer."""

    NONE = lib.IREE_HAL_BUFFER_COMPATIBILITY_NONE
    ALLOCATABLE = lib.IREE_HAL_BUFFER_COMPATIBILITY_ALLOCATABLE
    IMPORTABLE = lib.IREE_HAL_BUFFER_COMPATIBILITY_IMPORTABLE
    EXPORTABLE = lib.IREE_HAL_BUFFER_COMPATIBILITY_EXPORTABLE
    QUEUE_TRANSFER = lib.IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_TRANSFER
    QUEUE_DISPATCH = lib.IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_DISPATCH
    LOW_PERFORMANCE = lib.IREE_HAL_BUFFER_COMPATIBILITY_LOW_PERFORMANCE


@iree_constants("IREE_HAL_ALLOCATOR_POOL_")
class AllocatorPool(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_allocator_pool_t: which pool a queue allocation uses."""

    DEFAULT = lib.IREE_HAL_ALLOCATOR_POOL_DEFAULT


@iree_constants("IREE_HAL_EXTERNAL_BUFFER_TYPE_")
class ExternalBufferType(enum.IntEnum):
    """iree_hal_external_buffer_type_t: memory from outside IREE."""

    NONE = lib.IREE_HAL_EXTERNAL_BUFFER_TYPE_NONE
    HOST_ALLOCATION = lib.IREE_HAL_EXTERNAL_BUFFER_TYPE_HOST_ALLOCATION
    DEVICE_ALLOCATION = lib.IREE_HAL_EXTERNAL_BUFFER_TYPE_DEVICE_ALLOCATION
    OPAQUE_FD = lib.IREE_HAL_EXTERNAL_BUFFER_TYPE_OPAQUE_FD
    OPAQUE_WIN32 = lib.IREE_HAL_EXTERNAL_BUFFER_TYPE_OPAQUE_WIN32


# What host memory is imported as: usable by transfers and dispatches and
# mappable; memory Python may not change only as a source.
_IMPORT_USAGE = lib.IREE_HAL_BUFFER_USAGE_DEFAULT | lib.IREE_HAL_BUFFER_USAGE_MAPPING
_READ_ONLY_IMPORT_USAGE = (lib.IREE_HAL_BUFFER_USAGE_TRANSFER_SOURCE
                           | lib.IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE_READ
                           | lib.IREE_HAL_BUFFER_USAGE_MAPPING)


class MemoryHeap(NamedTuple):
    """iree_hal_allocator_memory_heap_t: one kind of memory an allocator has."""

    type: MemoryType
    allowed_usage: BufferUsage
    max_allocation_size: int
    min_alignment: int


class AllocatorStatistics(NamedTuple):
    """iree_hal_allocator_statistics_t: bytes an allocator handed out and took
    back (str() is IREE's own report, iree_hal_allocator_statistics_format)."""

    host_bytes_peak: int
    host_bytes_allocated: int
    host_bytes_freed: int
    device_bytes_peak: int
    device_bytes_allocated: int
    device_bytes_freed: int

    def __str__(self) -> str:
        stats = ffi.new("iree_hal_allocator_statistics_t*", self._asdict())
        return builder_text(lambda builder: lib.iree_hal_allocator_statistics_format(
            stats, builder))


class Allocator(DeviceObject, _cext.AllocatorHandle):
    """An `iree_hal_allocator_t`.

    `device.allocator` is a device's (holding a use of the device);
    `Allocator.create_heap(identifier)` makes one over host memory;
    `Allocator.from_handle(ptr, retain=..., device=None)` adopts a raw
    `iree_hal_allocator_t*`. Buffers it makes hold a use of it, so it
    outlives them (IREE's buffers count themselves in its statistics).
    """

    __slots__ = ()

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError("an allocator is a device's (device.allocator) or made by "
                        "Allocator.create_heap(); Allocator.from_handle adopts a raw "
                        "iree_hal_allocator_t*")

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False,
                    device: Device | None = None) -> "Allocator":
        """Adopts a raw `iree_hal_allocator_t*` (see Handle.from_handle),
        holding a use of `device` (the device it belongs to) if given."""
        self = cls.__new__(cls)
        self._own(ptr, retain=retain, parent=device)
        return self

    # `device`, the Device the allocator is the allocator of (holding a use
    # of it), or None for one of its own (a heap allocator), is
    # DeviceObject's.

    @classmethod
    def create_heap(cls, identifier: str = "heap") -> "Allocator":
        """iree_hal_allocator_create_heap: an allocator of host memory (the
        system allocator's), belonging to no device."""
        view, owner = string_view(identifier)
        host = lib.iree_allocator_system()
        self = cls.__new__(cls)
        self._create(None, None, lib.iree_hal_allocator_create_heap, view, host, host)
        return self

    # -- queries --------------------------------------------------------------

    def trim(self) -> None:
        """iree_hal_allocator_trim: gives pooled memory back."""
        with use(self) as (allocator,):
            check_status(lib.iree_hal_allocator_trim(allocator))

    def query_statistics(self) -> AllocatorStatistics:
        """iree_hal_allocator_query_statistics (all zeros where the runtime
        keeps none)."""
        out = ffi.new("iree_hal_allocator_statistics_t*")
        with use(self) as (allocator,):
            lib.iree_hal_allocator_query_statistics(allocator, out)
            return AllocatorStatistics(*(int(getattr(out, f)) for f in AllocatorStatistics._fields))

    @property
    def statistics(self) -> AllocatorStatistics:
        """iree_hal_allocator_query_statistics: the same as query_statistics()."""
        return self.query_statistics()

    def query_memory_heaps(self) -> list[MemoryHeap]:
        """iree_hal_allocator_query_memory_heaps: every heap, in IREE's order."""
        count = ffi.new("iree_host_size_t*")
        with use(self) as (allocator,):
            status = lib.iree_hal_allocator_query_memory_heaps(allocator, 0, ffi.NULL, count)
            # Asked with no room, the allocator answers OUT_OF_RANGE and the count.
            if lib.iree_status_code(status) == lib.IREE_STATUS_OUT_OF_RANGE:
                lib.iree_status_ignore(status)
            else:
                check_status(status)
            heaps = ffi.new("iree_hal_allocator_memory_heap_t[]", max(count[0], 1))
            check_status(lib.iree_hal_allocator_query_memory_heaps(
                allocator, count[0], heaps, count))
            return [MemoryHeap(MemoryType(h.type), BufferUsage(h.allowed_usage),
                               int(h.max_allocation_size), int(h.min_alignment))
                    for h in heaps[0:count[0]]]

    def query_buffer_compatibility(
            self, allocation_size: int, params: BufferParams | None = None, *,
            memory_type: int | None = None, usage: int | None = None,
            access: int | None = None, queue_affinity: int | None = None,
            min_alignment: int | None = None) -> tuple[BufferCompatibility, BufferParams, int]:
        """iree_hal_allocator_query_buffer_compatibility: (what the allocator
        can do with such a buffer, the parameters it would really use, the
        size it would really allocate)."""
        asked = buffer_params(params, memory_type, usage, access, queue_affinity,
                              min_alignment).to_c()
        out_params = ffi.new("iree_hal_buffer_params_t*")
        out_size = ffi.new("iree_device_size_t*")
        with use(self) as (allocator,):
            compatibility = lib.iree_hal_allocator_query_buffer_compatibility(
                allocator, asked[0], checked_allocation_size(allocation_size, "allocation_size"),
                out_params, out_size)
            return (BufferCompatibility(compatibility), BufferParams.from_c(out_params),
                    int(out_size[0]))

    def supports_virtual_memory(self) -> bool:
        """iree_hal_allocator_supports_virtual_memory."""
        with use(self) as (allocator,):
            return bool(lib.iree_hal_allocator_supports_virtual_memory(allocator))

    # -- buffers ------------------------------------------------------------------

    def allocate_buffer(self, allocation_size: int, params: BufferParams | None = None, *,
                        memory_type: int | None = None, usage: int | None = None,
                        access: int | None = None, queue_affinity: int | None = None,
                        min_alignment: int | None = None) -> Buffer:
        """iree_hal_allocator_allocate_buffer: a new buffer of
        `allocation_size` bytes, of `params` (a BufferParams; by default
        DEVICE_LOCAL memory of DEFAULT usage allowing ALL access) with each
        keyword given replacing its field."""
        size = checked_allocation_size(allocation_size, "allocation_size")
        asked = buffer_params(params, memory_type, usage, access, queue_affinity,
                              min_alignment).to_c()
        with use(self) as (allocator,):
            return Buffer._made(made_by(self), lib.iree_hal_allocator_allocate_buffer,
                                allocator, asked[0], size)

    def import_buffer(self, data: Any, params: BufferParams | None = None, *,
                      memory_type: int | None = None, usage: int | None = None,
                      access: int | None = None, queue_affinity: int | None = None) -> Buffer:
        """iree_hal_allocator_import_buffer of host memory
        (IREE_HAL_EXTERNAL_BUFFER_TYPE_HOST_ALLOCATION): a buffer over the
        memory of `data` (any C-contiguous buffer-protocol object), without a
        copy; `data` stays referenced until IREE releases the buffer. By
        default HOST_LOCAL | DEVICE_VISIBLE memory of DEFAULT | MAPPING
        usage and ALL access; memory Python may not change (bytes, a
        read-only array) with READ access only, so nothing writes it. The
        memory must be aligned to 64 bytes (ireec.empty_aligned)."""
        view = contiguous_bytes(data, "import_buffer: data")
        if params is None:
            # Memory Python may not change is lent for reading only.
            params = BufferParams(
                type=lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL | lib.IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE,
                usage=_READ_ONLY_IMPORT_USAGE if view.readonly else _IMPORT_USAGE,
                access=(lib.IREE_HAL_MEMORY_ACCESS_READ if view.readonly
                        else lib.IREE_HAL_MEMORY_ACCESS_ALL))
        asked = buffer_params(params, memory_type, usage, access, queue_affinity, None)
        if view.readonly and (asked.access & lib.IREE_HAL_MEMORY_ACCESS_WRITE or asked.usage & (
                lib.IREE_HAL_BUFFER_USAGE_TRANSFER_TARGET
                | lib.IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE_WRITE)):
            raise ValueError("import_buffer: read-only memory cannot be imported with WRITE "
                             "access, TRANSFER_TARGET or DISPATCH_STORAGE_WRITE usage")
        params_c = asked.to_c()
        with use(self) as (allocator,):
            ptr = _zero_copy.import_host_memory(allocator, params_c[0], view)
            return Buffer.from_handle(ptr, owner=self)

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.hal.Allocator closed>"
        where = f" of {self.device.id}" if self.device is not None and not self.device.closed \
            else ""
        return f"<ireec.hal.Allocator{where}>"
