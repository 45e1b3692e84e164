"""HAL buffers (iree/hal/buffer.h): device memory of a memory type, with the
usages and access it allows, mapped into host memory when the host can see
it; and the flags that describe them.

`Buffer` methods are IREE's `iree_hal_buffer_*` functions without the prefix,
arguments in IREE's order. Buffers are made by an Allocator
(`device.allocator.allocate_buffer`, `import_buffer`), a device's queue
(`Device.queue_alloca`), or taken from a BufferView (`view.buffer`) or a File
(`file.storage_buffer`); each holds a use of what it came from, so the
allocator that made it outlives it.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import TYPE_CHECKING

from .. import _cext
from .._core.handle import Handle, use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.validate import UINT16, UINT32, UINT64, checked_int, checked_object, checked_size
from ._checks import (
    WHOLE_BUFFER,
    byte_range,
    host_bytes,
    pattern_bytes,
    refuse,
    require_mappable,
)
from ._device_object import DeviceObject, made_by
from ._flags import iree_constants
from ._readback import describe_memory
from ..errors import ClosedError, InvalidArgumentError

if TYPE_CHECKING:
    from typing import Any

    from ..types import CData

__all__ = ["Buffer", "BufferMapping", "BufferParams", "BufferUsage", "MappingMode",
           "MemoryAccess", "MemoryType", "WHOLE_BUFFER"]

# How the map_* methods map: for the call only.
_SCOPED = lib.IREE_HAL_MAPPING_MODE_SCOPED


@iree_constants("IREE_HAL_MEMORY_TYPE_")
class MemoryType(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_memory_type_t: where memory lives and who sees it."""

    NONE = lib.IREE_HAL_MEMORY_TYPE_NONE
    OPTIMAL = lib.IREE_HAL_MEMORY_TYPE_OPTIMAL
    HOST_VISIBLE = lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
    HOST_COHERENT = lib.IREE_HAL_MEMORY_TYPE_HOST_COHERENT
    HOST_CACHED = lib.IREE_HAL_MEMORY_TYPE_HOST_CACHED
    DEVICE_VISIBLE = lib.IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE
    DEVICE_LOCAL = lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL
    OPTIMAL_FOR_DEVICE = lib.IREE_HAL_MEMORY_TYPE_OPTIMAL_FOR_DEVICE
    HOST_LOCAL = lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL
    OPTIMAL_FOR_HOST = lib.IREE_HAL_MEMORY_TYPE_OPTIMAL_FOR_HOST


