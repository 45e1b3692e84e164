"""IREE file handles (iree/io/file_handle.h) made from Python: host memory
lent to IREE as a file (`wrap_host_allocation`), which parameter indices
(`ParameterIndex.add`) and HAL files (`ireec.hal.File.from_memory`) read and
write in place.

Each wrap registers the Python object owning the bytes under a token, passed
as the handle's release callback user_data; IREE calls back when the last
reference to the handle goes (an index, a provider, a HAL file, a buffer
using the bytes in place), from whichever thread drops it. cffi takes the
GIL there and the body only pops a dict entry.

At interpreter exit a callback must not run (a thread taking the GIL while
Python finalizes hangs or is stopped, and the bytes would be freed while
IREE may read them): the atexit hook takes one more reference on every
handle still lent, so IREE never releases it, and keeps the registry alive;
the operating system reclaims both.
"""

from __future__ import annotations

import atexit
import ctypes
import itertools
from typing import TYPE_CHECKING, Any

from .._core.library import ffi, lib
from .._core.status import check_status

if TYPE_CHECKING:
    from ..types import CData

_lent: dict[int, list] = {}   # token -> [owner, file handle address]
_tokens = itertools.count(1)


@ffi.def_extern()
def ireec_release_parameter_memory(user_data: CData, handle_primitive: CData,
                                   _pop: Any = _lent.pop, _cast: Any = ffi.cast) -> None:
    """Called by IREE when it releases a handle over lent memory (the name is
    the first user's): drops the owner."""
    _pop(int(_cast("uintptr_t", user_data)), None)


@atexit.register
def _keep_lent_memory_past_exit() -> None:
    for _, address in list(_lent.values()):
        if address:
            lib.iree_io_file_handle_retain(ffi.cast("iree_io_file_handle_t*", address))
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(_lent))


def lent_memory_count() -> int:
    """How many blocks of memory wrapped as file handles IREE still holds."""
    return len(_lent)


def wrap_host_allocation(pointer: CData, length: int, owner: object, access: int) -> CData:
    """A new iree_io_file_handle_t* (the caller's reference) over `length`
    bytes at `pointer` (iree_io_file_handle_wrap_host_allocation, with
    `access`: IREE_IO_FILE_ACCESS_* bits); `owner`, which keeps that memory
    valid, stays referenced until IREE releases the handle."""
    token = next(_tokens)
    _lent[token] = [owner, 0]
    callback = ffi.new("iree_io_file_handle_release_callback_t*")
    callback.fn = lib.ireec_release_parameter_memory
    callback.user_data = ffi.cast("void*", token)
    handle = ffi.new("iree_io_file_handle_t**")
    try:
        check_status(lib.iree_io_file_handle_wrap_host_allocation(
            access, lib.iree_make_byte_span(pointer, length), callback[0],
            lib.iree_allocator_system(), handle))
    except BaseException:
        _lent.pop(token, None)
        raise
    _lent[token][1] = int(ffi.cast("uintptr_t", handle[0]))
    return handle[0]
