"""Buffer views read back into host memory, on pointers: copies (mapped or
staged by the device), arrays aliasing a mapping, and IREE's text form.
`BufferView`'s readback methods are built on these; its mapped copy into a
new array (small views, and large ones placed page-matched) is C's
(ireec._cext.BufferViewHandle.to_numpy, csrc/python/readback.c).

How data leaves a device. A buffer can be read through a mapping only if its
memory is HOST_VISIBLE and its allowed usage includes MAPPING_SCOPED. IREE
checks neither for scoped mappings (only persistent ones), so ireec checks
them itself and otherwise reads the buffer back with a device transfer
(`iree_hal_device_transfer_d2h`), which stages through host memory on the
device's queue. `to_numpy()`, `str()` and `to_device()` all take that
decision, so device-local memory reads back right instead of printing
nothing or garbage.

How data leaves without a copy. `to_numpy(copy=None)`, `__array__` and
`__dlpack__` alias the buffer through a persistent mapping when its memory is
HOST_VISIBLE and it allows MAPPING_PERSISTENT and READ; anything else is
copied. The array holds the mapping (and a buffer reference) until the array
itself is gone, so it outlives `close()`. It is writeable only where host
writes need no flush (HOST_COHERENT memory that allows WRITE, e.g. imported
arrays); the CPU heap flags what it allocates for devices as DEVICE_LOCAL |
HOST_VISIBLE without HOST_COHERENT, so program results export read-only.
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
from .element_type import dtype_from_element_type, element_type_name

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


def view_shape(view: CData) -> tuple[int, ...]:
    """The shape of an iree_hal_buffer_view_t."""
    rank = lib.iree_hal_buffer_view_shape_rank(view)
    return tuple(ffi.unpack(lib.iree_hal_buffer_view_shape_dims(view), rank)) if rank else ()


def checked_layout(view: CData) -> tuple[tuple[int, ...], np.dtype[Any]]:
    """(shape, dtype) of a dense row-major view whose byte length its shape
    explains; ValueError (or TypeError, for an element type numpy lacks)
    otherwise."""
    dtype = dtype_from_element_type(lib.iree_hal_buffer_view_element_type(view))
    shape = view_shape(view)
    encoding = lib.iree_hal_buffer_view_encoding_type(view)
    if encoding != lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR:
        raise ValueError(f"buffer view has encoding {encoding:#x}; only dense "
                         f"row-major views become numpy arrays")
    expected = math.prod(shape) * dtype.itemsize
    actual = lib.iree_hal_buffer_view_byte_length(view)
    if actual != expected:
        raise ValueError(f"buffer view holds {actual} bytes; shape {shape} of "
                         f"{dtype} needs {expected}")
    return shape, dtype


def read_into(view: CData, device: CData, target: np.ndarray[Any, Any]) -> None:
    """Copies the view's bytes into the C-contiguous `target`: by mapping
    (iree_hal_buffer_map_read) when the buffer is mappable, else with
    iree_hal_device_transfer_d2h on `device` (an iree_hal_device_t*, or
    NULL when the view has none)."""
    nbytes = target.nbytes
    if nbytes == 0:
        return
    buffer = lib.iree_hal_buffer_view_buffer(view)
    data = ffi.from_buffer(target, require_writable=True)
    if mappable(buffer):
        check_status(lib.iree_hal_buffer_map_read(buffer, 0, data, nbytes))
        return
    if device == ffi.NULL:
        raise ValueError(
            f"this buffer is not host-mappable ({describe_memory(buffer)}) and "
            f"the BufferView has no device to read it back with; pass device=")
    check_status(lib.iree_hal_device_transfer_d2h(
        device, buffer, 0, data, nbytes,
        lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT, lib.iree_infinite_timeout()))


def export_obstacle(buffer: CData) -> str | None:
    """Why the iree_hal_buffer_t cannot be lent out as host memory, or None."""
    memory_type = lib.iree_hal_buffer_memory_type(buffer)
    if not memory_type & _MEMORY_TYPE_HOST_VISIBLE:
        return (f"its memory is {bitfield_text(lib.iree_hal_memory_type_format, memory_type)}, "
                f"not HOST_VISIBLE")
    usage = lib.iree_hal_buffer_allowed_usage(buffer)
    if not usage & lib.IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT:
        return "the buffer does not allow MAPPING_PERSISTENT"
    if not lib.iree_hal_buffer_allowed_access(buffer) & lib.IREE_HAL_MEMORY_ACCESS_READ:
        return "the buffer does not allow READ access"
    return None


def mapped_array(buffer: CData, shape: tuple[int, ...], dtype: np.dtype[Any],
                 flush_writes: bool = False) -> np.ndarray:
    """An array aliasing the iree_hal_buffer_t through a persistent mapping
    (iree_hal_buffer_map_range). The array owns the mapping and a buffer
    reference; unmapping and releasing happen when the last array over it
    is gone.

    Writeable only if the buffer allows WRITE and its memory is
    HOST_COHERENT: host writes to non-coherent memory need a flush no
    numpy array would make. With `flush_writes` (the buffer protocol's
    exports, which end when released) non-coherent memory is writeable
    too, and the host's writes are flushed when the mapping goes.
    Non-coherent memory is invalidated once here, so the array holds what
    the device had written by now.
    """
    nbytes = math.prod(shape) * dtype.itemsize
    if nbytes == 0:
        return np.empty(shape, dtype)  # no memory to alias
    coherent = bool(lib.iree_hal_buffer_memory_type(buffer) & _MEMORY_TYPE_HOST_COHERENT)
    writable = (coherent or flush_writes) and bool(
        lib.iree_hal_buffer_allowed_access(buffer) & lib.IREE_HAL_MEMORY_ACCESS_WRITE)
    access = lib.IREE_HAL_MEMORY_ACCESS_READ
    if writable:
        access |= lib.IREE_HAL_MEMORY_ACCESS_WRITE
    # Persistent mappings do not retain their buffer: the array must (a
    # reference owned from here on, released however this ends).
    held = _cext.BufferHandle()
    held._adopt(int(ffi.cast("uintptr_t", buffer)), True)
    mapping = ffi.new("iree_hal_buffer_mapping_t*")
    check_status(lib.iree_hal_buffer_map_range(
        buffer, lib.IREE_HAL_MAPPING_MODE_PERSISTENT, access, 0, nbytes, mapping))
    if not coherent:
        status = lib.iree_hal_buffer_mapping_invalidate_range(mapping, 0, nbytes)
        if not lib.iree_status_is_ok(status):
            lib.iree_status_ignore(lib.iree_hal_buffer_unmap_range(mapping))
            check_status(status)

    def unmap(_, mapping=mapping, held=held, flush=writable and not coherent,
              nbytes=nbytes, _flush=lib.iree_hal_buffer_mapping_flush_range,
              _unmap=lib.iree_hal_buffer_unmap_range, _ignore=lib.iree_status_ignore):
        if flush:
            _ignore(_flush(mapping, 0, nbytes))
        _ignore(_unmap(mapping))
        held.close()

    data = ffi.gc(ffi.cast("uint8_t*", mapping.contents.data), unmap)
    # ffi.buffer keeps `data` (and so the mapping) alive; numpy keeps the
    # buffer object as the array's base.
    array = np.frombuffer(ffi.buffer(data, nbytes), dtype).reshape(shape)
    if not writable:
        array.flags.writeable = False
    return array


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


def format_read_back(view: CData, device: CData, limit: int) -> str:
    """format_text of a view whose buffer is not mappable: read back first
    (read_into, with `device`), then a host-memory view of the same shape
    over those bytes (iree_hal_heap_buffer_wrap,
    iree_hal_buffer_view_create_like) is formatted instead."""
    nbytes = lib.iree_hal_buffer_view_byte_length(view)
    host = np.empty(nbytes, np.uint8)
    read_into(view, device, host)
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
