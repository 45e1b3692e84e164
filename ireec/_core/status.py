"""IREE statuses returned to Python by cffi calls, turned into the
ireec.errors exceptions.

The converter itself is C's, the one the extension's own calls raise
through (csrc/python/errors.c): the class of the status's code, IREE's own
text for it (file:line, code, message and every annotation), the status
freed exactly once. These functions hand it the status's address.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _cext
from .library import ffi

if TYPE_CHECKING:
    from ..errors import IreeError
    from ..types import CData

_STATUS = ffi.typeof("iree_status_t")
_CData = ffi.CData


def _address(status: CData) -> int:
    if not isinstance(status, _CData) or ffi.typeof(status) is not _STATUS:
        raise TypeError(f"expected an iree_status_t, not {status!r}")
    return int(ffi.cast("uintptr_t", status))


def status_to_string(status: CData) -> str:
    """IREE's full text for `status` (which stays owned by the caller)."""
    return _cext.status_to_string(_address(status))


def error_from_status(status: CData) -> IreeError:
    """Takes ownership of a failed `status`, frees it, returns its exception."""
    return _cext.error_from_status(_address(status))


def check_status(status: CData) -> None:
    """Raises the exception for `status` if it failed; frees it either way."""
    # An OK status is NULL, the one false iree_status_t.
    if status or not isinstance(status, _CData):
        raise error_from_status(status)
