"""Host arrays lent to IREE by zero-copy imports (`BufferView(device, array,
zero_copy=True)`), on pointers, and aligned arrays to lend.

How data enters without a copy. `from_numpy(..., zero_copy=True)` imports the
array's own memory (`iree_hal_allocator_import_buffer`, HOST_ALLOCATION) when
it is C-contiguous, writeable, in native byte order, non-empty and aligned to
IREE_HAL_HEAP_BUFFER_ALIGNMENT (64 bytes; `empty_aligned` makes such arrays),
and the device's allocator can import host memory; otherwise it copies and says
why in `zero_copy_fallback`. The array stays referenced until IREE releases
the buffer (a release callback), however many IREE objects still hold it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import atexit
import ctypes
import itertools
import math

import numpy as np

from .._core.library import ffi, lib
from .._core.handle import use
from .._core.status import check_status
from ..errors import InvalidArgumentError, UnavailableError

if TYPE_CHECKING:
    from typing import Any, Callable, Sequence

    from numpy.typing import DTypeLike

    from .._core.handle import Handle
    from ..types import CData

__all__ = ["empty_aligned", "lent_array_count", "HEAP_BUFFER_ALIGNMENT"]

HEAP_BUFFER_ALIGNMENT = lib.IREE_HAL_HEAP_BUFFER_ALIGNMENT

# What an imported host array is: host memory the device can see, usable by
# programs (DEFAULT is what compiled programs assert on their inputs) and
# mappable, so it can be read and exported back without copies.
_IMPORT_PARAMS = {
    "type": lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL | lib.IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE,
    "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
    "usage": (lib.IREE_HAL_BUFFER_USAGE_DEFAULT | lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED
              | lib.IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT),
}
_IMPORT_PARAMS_C = ffi.new("iree_hal_buffer_params_t*", _IMPORT_PARAMS)


def empty_aligned(shape: int | Sequence[int], dtype: DTypeLike = np.float32,
                  alignment: int = HEAP_BUFFER_ALIGNMENT) -> np.ndarray:
    """An uninitialized C-contiguous array whose data starts on an `alignment`
    byte boundary (64 by default: what zero-copy import needs). numpy's own
    allocations are only 16-byte aligned. (An empty array has no data and
    numpy gives it no particular address.)"""
    dtype = np.dtype(dtype)
    shape = (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(shape)
    if any(int(d) < 0 for d in shape):
        # math.prod of a negative shape is a negative byte count, which the
        # slice below would silently turn into an empty array.
        raise InvalidArgumentError(f"empty_aligned: negative dimensions are not allowed "
                                   f"(shape {shape})", lib.IREE_STATUS_INVALID_ARGUMENT)
    if alignment <= 0 or alignment & (alignment - 1):
        raise InvalidArgumentError(f"empty_aligned: alignment must be a power of two, "
                                   f"not {alignment}", lib.IREE_STATUS_INVALID_ARGUMENT)
    nbytes = math.prod(shape) * dtype.itemsize
    raw = np.empty(nbytes + alignment, np.uint8)
    offset = (-raw.ctypes.data) % alignment
    return raw[offset:offset + nbytes].view(dtype).reshape(shape)


# ----------------------------------------------------------------------------
# Host arrays lent to IREE by zero-copy imports.
#
# Each import registers its array under a token, passed to IREE as the release
# callback's user_data; the callback drops the entry when IREE destroys the
# buffer. IREE calls it from whichever thread drops the last reference,
# possibly one of its worker threads: cffi takes the GIL there, and the body
# only pops a dict entry (atomic under the GIL, cannot raise), with what it
# needs bound as defaults so module teardown cannot pull them away.
#
# At interpreter exit a callback must not run at all: a thread taking the GIL
# while Python finalizes is stopped or hangs, and the arrays would be freed
# while IREE may still read them. So the atexit hook takes one more reference
# on every buffer still lent (IREE then never destroys it, never calls back)
# and keeps the registry itself alive for the rest of the process; the
# operating system reclaims both. Imports after that point copy instead.
# ----------------------------------------------------------------------------

_lent: dict[int, list] = {}   # token -> [array, buffer address or 0]
_tokens = itertools.count(1)
_exiting = False


@ffi.def_extern()
def ireec_release_host_allocation(user_data: CData, buffer: CData,
                                  _pop: Callable[..., object] = _lent.pop,
                                  _cast: Callable[..., CData] = ffi.cast) -> None:
    """Called by IREE when it releases a lent array's buffer: drops the array."""
    _pop(int(_cast("uintptr_t", user_data)), None)


@atexit.register
def _keep_lent_arrays_past_exit() -> None:
    global _exiting
    _exiting = True
    for _, address in list(_lent.values()):
        if address:
            lib.iree_hal_buffer_retain(ffi.cast("iree_hal_buffer_t*", address))
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(_lent))


def lent_array_count() -> int:
    """How many host arrays zero-copy imports have lent to IREE and IREE has
    not yet released."""
    return len(_lent)