@iree_constants("IREE_HAL_MEMORY_ACCESS_")
class MemoryAccess(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_memory_access_t: reads and writes a buffer allows."""

    NONE = lib.IREE_HAL_MEMORY_ACCESS_NONE
    READ = lib.IREE_HAL_MEMORY_ACCESS_READ
    WRITE = lib.IREE_HAL_MEMORY_ACCESS_WRITE
    DISCARD = lib.IREE_HAL_MEMORY_ACCESS_DISCARD
    DISCARD_WRITE = lib.IREE_HAL_MEMORY_ACCESS_DISCARD_WRITE
    ALL = lib.IREE_HAL_MEMORY_ACCESS_ALL
    MAY_ALIAS = lib.IREE_HAL_MEMORY_ACCESS_MAY_ALIAS
    UNALIGNED = lib.IREE_HAL_MEMORY_ACCESS_UNALIGNED
    ANY = lib.IREE_HAL_MEMORY_ACCESS_ANY


@iree_constants("IREE_HAL_BUFFER_USAGE_")
class BufferUsage(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_buffer_usage_t: what a buffer may be used for."""

    NONE = lib.IREE_HAL_BUFFER_USAGE_NONE
    TRANSFER_SOURCE = lib.IREE_HAL_BUFFER_USAGE_TRANSFER_SOURCE
    TRANSFER_TARGET = lib.IREE_HAL_BUFFER_USAGE_TRANSFER_TARGET
    TRANSFER = lib.IREE_HAL_BUFFER_USAGE_TRANSFER
    DISPATCH_INDIRECT_PARAMETERS = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_INDIRECT_PARAMETERS
    DISPATCH_UNIFORM_READ = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_UNIFORM_READ
    DISPATCH_STORAGE_READ = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE_READ
    DISPATCH_STORAGE_WRITE = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE_WRITE
    DISPATCH_STORAGE = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE
    DEFAULT = lib.IREE_HAL_BUFFER_USAGE_DEFAULT
    DISPATCH_IMAGE_READ = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_IMAGE_READ
    DISPATCH_IMAGE_WRITE = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_IMAGE_WRITE
    DISPATCH_IMAGE = lib.IREE_HAL_BUFFER_USAGE_DISPATCH_IMAGE
    DISPATCH = lib.IREE_HAL_BUFFER_USAGE_DISPATCH
    SHARING_EXPORT = lib.IREE_HAL_BUFFER_USAGE_SHARING_EXPORT
    SHARING_REPLICATE = lib.IREE_HAL_BUFFER_USAGE_SHARING_REPLICATE
    SHARING_CONCURRENT = lib.IREE_HAL_BUFFER_USAGE_SHARING_CONCURRENT
    SHARING_IMMUTABLE = lib.IREE_HAL_BUFFER_USAGE_SHARING_IMMUTABLE
    MAPPING_SCOPED = lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED
    MAPPING_PERSISTENT = lib.IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT
    MAPPING_OPTIONAL = lib.IREE_HAL_BUFFER_USAGE_MAPPING_OPTIONAL
    MAPPING_ACCESS_RANDOM = lib.IREE_HAL_BUFFER_USAGE_MAPPING_ACCESS_RANDOM
    MAPPING = lib.IREE_HAL_BUFFER_USAGE_MAPPING
    MAPPING_ACCESS_SEQUENTIAL_WRITE = lib.IREE_HAL_BUFFER_USAGE_MAPPING_ACCESS_SEQUENTIAL_WRITE


@iree_constants("IREE_HAL_MAPPING_MODE_")
class MappingMode(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_mapping_mode_t: scoped (map, use, unmap) or persistent."""

    SCOPED = lib.IREE_HAL_MAPPING_MODE_SCOPED
    PERSISTENT = lib.IREE_HAL_MAPPING_MODE_PERSISTENT


@iree_constants("IREE_HAL_TRANSFER_BUFFER_FLAG_")
class TransferBufferFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_transfer_buffer_flags_t (Device.transfer_*)."""

    DEFAULT = lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT


@iree_constants("IREE_HAL_BUFFER_PLACEMENT_FLAG_")
class BufferPlacementFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_buffer_placement_flags_t."""

    NONE = lib.IREE_HAL_BUFFER_PLACEMENT_FLAG_NONE
    ASYNCHRONOUS = lib.IREE_HAL_BUFFER_PLACEMENT_FLAG_ASYNCHRONOUS
    INDETERMINATE_LIFETIME = lib.IREE_HAL_BUFFER_PLACEMENT_FLAG_INDETERMINATE_LIFETIME


@iree_constants("IREE_HAL_BUFFER_OVERLAP_")
class BufferOverlap(enum.IntEnum):
    """iree_hal_buffer_overlap_t: how two byte ranges overlap."""

    DISJOINT = lib.IREE_HAL_BUFFER_OVERLAP_DISJOINT
    PARTIAL = lib.IREE_HAL_BUFFER_OVERLAP_PARTIAL
    COMPLETE = lib.IREE_HAL_BUFFER_OVERLAP_COMPLETE


@dataclasses.dataclass
class BufferParams:
    """iree_hal_buffer_params_t: what a buffer is asked to be (its fields,
    named as IREE's)."""

    type: int = lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL
    usage: int = lib.IREE_HAL_BUFFER_USAGE_DEFAULT
    access: int = lib.IREE_HAL_MEMORY_ACCESS_ALL
    queue_affinity: int = lib.IREE_HAL_QUEUE_AFFINITY_ANY
    min_alignment: int = 0

    def to_c(self) -> CData:
        """A new iree_hal_buffer_params_t*, each field checked first."""
        return ffi.new("iree_hal_buffer_params_t*", {
            "type": checked_int(self.type, UINT32, "the memory type"),
            "usage": checked_int(self.usage, UINT32, "the buffer usage"),
            "access": checked_int(self.access, UINT16, "the memory access"),
            "queue_affinity": checked_int(self.queue_affinity, UINT64, "the queue affinity"),
            "min_alignment": checked_size(self.min_alignment, "the minimum alignment")})

    @classmethod
    def from_c(cls, params: CData) -> "BufferParams":
        """The BufferParams an iree_hal_buffer_params_t holds."""
        return cls(MemoryType(params.type), BufferUsage(params.usage),
                   MemoryAccess(params.access), int(params.queue_affinity),
                   int(params.min_alignment))


def buffer_params(params: BufferParams | None, memory_type: int | None, usage: int | None,
                  access: int | None, queue_affinity: int | None,
                  min_alignment: int | None) -> BufferParams:
    """`params` (or the defaults) with each keyword given replaced: what the
    functions that allocate take, as one iree_hal_buffer_params_t."""
    if params is None:
        params = BufferParams()
    else:
        checked_object(params, BufferParams, "params")
    changes = {key: value for key, value in (
        ("type", memory_type), ("usage", usage), ("access", access),
        ("queue_affinity", queue_affinity), ("min_alignment", min_alignment))
        if value is not None}
    return dataclasses.replace(params, **changes) if changes else params


def as_buffer(value: object, what: str) -> Buffer:
    """`value` if it is a Buffer; TypeError naming `what` otherwise."""
    return checked_object(value, Buffer, what)


class Buffer(DeviceObject, _cext.BufferHandle):
    """An `iree_hal_buffer_t`.

    `Buffer.from_handle(ptr, retain=..., owner=None)` adopts a raw
    `iree_hal_buffer_t*`; `owner` (an Allocator, Device, Buffer, BufferView
    or File) is kept in use until the buffer goes, so whatever made the
    buffer outlives it.
    """

    __slots__ = ()

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError("buffers are made by an Allocator (device.allocator.allocate_buffer, "
                        "import_buffer) or a device's queue (Device.queue_alloca); "
                        "Buffer.from_handle adopts a raw iree_hal_buffer_t*")

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False,
                    owner: Handle | None = None) -> "Buffer":
        """Adopts a raw `iree_hal_buffer_t*` (see Handle.from_handle),
        holding a use of `owner` (and of its device) until the buffer goes."""
        self = cls.__new__(cls)
        self._own(ptr, retain=retain, parent=made_by(owner))
        return self

    @property
    def owner(self) -> Handle | None:
        """What the iree_hal_buffer_t was made from and this Buffer keeps in
        use (an Allocator, a Device, a BufferView, a File, ...), or None."""
        parent = self._parent
        return parent[-1] if type(parent) is tuple else parent

    # `device`, the Device the buffer came from where known (the one whose
    # allocator or queue made it, or its owner's), is DeviceObject's.

    # -- what it is (iree_hal_buffer_*) -----------------------------------------

    @property
    def allocation_size(self) -> int:
        """iree_hal_buffer_allocation_size: bytes of the whole allocation."""
        with use(self) as (buffer,):
            return int(lib.iree_hal_buffer_allocation_size(buffer))

    @property
    def byte_offset(self) -> int:
        """iree_hal_buffer_byte_offset: where this buffer starts within its
        allocation (a subspan's offset)."""
        with use(self) as (buffer,):
            return int(lib.iree_hal_buffer_byte_offset(buffer))

    @property
    def byte_length(self) -> int:
        """iree_hal_buffer_byte_length: the bytes this buffer covers."""
        with use(self) as (buffer,):
            return int(lib.iree_hal_buffer_byte_length(buffer))

    def __len__(self) -> int:
        return self.byte_length

    @property
    def memory_type(self) -> MemoryType:
        """iree_hal_buffer_memory_type."""
        with use(self) as (buffer,):
            return MemoryType(lib.iree_hal_buffer_memory_type(buffer))

    @property
    def allowed_usage(self) -> BufferUsage:
        """iree_hal_buffer_allowed_usage."""
        with use(self) as (buffer,):
            return BufferUsage(lib.iree_hal_buffer_allowed_usage(buffer))

    @property
    def allowed_access(self) -> MemoryAccess:
        """iree_hal_buffer_allowed_access."""
        with use(self) as (buffer,):
            return MemoryAccess(lib.iree_hal_buffer_allowed_access(buffer))

    @property
    def allocated_buffer(self) -> "Buffer":
        """iree_hal_buffer_allocated_buffer: the buffer holding the whole
        allocation (this one, unless it is a subspan)."""
        with use(self) as (buffer,):
            return Buffer.from_handle(lib.iree_hal_buffer_allocated_buffer(buffer),
                                      retain=True, owner=self)

    def describe_memory(self) -> str:
        """IREE's names for the memory type, usage and access
        (iree_hal_memory_type_format, iree_hal_buffer_usage_format,
        iree_hal_memory_access_format), e.g. "DEVICE_LOCAL; usage
        TRANSFER|DISPATCH_STORAGE; access ALL"."""
        with use(self) as (buffer,):
            return describe_memory(buffer)

    def subspan(self, byte_offset: int, byte_length: int | None = None) -> "Buffer":
        """iree_hal_buffer_subspan: a buffer over `byte_length` bytes (None:
        to the end) at `byte_offset` of this one."""
        with use(self) as (buffer,):
            offset, length = byte_range(buffer, byte_offset, byte_length, "subspan")
            return Buffer._made(made_by(self), lib.iree_hal_buffer_subspan, buffer, offset,
                                length, lib.iree_allocator_system())

    # -- host access through mappings (iree_hal_buffer_map_*) --------------------

    def map_zero(self, byte_offset: int = 0, byte_length: int | None = None) -> None:
        """iree_hal_buffer_map_zero: zeroes `byte_length` bytes (None: to the
        end) at `byte_offset`."""
        with use(self) as (buffer,):
            require_mappable(buffer, _SCOPED, lib.IREE_HAL_MEMORY_ACCESS_WRITE, "map_zero")
            offset, length = byte_range(buffer, byte_offset, byte_length, "map_zero")
            check_status(lib.iree_hal_buffer_map_zero(buffer, offset, length))

    def map_fill(self, byte_offset: int, byte_length: int | None, pattern: Any) -> None:
        """iree_hal_buffer_map_fill: repeats `pattern` (1, 2 or 4 bytes:
        bytes or a numpy scalar) over `byte_length` bytes (None: to the end)
        at `byte_offset`."""
        with use(self) as (buffer,):
            require_mappable(buffer, _SCOPED, lib.IREE_HAL_MEMORY_ACCESS_WRITE, "map_fill")
            offset, length = byte_range(buffer, byte_offset, byte_length, "map_fill")
            data = pattern_bytes(pattern, "map_fill")
            if length % len(data) or offset % len(data):
                raise refuse(InvalidArgumentError,
                             f"map_fill: offset {offset} and length {length} must be "
                             f"multiples of the {len(data)}-byte pattern")
            check_status(lib.iree_hal_buffer_map_fill(buffer, offset, length, data, len(data)))

    def map_read(self, source_offset: int = 0, data_length: int | None = None) -> bytes:
        """iree_hal_buffer_map_read: `data_length` bytes (None: to the end)
        at `source_offset`, copied out."""
        with use(self) as (buffer,):
            require_mappable(buffer, _SCOPED, lib.IREE_HAL_MEMORY_ACCESS_READ, "map_read")
            offset, length = byte_range(buffer, source_offset, data_length, "map_read")
            target = ffi.new("uint8_t[]", max(length, 1))
            if length:
                check_status(lib.iree_hal_buffer_map_read(buffer, offset, target, length))
        return ffi.buffer(target, length)[:]

    def map_write(self, target_offset: int, data: Any) -> None:
        """iree_hal_buffer_map_write: copies `data` (any bytes-like object)
        into the buffer at `target_offset`."""
        with use(self) as (buffer,):
            require_mappable(buffer, _SCOPED, lib.IREE_HAL_MEMORY_ACCESS_WRITE, "map_write")
            source, length = host_bytes(data, "map_write: data")
            offset, length = byte_range(buffer, target_offset, length, "map_write")
            if length:
                check_status(lib.iree_hal_buffer_map_write(buffer, offset, source, length))

    def map_copy(self, source_offset: int, target: "Buffer", target_offset: int,
                 data_length: int) -> None:
        """iree_hal_buffer_map_copy: copies `data_length` bytes of this
        buffer at `source_offset` into `target` at `target_offset`, through
        host mappings of both."""
        target = as_buffer(target, "map_copy: target")
        with use(self, target) as (source_ptr, target_ptr):
            require_mappable(source_ptr, _SCOPED, lib.IREE_HAL_MEMORY_ACCESS_READ,
                             "map_copy: source")
            require_mappable(target_ptr, _SCOPED, lib.IREE_HAL_MEMORY_ACCESS_WRITE,
                             "map_copy: target")
            offset, length = byte_range(source_ptr, source_offset, data_length,
                                        "map_copy: source")
            target_offset, _ = byte_range(target_ptr, target_offset, length,
                                          "map_copy: target")
            check_status(lib.iree_hal_buffer_map_copy(
                source_ptr, offset, target_ptr, target_offset, length))

    def map_range(self, mapping_mode: int = lib.IREE_HAL_MAPPING_MODE_SCOPED,
                  memory_access: int = lib.IREE_HAL_MEMORY_ACCESS_ALL,
                  byte_offset: int = 0, byte_length: int | None = None) -> "BufferMapping":
        """iree_hal_buffer_map_range: the bytes as host memory, a
        BufferMapping; `with buffer.map_range(...) as view:` gives its
        memoryview and unmaps at the end of the block."""
        mapping_mode = checked_int(mapping_mode, UINT32, "map_range: mapping_mode")
        memory_access = checked_int(memory_access, UINT16, "map_range: memory_access")
        with use(self) as (buffer,):
            require_mappable(buffer, mapping_mode, memory_access, "map_range")
            offset, length = byte_range(buffer, byte_offset, byte_length, "map_range")
            return BufferMapping._map(self, buffer, int(mapping_mode), int(memory_access),
                                      offset, length)

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.hal.Buffer closed>"
        return f"<ireec.hal.Buffer {self.byte_length} bytes, {self.describe_memory()}>"


class BufferMapping:
    """An `iree_hal_buffer_mapping_t`: a range of a buffer as host memory.

    `contents` is a memoryview of the mapped bytes (read-only unless the
    mapping allows WRITE). `unmap()` (or the end of a `with` block) gives
    the mapping back once nothing else uses the memory: a memoryview, a
    numpy array or a slice made from `contents` keeps it mapped (and the
    buffer alive) for as long as it exists, so the memory never goes away
    under it.
    """

    __slots__ = {
        "buffer": "The Buffer mapped.",
        "byte_offset": "Where the mapped range starts in the buffer, in bytes.",
        "byte_length": "The mapped range's length in bytes.",
        "memory_access": "What the mapping allows (a MemoryAccess: READ, WRITE, ...).",
        "_mapping": None, "_contents": None,
    }

    @classmethod
    def _map(cls, buffer: Buffer, ptr: CData, mode: int, access: int, offset: int,
             length: int) -> "BufferMapping":
        mapping = ffi.new("iree_hal_buffer_mapping_t*")
        check_status(lib.iree_hal_buffer_map_range(ptr, mode, access, offset, length, mapping))
        # The mapping holds its own buffer reference (persistent mappings
        # hold none) until the last view of it goes.
        lib.iree_hal_buffer_retain(ptr)

        def unmap(_: object, mapping: CData = mapping, ptr: CData = ptr,
                  _unmap: Any = lib.iree_hal_buffer_unmap_range,
                  _ignore: Any = lib.iree_status_ignore,
                  _release: Any = lib.iree_hal_buffer_release) -> None:
            _ignore(_unmap(mapping))
            _release(ptr)

        data = ffi.gc(ffi.cast("uint8_t*", mapping.contents.data), unmap)
        view = memoryview(ffi.buffer(data, mapping.contents.data_length))
        if not access & lib.IREE_HAL_MEMORY_ACCESS_WRITE:
            view = view.toreadonly()
        self = cls.__new__(cls)
        self.buffer = buffer
        self.byte_offset = offset
        self.byte_length = int(mapping.contents.data_length)
        self.memory_access = MemoryAccess(access)
        self._mapping = mapping
        self._contents = view
        return self

    @property
    def contents(self) -> memoryview:
        """The bytes the iree_hal_buffer_mapping_t maps (contents), as a
        memoryview (ClosedError once unmapped)."""
        if self._contents is None:
            raise ClosedError("the mapping was unmapped")
        return self._contents

    def _ranged(self, byte_offset: int, byte_length: int | None) -> tuple[int, int]:
        self.contents  # ClosedError once unmapped
        offset = checked_size(byte_offset, "the offset")
        total = self.byte_length
        if byte_length is None or byte_length == WHOLE_BUFFER:
            byte_length = total - min(offset, total)
        length = checked_size(byte_length, "the length")
        if offset > total or length > total - offset:
            from ..errors import OutOfRangeError

            raise refuse(OutOfRangeError, f"{length} bytes at offset {offset} reach past "
                                          f"the mapping ({total} bytes)")
        return offset, length

    def flush_range(self, byte_offset: int = 0, byte_length: int | None = None) -> None:
        """iree_hal_buffer_mapping_flush_range: makes host writes to the
        range (offsets within the mapping) visible to the device."""
        offset, length = self._ranged(byte_offset, byte_length)
        check_status(lib.iree_hal_buffer_mapping_flush_range(self._mapping, offset, length))

    def invalidate_range(self, byte_offset: int = 0, byte_length: int | None = None) -> None:
        """iree_hal_buffer_mapping_invalidate_range: makes device writes to
        the range visible to the host."""
        offset, length = self._ranged(byte_offset, byte_length)
        check_status(lib.iree_hal_buffer_mapping_invalidate_range(
            self._mapping, offset, length))

    def unmap(self) -> None:
        """iree_hal_buffer_unmap_range, once nothing uses the memory (see the
        class docstring). Unmapping twice is harmless."""
        view, self._contents = self._contents, None
        if view is not None:
            try:
                view.release()
            except BufferError:
                pass  # still exported (a numpy array): unmapped when that goes

    def __enter__(self) -> memoryview:
        return self.contents

    def __exit__(self, *exc_info: object) -> None:
        self.unmap()

    def __repr__(self) -> str:
        state = "unmapped" if self._contents is None else f"{self.byte_length} bytes"
        return f"<ireec.hal.BufferMapping {state} at offset {self.byte_offset}>"
