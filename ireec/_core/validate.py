"""The one validator of what callers give before IREE sees it: integers,
sizes, flags, objects and memory.

Integers go to C as fixed-width types: cffi refuses one that does not fit
with an OverflowError naming neither the argument nor the range, takes a
negative one for an unsigned type the same way, and takes a bool as 0 or 1.
Every integer a caller gives ireec (an offset, a length, a count, a
semaphore value, a flag set, a queue affinity) is checked here first, each
fault with one exception type and one message form, naming what it is:

* not an integer (a bool included): TypeError, "{what} must be an integer,
  not {type}";
* out of its range: InvalidArgumentError (a ValueError), "{what} is {value};
  it must be {lowest} to {highest}".

Sizes that become allocations are held to what an allocation can be
(`checked_allocation_size`, `checked_capacity`): IREE adds its headers to a
size and rounds it up to an alignment without checking, so a size near 2^64
wraps to a small allocation that then claims the whole length, and whatever
writes or reads that length goes past it.

Objects ireec takes are checked the same way (`checked_object`: TypeError,
"{what} must be an ireec.X, not {type}"), and memory lent to IREE
(`contiguous_bytes`: TypeError for what is not a buffer, InvalidArgumentError
for memory that is not C-contiguous).

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
import sys
from typing import TYPE_CHECKING, Any, TypeVar

from .library import ffi, lib
from ..errors import InvalidArgumentError
from .status import check_status

if TYPE_CHECKING:
    from ..types import CData

T = TypeVar("T")

# iree_hal_dim_t is unsigned 64-bit; the check accepts dimensions up to the
# signed maximum, which is what numpy and Python sizes hold.
MAX_DIM = 2**63 - 1

# The ranges of C's integer types, as (lowest, highest).
UINT64 = (0, 2**64 - 1)
INT64 = (-2**63, 2**63 - 1)
UINT32 = (0, 2**32 - 1)
UINT16 = (0, 2**16 - 1)
INT32 = (-2**31, 2**31 - 1)

# The largest byte size of anything ireec asks IREE to allocate: what a
# signed 64-bit size holds (numpy's, Python's, a file offset's), far past
# any address space, so that IREE's headers and alignment never wrap it; a
# size no memory holds is then IREE's own RESOURCE_EXHAUSTED.
MAX_ALLOCATION_SIZE = 2**63 - 1
ALLOCATION_SIZE = (0, MAX_ALLOCATION_SIZE)


def checked_int(value: object, limits: tuple[int, int], what: str) -> int:
    """`value` (an int, or anything with __index__ but a bool) as an int
    within `limits` (lowest, highest); see the module docstring for what is
    raised otherwise."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an integer, not bool ({value})")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(value).__name__}") from None
    lowest, highest = limits
    if not lowest <= number <= highest:
        raise InvalidArgumentError(f"{what} is {number}; it must be {lowest} to {highest}",
                                   lib.IREE_STATUS_INVALID_ARGUMENT)
    return number


def checked_size(value: object, what: str) -> int:
    """A byte offset, length or count (IREE's iree_device_size_t and
    iree_host_size_t: 0 to 2**64-1)."""
    return checked_int(value, UINT64, what)


def checked_allocation_size(value: object, what: str) -> int:
    """The byte size of a new allocation (a buffer, a vm.Buffer): 0 to
    MAX_ALLOCATION_SIZE."""
    return checked_int(value, ALLOCATION_SIZE, what)


def checked_capacity(value: object, item_size: int, what: str, *, rounding: int = 1) -> int:
    """A count of `item_size`-byte items to allocate room for, which IREE
    rounds up to a multiple of `rounding`: 0 to the most whose bytes stay
    within MAX_ALLOCATION_SIZE."""
    most = MAX_ALLOCATION_SIZE // item_size // rounding * rounding
    return checked_int(value, (0, most), what)


def checked_flags(value: object, what: str, limits: tuple[int, int] = UINT64) -> int:
    """A set of IREE's flag bits (an IntFlag of ireec's, or an int), a
    queue affinity or a mode: unsigned, 64 bits unless `limits` say
    fewer."""
    return checked_int(value, limits, what)


def checked_object(value: Any, cls: type[T], what: str, *, optional: bool = False,
                   name: str | None = None) -> T:
    """`value` if it is a `cls` (or None, when `optional`): TypeError naming
    `what` and the class (as users name it, or `name`: an area's classes
    that check for a C kind name the Python class) otherwise."""
    if isinstance(value, cls) or (optional and value is None):
        return value
    expected = (name or public_name(cls)) + (" or None" if optional else "")
    raise TypeError(f"{what} must be an {expected}, not {type(value).__name__}")


def public_name(cls: type) -> str:
    """How users name `cls`: ireec.X for what the package exports, else its
    area's name (ireec.hal.X, ireec.vm.X, ...)."""
    package = sys.modules.get("ireec")
    if package is not None and getattr(package, cls.__name__, None) is cls:
        return f"ireec.{cls.__name__}"
    area = ".".join(cls.__module__.split(".")[:2])
    return f"{area}.{cls.__name__}"


def contiguous_bytes(data: object, what: str) -> memoryview:
    """The memory of `data` (any C-contiguous buffer-protocol object: bytes,
    bytearray, a numpy array, ...; not one of Python objects) as a flat
    memoryview of bytes."""
    try:
        view = memoryview(data)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be a bytes-like object (bytes, bytearray, a numpy "
                        f"array, ...), not {type(data).__name__}") from None
    if not view.c_contiguous:
        raise InvalidArgumentError(f"{what} must be C-contiguous",
                                   lib.IREE_STATUS_INVALID_ARGUMENT)
    if "O" in view.format:
        # Its bytes are the addresses of Python objects, meaningless to IREE.
        raise TypeError(f"{what} holds Python objects (a numpy array of dtype object), "
                        f"not data")
    return view.cast("B") if view.ndim != 1 or view.format != "B" else view


def checked_dims(shape, element_type: int):
    """(rank, iree_hal_dim_t[], byte length) for a dense row-major view of
    `shape` (integers) and `element_type`; InvalidArgumentError (a
    ValueError) naming the shape if a dimension is negative or too large or
    the view's byte size overflows 64 bits."""
    for index, dim in enumerate(shape):
        if isinstance(dim, bool):
            checked_int(dim, INT64, f"dimension {index} of the shape")  # (refused)
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


def checked_extent(shape: tuple[int, ...], itemsize: int, what: str) -> int:
    """The bytes an array of `shape` (non-negative dimensions) and
    `itemsize`-byte elements spans, with its zero dimensions skipped (an
    empty array's other dimensions are still walked, by numpy and IREE);
    InvalidArgumentError naming `what` if that is past
    MAX_ALLOCATION_SIZE, what an address space, numpy and IREE hold. In
    Python, for paths that make no C call (checked_dims makes one)."""
    extent = itemsize
    for dim in shape:
        if dim:
            extent *= dim
    if extent > MAX_ALLOCATION_SIZE:
        raise InvalidArgumentError(
            f"{what}: shape {_shape_text(shape)} of {itemsize}-byte elements spans "
            f"{extent} bytes (its zero dimensions skipped); at most {MAX_ALLOCATION_SIZE} "
            f"can be held", lib.IREE_STATUS_INVALID_ARGUMENT)
    return extent


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