def zero_copy_obstacle(array: np.ndarray) -> str | None:
    """Why `array` cannot be imported without a copy, or None (whether the
    device's allocator can import it is asked by the import itself)."""
    if _exiting:
        return "the interpreter is exiting"
    if array.nbytes == 0:
        return "the array is empty"
    if not array.flags.c_contiguous:
        return "the array is not C-contiguous"
    if array.dtype.byteorder not in ("=", "|"):
        return "the array is not in native byte order"
    if not array.flags.writeable:
        return "the array is read-only"
    # Not array.ctypes.data: building that ctypes object costs more than
    # the whole import.
    address = int(ffi.cast("uintptr_t", ffi.from_buffer(array)))
    if address % HEAP_BUFFER_ALIGNMENT:
        return (f"the array's data ({address:#x}) is not aligned to "
                f"{HEAP_BUFFER_ALIGNMENT} bytes (ireec.empty_aligned makes arrays that are)")
    return None


def _lend(owner: object) -> tuple[int, list, CData]:
    """Registers `owner` as lent to IREE: (its token, its registry entry
    [owner, buffer address], a release callback calling back with the
    token). Registered before the import: IREE may call back at once."""
    token = next(_tokens)
    entry = _lent[token] = [owner, 0]
    callback = _release_callback()
    callback.user_data = ffi.cast("void*", token)
    return token, entry, callback


def import_host_array(view: Handle, device: Handle, array: np.ndarray[Any, Any],
                      element_type: int) -> bool:
    """Makes `view` (a BufferView, holding a use of `device`) the array's
    memory (ireec_hal_buffer_view_import_host_allocation) through the
    device's allocator: True, or False, having lent nothing, if that
    allocator cannot import it."""
    data = ffi.from_buffer(array, require_writable=True)
    rank, dims = len(array.shape), ffi.new("iree_hal_dim_t[]", list(array.shape) or [0])
    token = None
    try:
        token, entry, callback = _lend(array)
        with use(device) as (device_ptr,):
            view._create(device, None, lib.ireec_hal_buffer_view_import_host_allocation,
                         lib.iree_hal_device_allocator(device_ptr), _IMPORT_PARAMS_C[0], rank,
                         dims, element_type, data, array.nbytes, callback[0],
                         lib.iree_hal_device_host_allocator(device_ptr))
        with use(view) as (view_ptr,):
            entry[1] = int(ffi.cast("uintptr_t", lib.iree_hal_buffer_view_buffer(view_ptr)))
    except BaseException as error:
        # Whatever interrupted, the array stays lent while the view holds
        # it; a failed import or view leaves the memory with us (IREE either
        # never took it or has called back already).
        if view._released and token is not None:
            _lent.pop(token, None)
            if isinstance(error, UnavailableError):
                return False  # nothing was imported: nothing will call back
        raise
    return True


def import_host_memory(allocator: CData, params: CData, view: memoryview) -> CData:
    """The memory of `view` (C-contiguous, not empty) as a new
    iree_hal_buffer_t* (iree_hal_allocator_import_buffer of a
    HOST_ALLOCATION) with `params` (an iree_hal_buffer_params_t); the
    object behind `view` stays lent until IREE releases the buffer."""
    if _exiting:
        raise RuntimeError("the interpreter is exiting: host memory is no longer lent")
    if view.nbytes == 0:
        raise InvalidArgumentError("INVALID_ARGUMENT; cannot import empty host memory",
                                   lib.IREE_STATUS_INVALID_ARGUMENT)
    data = ffi.from_buffer(view)
    address = int(ffi.cast("uintptr_t", data))
    if address % HEAP_BUFFER_ALIGNMENT:
        raise InvalidArgumentError(
            f"INVALID_ARGUMENT; host memory at {address:#x} is not aligned to "
            f"{HEAP_BUFFER_ALIGNMENT} bytes, which imports need (ireec.empty_aligned makes "
            f"arrays that are)",
            lib.IREE_STATUS_INVALID_ARGUMENT)
    token, entry, callback = _lend((view.obj, data))
    external = ffi.new("iree_hal_external_buffer_t*")
    external.type = lib.IREE_HAL_EXTERNAL_BUFFER_TYPE_HOST_ALLOCATION
    external.size = view.nbytes
    external.handle.host_allocation.ptr = data
    out = ffi.new("iree_hal_buffer_t**")
    status = lib.iree_hal_allocator_import_buffer(allocator, params, external, callback[0],
                                                  out)
    if status:
        # On failure IREE has not taken the memory and will not call back.
        _lent.pop(token, None)
        check_status(status)
    entry[1] = int(ffi.cast("uintptr_t", out[0]))
    return out[0]


def _release_callback():
    """A new iree_hal_buffer_release_callback_t* calling back into
    ireec_release_host_allocation."""
    callback = ffi.new("iree_hal_buffer_release_callback_t*")
    callback.fn = lib.ireec_release_host_allocation
    return callback
