"""IREE statuses turned into the ireec.errors exceptions.

`check_status` is the one place a C `iree_status_t` becomes an exception: it
formats the status with IREE's own formatter (file:line, code, message and
every annotation) and frees it exactly once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ERRORS_BY_CODE, IreeError
from .library import ffi, lib

if TYPE_CHECKING:
    from ..types import CData


def status_to_string(status: CData) -> str:
    """IREE's full text for `status` (which stays owned by the caller)."""
    allocator = ffi.new("iree_allocator_t*", lib.iree_allocator_system())
    buffer = ffi.new("char**")
    length = ffi.new("iree_host_size_t*")
    if not lib.iree_status_to_string(status, allocator, buffer, length):
        code = lib.iree_status_code(status)
        return ffi.string(lib.iree_status_code_string(code)).decode()
    try:
        return ffi.unpack(buffer[0], length[0]).decode("utf-8", "replace")
    finally:
        lib.iree_allocator_free(allocator[0], buffer[0])


def error_from_status(status: CData) -> IreeError:
    """Takes ownership of a failed `status`, frees it, returns its exception."""
    try:
        code = lib.iree_status_code(status)
        message = status_to_string(status)
    finally:
        lib.iree_status_free(status)
    cls = ERRORS_BY_CODE.get(code, IreeError)
    return cls(message, code)


def check_status(status: CData) -> None:
    """Raises the exception for `status` if it failed; frees it either way."""
    if lib.iree_status_is_ok(status):
        return
    raise error_from_status(status)
