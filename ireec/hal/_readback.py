"""Buffer views as IREE's text, on pointers, and what buffers are (their
memory described, whether the host may map them).

How data leaves a device. A buffer can be read through a mapping only if its
memory is HOST_VISIBLE and its allowed usage includes MAPPING_SCOPED. IREE
checks neither for scoped mappings (only persistent ones), so ireec checks
them itself and otherwise reads the buffer back with a device transfer
(`iree_hal_device_transfer_d2h`), which stages through host memory on the
device's queue. `to_numpy()` and the buffer protocol (in C: csrc/python/
readback.c, which also says how data leaves without a copy), `str()` and
`to_device()` all take that decision, so device-local memory reads back
right instead of printing nothing or garbage.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import bitfield_text
from .element_type import element_type_name

if TYPE_CHECKING:
    from ..types import CData

# str() prints at most this many elements, then "...": the default of IREE's
# own tools (iree-run-module --output_max_element_count).
FORMAT_MAX_ELEMENTS = 1024

_MEMORY_TYPE_HOST_VISIBLE = lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
_MEMORY_TYPE_HOST_COHERENT = lib.IREE_HAL_MEMORY_TYPE_HOST_COHERENT


def describe_memory(buffer: CData) -> str:
    """IREE's names for an iree_hal_buffer_t's memory type, usage and access,
    e.g. "DEVICE_LOCAL; usage TRANSFER|DISPATCH_STORAGE; access ALL"."""
    memory_type = bitfield_text(lib.iree_hal_memory_type_format,
                              lib.iree_hal_buffer_memory_type(buffer))
    usage = bitfield_text(lib.iree_hal_buffer_usage_format,
                        lib.iree_hal_buffer_allowed_usage(buffer))
    access = bitfield_text(lib.iree_hal_memory_access_format,
                         lib.iree_hal_buffer_allowed_access(buffer))
    return f"{memory_type}; usage {usage}; access {access}"


def mappable(buffer: CData) -> bool:
    """Whether the host may read the iree_hal_buffer_t through a mapping: its
    memory is HOST_VISIBLE and it allows MAPPING_SCOPED."""
    return bool(lib.iree_hal_buffer_memory_type(buffer) & _MEMORY_TYPE_HOST_VISIBLE
                and lib.iree_hal_buffer_allowed_usage(buffer)
                & lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED)


def format_text(view: CData, limit: int) -> str:
    """iree_hal_buffer_view_format of a mappable view, at most `limit`
    elements."""
    length = ffi.new("iree_host_size_t*")
    # First pass measures: IREE reports OUT_OF_RANGE with the length needed.
    status = lib.iree_hal_buffer_view_format(view, limit, 0, ffi.NULL, length)
    if lib.iree_status_code(status) == lib.IREE_STATUS_OUT_OF_RANGE:
        lib.iree_status_ignore(status)
    else:
        check_status(status)
    text = ffi.new("char[]", length[0] + 1)
    check_status(lib.iree_hal_buffer_view_format(view, limit, len(text), text, length))
    return ffi.unpack(text, length[0]).decode("utf-8", "replace")


def format_read_back(view: CData, host: np.ndarray[Any, Any], limit: int) -> str:
    """format_text of a view whose buffer is not mappable, its bytes read back
    into `host` (BufferView._read_into): a host-memory view of the same shape
    over those bytes (iree_hal_heap_buffer_wrap,
    iree_hal_buffer_view_create_like) is formatted instead."""
    nbytes = host.nbytes
    # Each owned from the moment it is made: whatever happens, both are
    # gone before `host` can go away.
    buffer = _cext.BufferHandle()
    host_view = _cext.BufferViewHandle()
    try:
        buffer._create(None, None, lib.iree_hal_heap_buffer_wrap,
                       lib.iree_hal_buffer_placement_undefined(),
                       lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL,
                       lib.IREE_HAL_MEMORY_ACCESS_READ | lib.IREE_HAL_MEMORY_ACCESS_UNALIGNED,
                       lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED, nbytes,
                       lib.iree_make_byte_span(ffi.from_buffer(host), nbytes),
                       lib.iree_hal_buffer_release_callback_null(),
                       lib.iree_allocator_system())
        with use(buffer) as (buffer_ptr,):
            host_view._create(None, None, lib.iree_hal_buffer_view_create_like, buffer_ptr,
                              view, lib.iree_allocator_system())
        buffer.close()  # the view holds it
        with use(host_view) as (host_view_ptr,):
            return format_text(host_view_ptr, limit)
    finally:
        host_view.close()
        buffer.close()


def format_empty(shape: Sequence[int], element_type: int, limit: int) -> str:
    """IREE's text for a view with no elements ("3x0xf32=[][][]"), made here:
    IREE's formatter walks every row of the dimensions before the first zero,
    ignoring the element limit, so 2^40x0 would print terabytes and never
    return (nor heed Ctrl-C). At most `limit` empty rows are written (at most
    FORMAT_MAX_ELEMENTS when there is no limit), then "..."."""
    rows = math.prod(shape[:list(shape).index(0)]) if shape[0] != 0 else 0
    shown = min(rows, limit if limit != lib.IREE_HOST_SIZE_MAX else FORMAT_MAX_ELEMENTS)
    text = "x".join(map(str, shape)) + "x" + element_type_name(element_type) + "="
    return text + "[]" * shown + ("..." if shown < rows else "")
