"""Checks made before IREE sees a buffer operation's arguments.

IREE trusts its caller: a fill, copy or dispatch that reaches past the end of
a buffer is recorded without complaint and then writes over whatever follows
it; a buffer is mapped whatever its usage says; a buffer without dispatch
usage is bound to a dispatch. Every buffer operation of `ireec.hal` passes
its arguments through these first, so bad input raises a typed
`ireec.Error` naming what was wrong instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._core.library import ffi, lib
from .._core.strings import bitfield_text
from .._core.validate import checked_size, contiguous_bytes
from ..errors import InvalidArgumentError, OutOfRangeError, PermissionDeniedError

if TYPE_CHECKING:
    from ..errors import IreeError
    from ..types import CData

WHOLE_BUFFER = lib.IREE_HAL_WHOLE_BUFFER


def refuse(cls: type[IreeError], message: str) -> IreeError:
    """An exception of the ireec.errors class `cls`, with its status code
    and its text as IREE words a status's ("CODE; message")."""
    return cls(f"{cls.code_name}; {message}", cls.code)


def byte_range(buffer: CData, offset: object, length: object, what: str) -> tuple[int, int]:
    """(offset, length) of `length` bytes (None or WHOLE_BUFFER: to the end)
    at `offset` into the iree_hal_buffer_t `buffer`; OutOfRangeError naming
    `what` if that reaches past the buffer's end."""
    size = lib.iree_hal_buffer_byte_length(buffer)
    offset = checked_size(offset, f"{what}: the offset")
    if offset > size:
        raise refuse(OutOfRangeError, f"{what}: offset {offset} is past the end of the "
                                      f"buffer ({size} bytes)")
    if length is None or length == WHOLE_BUFFER:
        return offset, size - offset
    length = checked_size(length, f"{what}: the length")
    if length > size - offset:
        raise refuse(OutOfRangeError, f"{what}: {length} bytes at offset {offset} reach "
                                      f"past the end of the buffer ({size} bytes)")
    return offset, length


def usage_text(usage: int) -> str:
    return bitfield_text(lib.iree_hal_buffer_usage_format, usage)


def memory_type_text(memory_type: int) -> str:
    return bitfield_text(lib.iree_hal_memory_type_format, memory_type)


def access_text(access: int) -> str:
    return bitfield_text(lib.iree_hal_memory_access_format, access)


def require_usage(buffer: CData, usage: int, what: str, *, any_of: bool = False) -> None:
    """PermissionDeniedError unless the buffer allows every bit of `usage`
    (or, with `any_of`, one of them)."""
    allowed = lib.iree_hal_buffer_allowed_usage(buffer)
    if (allowed & usage) if any_of else (allowed & usage) == usage:
        return
    needed = f"one of {usage_text(usage)}" if any_of else usage_text(usage)
    raise refuse(PermissionDeniedError, f"{what}: the buffer allows usage "
                                        f"{usage_text(allowed)}; the operation needs {needed}")


def require_access(buffer: CData, access: int, what: str) -> None:
    """PermissionDeniedError unless the buffer allows the READ/WRITE bits of
    `access`."""
    allowed = lib.iree_hal_buffer_allowed_access(buffer)
    missing = access & lib.IREE_HAL_MEMORY_ACCESS_ALL & ~allowed
    if missing & (lib.IREE_HAL_MEMORY_ACCESS_READ | lib.IREE_HAL_MEMORY_ACCESS_WRITE):
        raise refuse(PermissionDeniedError, f"{what}: the buffer allows access "
                                            f"{access_text(allowed)}, not {access_text(access)}")


def require_mappable(buffer: CData, mapping_mode: int, access: int, what: str) -> None:
    """PermissionDeniedError unless the host may map the buffer as asked:
    HOST_VISIBLE memory, the MAPPING usage of the mode, the access. (IREE
    checks the memory type of persistent mappings only, and the usage of
    neither; a heap buffer said to be DEVICE_LOCAL would be mapped.)"""
    memory_type = lib.iree_hal_buffer_memory_type(buffer)
    if not memory_type & lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE:
        raise refuse(PermissionDeniedError,
                     f"{what}: the buffer's memory is {memory_type_text(memory_type)}, not "
                     f"HOST_VISIBLE: the host cannot map it (copy it to a HOST_VISIBLE "
                     f"buffer on the device's queue, or read it with Device.transfer_d2h)")
    usage = (lib.IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT
             if mapping_mode & lib.IREE_HAL_MAPPING_MODE_PERSISTENT
             else lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED)
    require_usage(buffer, usage, what)
    require_access(buffer, access, what)


def pattern_bytes(pattern: object, what: str) -> bytes:
    """A fill pattern (any buffer-protocol object: bytes, a numpy scalar or
    array) as its 1, 2 or 4 bytes."""
    if isinstance(pattern, int):
        raise TypeError(f"{what}: the pattern must be 1, 2 or 4 bytes (bytes, or a numpy "
                        f"scalar such as np.uint32({pattern})), not an int of unknown width")
    try:
        data = memoryview(pattern).tobytes()  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what}: the pattern must be a bytes-like object of 1, 2 or 4 "
                        f"bytes, not {type(pattern).__name__}") from None
    if len(data) not in (1, 2, 4):
        raise refuse(InvalidArgumentError, f"{what}: the pattern is {len(data)} bytes; fill "
                                           f"patterns are 1, 2 or 4 bytes")
    return data


def host_bytes(data: object, what: str) -> tuple[CData, int]:
    """(a uint8_t[] over `data`'s memory, its length in bytes) for any
    C-contiguous buffer-protocol object; the array keeps `data` exported
    (and alive) for as long as it is referenced."""
    view = contiguous_bytes(data, what)
    if view.nbytes == 0:
        return ffi.NULL, 0
    return ffi.from_buffer("uint8_t[]", view), view.nbytes
