"""HAL files (iree/hal/file.h): files and host memory a device's queue reads
into buffers and writes buffers into (`Device.queue_read`, `queue_write`).

`File.from_path(device, path, access=...)` opens a file on disk,
`File.from_memory(device, data, access=...)` lends host memory as one
(without a copy); both are iree_hal_file_import of an iree_io_file_handle_t.
"""

from __future__ import annotations

import enum
import os
from typing import TYPE_CHECKING

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.validate import UINT16, UINT32, UINT64, checked_int, checked_size, contiguous_bytes
from .._core.strings import string_view
from ..errors import InvalidArgumentError, OutOfRangeError, PermissionDeniedError
from ..io.file_handle import wrap_host_allocation
from ._checks import access_text, byte_range, refuse, require_mappable
from ._device_object import DeviceObject, require_open_device
from ._flags import iree_constants
from .buffer import Buffer, MemoryAccess, as_buffer

if TYPE_CHECKING:
    from typing import Any

    from ..types import CData
    from .device import Device

__all__ = ["ExternalFileFlag", "File", "FileMode"]


@iree_constants("IREE_HAL_FILE_MODE_")
class FileMode(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_file_mode_t."""

    OPEN = lib.IREE_HAL_FILE_MODE_OPEN


@iree_constants("IREE_HAL_EXTERNAL_FILE_FLAG_")
class ExternalFileFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_external_file_flags_t: how a file is imported."""

    NONE = lib.IREE_HAL_EXTERNAL_FILE_FLAG_NONE


_READ = lib.IREE_HAL_MEMORY_ACCESS_READ
_WRITE = lib.IREE_HAL_MEMORY_ACCESS_WRITE


def _io_bits(access: int, read: int, write: int) -> int:
    """The READ/WRITE bits of a HAL memory access as another set of bits."""
    return (read if access & _READ else 0) | (write if access & _WRITE else 0)


class File(DeviceObject, _cext.FileHandle):
    """An `iree_hal_file_t` imported by a device. Made by `File.from_path`,
    `File.from_memory` or `File.import_handle`; `File.from_handle(ptr,
    retain=..., device=None)` adopts a raw `iree_hal_file_t*`. Methods are
    IREE's `iree_hal_file_*` without the prefix."""

    # `_fixed`: its length cannot grow (memory), so writes must fit.
    __slots__ = ("_fixed",)
    _fixed: bool

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError("files are made by File.from_path(device, path, access=...), "
                        "File.from_memory(device, data, access=...) or "
                        "File.import_handle(device, handle, access=...)")

    @classmethod
    def import_handle(cls, device: Device, handle: CData,
                      access: int = lib.IREE_HAL_MEMORY_ACCESS_READ, *,
                      queue_affinity: int = lib.IREE_HAL_QUEUE_AFFINITY_ANY,
                      flags: int = lib.IREE_HAL_EXTERNAL_FILE_FLAG_NONE) -> "File":
        """iree_hal_file_import of the iree_io_file_handle_t* `handle` (the
        file takes its own reference) on `device`, allowing `access`."""
        access = checked_int(access, UINT16, "File.import_handle: access")
        queue_affinity = checked_int(queue_affinity, UINT64, "File.import_handle: queue_affinity")
        flags = checked_int(flags, UINT32, "File.import_handle: flags")
        device = require_open_device(device, "File.import_handle")
        if not isinstance(handle, ffi.CData) or handle == ffi.NULL or \
                ffi.typeof(handle) is not ffi.typeof("iree_io_file_handle_t*"):
            raise TypeError(f"handle must be a non-NULL iree_io_file_handle_t*, not {handle!r}")
        self = cls.__new__(cls)
        # Memory cannot grow: writes must fit in it.
        self._fixed = (lib.iree_io_file_handle_type(handle)
                       == lib.IREE_IO_FILE_HANDLE_TYPE_HOST_ALLOCATION)
        with use(device) as (device_ptr,):
            self._create(device, None, lib.iree_hal_file_import, device_ptr, queue_affinity,
                         access, handle, flags)
        return self

    @classmethod
    def from_path(cls, device: Device, path: str | os.PathLike[str],
                  access: int = lib.IREE_HAL_MEMORY_ACCESS_READ, *,
                  queue_affinity: int = lib.IREE_HAL_QUEUE_AFFINITY_ANY) -> "File":
        """The file at `path` (iree_io_file_handle_open, reading and/or
        writing as `access` allows), imported by `device`."""
        require_open_device(device, "File.from_path")
        access = checked_int(access, UINT16, "File.from_path: access")
        queue_affinity = checked_int(queue_affinity, UINT64, "File.from_path: queue_affinity")
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or os.PathLike, not {type(path).__name__}")
        if not access & (_READ | _WRITE):
            raise refuse(InvalidArgumentError, f"a file is opened to READ and/or WRITE, not "
                                               f"with access {access_text(access)}")
        view, owner = string_view(os.fsencode(path))
        handle = _cext.IoFileHandle()
        handle._create(None, None, lib.iree_io_file_handle_open,
                       _io_bits(access, lib.IREE_IO_FILE_MODE_READ, lib.IREE_IO_FILE_MODE_WRITE),
                       view, lib.iree_allocator_system())
        try:
            with use(handle) as (handle_ptr,):
                return cls.import_handle(device, handle_ptr, access,
                                         queue_affinity=queue_affinity)
        finally:
            handle.close()  # (the file holds its own reference)

    @classmethod
    def from_memory(cls, device: Device, data: Any,
                    access: int = lib.IREE_HAL_MEMORY_ACCESS_READ, *,
                    queue_affinity: int = lib.IREE_HAL_QUEUE_AFFINITY_ANY) -> "File":
        """iree_hal_file_import of an iree_io_file_handle_t wrapping the memory
        of `data` (iree_io_file_handle_wrap_host_allocation; any C-contiguous
        buffer-protocol object, writable if `access` allows WRITE): a file of
        its length, imported by `device` without a copy: queue reads read it, queue writes change
        it. `data` stays referenced until IREE releases the file (the
        handle's last reference goes, iree_io_file_handle_release, when the
        file does)."""
        require_open_device(device, "File.from_memory")
        access = checked_int(access, UINT16, "File.from_memory: access")
        queue_affinity = checked_int(queue_affinity, UINT64, "File.from_memory: queue_affinity")
        view = contiguous_bytes(data, "File.from_memory: data")
        if view.nbytes == 0:
            raise refuse(InvalidArgumentError, "File.from_memory: data is empty")
        if access & _WRITE and view.readonly:
            raise refuse(PermissionDeniedError, "File.from_memory: read-only data cannot be "
                                                "a file allowing WRITE access")
        pointer = ffi.from_buffer(view, require_writable=bool(access & _WRITE))
        handle = wrap_host_allocation(
            pointer, view.nbytes, (view, pointer),
            _io_bits(access, lib.IREE_IO_FILE_ACCESS_READ, lib.IREE_IO_FILE_ACCESS_WRITE))
        try:
            return cls.import_handle(device, handle, access, queue_affinity=queue_affinity)
        finally:
            lib.iree_io_file_handle_release(handle)

    # -- what it is -------------------------------------------------------------

    @property
    def allowed_access(self) -> MemoryAccess:
        """iree_hal_file_allowed_access."""
        with use(self) as (file,):
            return MemoryAccess(lib.iree_hal_file_allowed_access(file))

    @property
    def length(self) -> int:
        """iree_hal_file_length: its size in bytes."""
        with use(self) as (file,):
            return int(lib.iree_hal_file_length(file))

    def __len__(self) -> int:
        return self.length

    @property
    def storage_buffer(self) -> Buffer | None:
        """iree_hal_file_storage_buffer: the buffer the device reads the file
        through, or None if it has none."""
        with use(self) as (file,):
            ptr = lib.iree_hal_file_storage_buffer(file)
            return None if ptr == ffi.NULL else Buffer.from_handle(ptr, retain=True, owner=self)

    @property
    def supports_synchronous_io(self) -> bool:
        """iree_hal_file_supports_synchronous_io."""
        with use(self) as (file,):
            return bool(lib.iree_hal_file_supports_synchronous_io(file))

    # -- checks shared with the queue's reads and writes -------------------------

    def checked_read(self, file_offset: int, length: int, what: str) -> int:
        """The file offset of a read of `length` bytes by
        iree_hal_device_queue_read, checked first (PermissionDenied without
        READ access, OutOfRangeError past the end)."""
        return self._checked(file_offset, length, _READ, what, fits=True)

    def checked_write(self, file_offset: int, length: int, what: str) -> int:
        """The file offset of a write of `length` bytes by
        iree_hal_device_queue_write, checked first (past the end only into
        files that grow, those on disk)."""
        # (A file adopted from a raw pointer might be memory: writes must fit.)
        return self._checked(file_offset, length, _WRITE, what,
                             fits=getattr(self, "_fixed", True))

    def _checked(self, file_offset: int, length: int, access: int, what: str,
                 fits: bool) -> int:
        with use(self) as (file,):
            allowed = lib.iree_hal_file_allowed_access(file)
            if not allowed & access:
                raise refuse(PermissionDeniedError,
                             f"{what}: the file allows access {access_text(allowed)}, not "
                             f"{access_text(access)}")
            offset = checked_size(file_offset, f"{what}: the file offset")
            size = self.length
            if fits and (offset > size or length > size - offset):
                raise refuse(OutOfRangeError, f"{what}: {length} bytes at file offset {offset} "
                                              f"reach past the end of the file ({size} bytes)")
            return offset

    # -- synchronous I/O ------------------------------------------------------------

    def _transfer(self, fn: Any, file_offset: int, buffer: Buffer, buffer_offset: int,
                  length: int | None, reading: bool) -> None:
        what = "read" if reading else "write"
        buffer = as_buffer(buffer, f"{what}: buffer")
        with use(self, buffer) as (file, ptr):
            require_mappable(ptr, lib.IREE_HAL_MAPPING_MODE_SCOPED,
                             _WRITE if reading else _READ, f"{what}: buffer")
            buffer_offset, length = byte_range(ptr, buffer_offset, length, f"{what}: buffer")
            offset = (self.checked_read if reading else self.checked_write)(
                file_offset, length, what)
            check_status(fn(file, offset, ptr, buffer_offset, length))

    def read(self, file_offset: int, buffer: Buffer, buffer_offset: int = 0,
             length: int | None = None) -> None:
        """iree_hal_file_read: `length` bytes (None: the rest of `buffer`) at
        `file_offset` into `buffer` at `buffer_offset`, now, through a
        mapping of the buffer."""
        self._transfer(lib.iree_hal_file_read, file_offset, buffer, buffer_offset, length, True)

    def write(self, file_offset: int, buffer: Buffer, buffer_offset: int = 0,
              length: int | None = None) -> None:
        """iree_hal_file_write: `length` bytes of `buffer` at `buffer_offset`
        into the file at `file_offset`, now."""
        self._transfer(lib.iree_hal_file_write, file_offset, buffer, buffer_offset, length,
                       False)

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.hal.File closed>"
        return f"<ireec.hal.File {self.length} bytes, access {access_text(self.allowed_access)}>"
