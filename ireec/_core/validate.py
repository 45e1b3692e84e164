"""Checks of sizes, integers and memory given from outside before IREE sees
them.

Integers go to C as fixed-width types: cffi refuses one that does not fit
with an OverflowError naming neither the argument nor the range, and a
negative one for an unsigned type the same way. `checked_int` refuses them
first, as InvalidArgumentError (a ValueError) naming both.

IREE trusts its caller with shapes and counts: a shape whose byte size
overflows 64 bits wraps to a small size and the view then reaches past its
buffer, or is walked for 2^80 steps. Shapes are checked in C
(`ireec_hal_checked_view_size`, also used by the one-call paths); this module
turns Python values into what that check takes, refusing what C could not
even be given (negative dimensions, integers wider than 64 bits).
"""

from __future__ import annotations

import mmap
import operator
import os
import stat
from typing import TYPE_CHECKING

from .library import ffi, lib
from ..errors import InvalidArgumentError
from .status import check_status

if TYPE_CHECKING:
    from ..types import CData

# iree_hal_dim_t is unsigned 64-bit; the check accepts dimensions up to the
# signed maximum, which is what numpy and Python sizes hold.
MAX_DIM = 2**63 - 1

# The ranges of C's integer types, as (lowest, highest).
UINT64 = (0, 2**64 - 1)
INT64 = (-2**63, 2**63 - 1)
UINT32 = (0, 2**32 - 1)
INT32 = (-2**31, 2**31 - 1)


def checked_int(value, limits: tuple[int, int], what: str) -> int:
    """`value` (an int, or anything with __index__) as an int within
    `limits` (lowest, highest): InvalidArgumentError (a ValueError) naming
    `what` and the range otherwise; TypeError if it is not an integer."""
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(value).__name__}") from None
    lowest, highest = limits
    if not lowest <= number <= highest:
        raise InvalidArgumentError(f"{what} is {number}; it must be {lowest} to {highest}",
                                   lib.IREE_STATUS_INVALID_ARGUMENT)
    return number


def checked_dims(shape, element_type: int):
    """(rank, iree_hal_dim_t[], byte length) for a dense row-major view of
    `shape` (integers) and `element_type`; InvalidArgumentError (a
    ValueError) naming the shape if a dimension is negative or too large or
    the view's byte size overflows 64 bits."""
    dims = tuple(int(d) for d in shape)
    for index, dim in enumerate(dims):
        if not 0 <= dim <= MAX_DIM:
            what = "negative" if dim < 0 else f"more than {MAX_DIM}"
            raise InvalidArgumentError(
                f"shape {_shape_text(dims)}: dimension {index} is {dim}, {what}; "
                f"dimensions are 0 to {MAX_DIM}", lib.IREE_STATUS_INVALID_ARGUMENT)
    array = ffi.new("iree_hal_dim_t[]", list(dims) or [0])
    length = ffi.new("iree_device_size_t*")
    try:
        check_status(lib.ireec_hal_checked_view_size(len(dims), array, element_type, length))
    except InvalidArgumentError as error:
        error.add_note(f"the shape was {_shape_text(dims)}")
        raise
    return len(dims), array, length[0]


def checked_shape_text(text: str) -> None:
    """Checks the shape of IREE's text form of a view ("4x2xf32=...", or the
    shape and type alone) before iree_hal_buffer_view_parse allocates for
    it: InvalidArgumentError if its byte size overflows. A prefix IREE
    cannot parse is left for IREE to report."""
    metadata = text.partition("=")[0].encode()
    if not metadata:
        return
    capacity = 128
    rank = ffi.new("iree_host_size_t*")
    shape = ffi.new("iree_hal_dim_t[]", capacity)
    element_type = ffi.new("iree_hal_element_type_t*")
    owner = ffi.new("char[]", metadata)
    status = lib.iree_hal_parse_shape_and_element_type(
        lib.iree_make_string_view(owner, len(metadata)), capacity, rank, shape, element_type)
    if lib.iree_status_code(status) != lib.IREE_STATUS_OK:
        lib.iree_status_ignore(status)
        return
    checked_dims(list(shape[0:rank[0]]), element_type[0])


def _shape_text(dims) -> str:
    return "x".join(map(str, dims)) or "(scalar)"


def immutable_memory(view: memoryview) -> bool:
    """True if nobody can change the bytes behind `view` while it is held:
    `bytes` (a slice too), or an mmap mapped read-only. A read-only view is
    not enough: a memoryview(...).toreadonly() of a bytearray, or a
    read-only numpy view, is still written through its owner."""
    owner = view.obj
    if isinstance(owner, bytes):
        return True
    if isinstance(owner, mmap.mmap):
        return memoryview(owner).readonly
    return False


def export_immutable(view: memoryview) -> tuple[CData, CData]:
    """(a pointer to `view`'s first byte, the cffi buffer that keeps it
    exported) for a C-contiguous `view` of immutable memory
    (immutable_memory). The export is taken from the bytes or mmap object
    itself, never from a memoryview: an object holding the export that is
    collected in a reference cycle takes it with it, and the collector may
    clear a memoryview before the cffi buffer exported from it (the
    memoryview refuses, drops its buffer anyway, and the cffi buffer's later
    release of it crashes)."""
    exported = ffi.from_buffer(view.obj)
    view_start = ffi.from_buffer(view)
    data = exported + (int(ffi.cast("uintptr_t", view_start))
                       - int(ffi.cast("uintptr_t", exported)))
    ffi.release(view_start)
    return data, exported


def refuse_special_file(path: str, what: str) -> None:
    """Refuses a `path` that exists and is not a regular file (a directory, a
    FIFO, a device), naming `what` it was given as: IREE's readers block
    forever on a FIFO and some crash on a directory. A missing file is left
    to whatever opens it to report."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode):
        raise InvalidArgumentError(f"{what} '{path}' is not a regular file",
                                   lib.IREE_STATUS_INVALID_ARGUMENT)
