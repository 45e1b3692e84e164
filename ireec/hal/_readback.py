"""Buffer views read back into host memory: copies (mapped, page-matched or
staged by the device), aliasing arrays and DLPack exports, and IREE's text
form. BufferView's methods of those names are these functions.

How data leaves a device. A buffer can be read through a mapping only if its
memory is HOST_VISIBLE and its allowed usage includes MAPPING_SCOPED. IREE
checks neither for scoped mappings (only persistent ones), so ireec checks
them itself and otherwise reads the buffer back with a device transfer
(`iree_hal_device_transfer_d2h`), which stages through host memory on the
device's queue. `to_numpy()`, `str()` and
`to_device()` all take that decision, so device-local memory reads back right
instead of printing nothing or garbage.

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

from typing import TYPE_CHECKING, Sequence

import math

import numpy as np

from . import _cext_bridge
from ._in_use import in_use
from ._library import ffi, lib
from .dtypes import dtype_from_element_type, element_type_name
from .errors import check_status

if TYPE_CHECKING:
    from .types import CData
    from typing import Any, Callable
    from numpy.typing import DTypeLike
    from .buffer_view import BufferView

__all__ = ["FORMAT_MAX_ELEMENTS"]

# str() prints at most this many elements, then "...": the default of IREE's
# own tools (iree-run-module --output_max_element_count).
FORMAT_MAX_ELEMENTS = 1024

# DLPack's device type for host memory (kDLCPU): every array ireec exports
# lives in host memory, mapped or copied.
_DLPACK_CPU = 1

_MEMORY_TYPE_HOST_VISIBLE = lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
_MEMORY_TYPE_HOST_COHERENT = lib.IREE_HAL_MEMORY_TYPE_HOST_COHERENT

# Reads of at least this many bytes place their copy at the source's offset
# within a page (see ireec_hal_buffer_view_map_read_dense_page_matched); below
# it the gain does not pay for the extra steps.
_PAGE_MATCHED_READ_MIN_BYTES = 1 << 20
_PAGE_MATCH_SPAN = lib.IREEC_PAGE_MATCH_SPAN

# Element types already converted to numpy dtypes, for to_numpy's fast path:
# dtype_from_element_type is a handful of Python steps, and every call's
# results go through it. (ireec._cext reads it too: see buffer_view.py.)
dtypes_by_element_type: dict[int, np.dtype] = {}
_read_dense = _cext_bridge.read_dense

# What ireec_hal_buffer_view_map_read_dense returns for views it leaves to
# the general path: another encoding, a size the shape does not explain, or
# memory that is not host-mappable.
_NOT_MAPPED_READ_CODES = (lib.IREE_STATUS_INVALID_ARGUMENT, lib.IREE_STATUS_OUT_OF_RANGE,
                          lib.IREE_STATUS_UNAVAILABLE)


def format_bits(format_fn: Callable[..., CData], value: int) -> str:
    temp = ffi.new("iree_bitfield_string_temp_t*")
    view = format_fn(value, temp)
    return ffi.unpack(view.data, view.size).decode() if view.size else "NONE"


def checked_layout(view: BufferView) -> tuple[tuple[int, ...], np.dtype]:
    ptr = view.handle
    dtype = view.dtype
    shape = view.shape
    encoding = lib.iree_hal_buffer_view_encoding_type(ptr)
    if encoding != lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR:
        raise ValueError(f"buffer view has encoding {encoding:#x}; only dense "
                         f"row-major views become numpy arrays")
    expected = math.prod(shape) * dtype.itemsize
    actual = lib.iree_hal_buffer_view_byte_length(ptr)
    if actual != expected:
        raise ValueError(f"buffer view holds {actual} bytes; shape {shape} of "
                         f"{dtype} needs {expected}")
    return shape, dtype


def read_into(view: BufferView, target: np.ndarray) -> None:
    """Copies the view's bytes into the C-contiguous `target`: by mapping
    (iree_hal_buffer_map_read) when the buffer is mappable, else with
    iree_hal_device_transfer_d2h on the view's device."""
    nbytes = target.nbytes
    if nbytes == 0:
        return
    buffer = view.buffer
    data = ffi.from_buffer(target, require_writable=True)
    if view.mappable:
        check_status(lib.iree_hal_buffer_map_read(buffer, 0, data, nbytes))
        return
    if view.device is None:
        raise ValueError(
            f"this buffer is not host-mappable ({view.describe_memory()}) and "
            f"the BufferView has no device to read it back with; pass device=")
    check_status(lib.iree_hal_device_transfer_d2h(
        view.device.handle, buffer, 0, data, nbytes,
        lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT, lib.iree_infinite_timeout()))


def export_obstacle(view: BufferView) -> str | None:
    """Why the buffer cannot be lent out as host memory, or None."""
    buffer = view.buffer
    memory_type = lib.iree_hal_buffer_memory_type(buffer)
    if not memory_type & _MEMORY_TYPE_HOST_VISIBLE:
        return (f"its memory is {format_bits(lib.iree_hal_memory_type_format, memory_type)}, "
                f"not HOST_VISIBLE")
    usage = lib.iree_hal_buffer_allowed_usage(buffer)
    if not usage & lib.IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT:
        return "the buffer does not allow MAPPING_PERSISTENT"
    if not lib.iree_hal_buffer_allowed_access(buffer) & lib.IREE_HAL_MEMORY_ACCESS_READ:
        return "the buffer does not allow READ access"
    return None


def mapped_array(view: BufferView, shape: tuple[int, ...], dtype: np.dtype[Any]) -> np.ndarray:
    """An array aliasing the buffer through a persistent mapping
    (iree_hal_buffer_map_range). The array owns the mapping and a buffer
    reference; unmapping and releasing happen when the last array over it
    is gone.

    Writeable only if the buffer allows WRITE and its memory is
    HOST_COHERENT: host writes to non-coherent memory need a flush no
    numpy array would make. Non-coherent memory is invalidated once here,
    so the array holds what the device had written by now.
    """
    nbytes = math.prod(shape) * dtype.itemsize
    if nbytes == 0:
        return np.empty(shape, dtype)  # no memory to alias
    buffer = view.buffer
    coherent = bool(lib.iree_hal_buffer_memory_type(buffer) & _MEMORY_TYPE_HOST_COHERENT)
    writable = coherent and bool(
        lib.iree_hal_buffer_allowed_access(buffer) & lib.IREE_HAL_MEMORY_ACCESS_WRITE)
    access = lib.IREE_HAL_MEMORY_ACCESS_READ
    if writable:
        access |= lib.IREE_HAL_MEMORY_ACCESS_WRITE
    mapping = ffi.new("iree_hal_buffer_mapping_t*")
    check_status(lib.iree_hal_buffer_map_range(
        buffer, lib.IREE_HAL_MAPPING_MODE_PERSISTENT, access, 0, nbytes, mapping))
    if not coherent:
        status = lib.iree_hal_buffer_mapping_invalidate_range(mapping, 0, nbytes)
        if not lib.iree_status_is_ok(status):
            lib.iree_status_ignore(lib.iree_hal_buffer_unmap_range(mapping))
            check_status(status)
    # Persistent mappings do not retain their buffer: the array must.
    lib.iree_hal_buffer_retain(buffer)

    def unmap(_, mapping=mapping, buffer=buffer, _unmap=lib.iree_hal_buffer_unmap_range,
              _ignore=lib.iree_status_ignore, _release=lib.iree_hal_buffer_release):
        _ignore(_unmap(mapping))
        _release(buffer)

    data = ffi.gc(ffi.cast("uint8_t*", mapping.contents.data), unmap)
    # ffi.buffer keeps `data` (and so the mapping) alive; numpy keeps the
    # buffer object as the array's base.
    array = np.frombuffer(ffi.buffer(data, nbytes), dtype).reshape(shape)
    if not writable:
        array.flags.writeable = False
    return array


def to_numpy(view: BufferView, copy: bool | None = True) -> np.ndarray:
    """The values as a numpy array.

    copy=True (default): a new array, read by mapping (iree_hal_buffer_map_read)
    when the buffer is mappable, else by iree_hal_device_transfer_d2h.
    copy=None: an array aliasing the buffer (a persistent
    iree_hal_buffer_map_range) where that is safe, else a copy.
    copy=False: aliasing or ValueError, as numpy's copy=False.
    """
    if copy is True:
        # Small dense mappable views in one C step, then the same in a
        # few cffi steps (which also learn new dtypes), then the rest.
        address = view._address  # None once closed
        if address is not None:
            result = _read_dense(address, _PAGE_MATCHED_READ_MIN_BYTES)
            if type(result) is int:
                check_status(ffi.cast("iree_status_t", result))
            if result is not None:
                return result
    return _to_numpy(view, copy)


@in_use
def _to_numpy(view, copy: bool | None) -> np.ndarray:
    # to_numpy past its one-step read, holding a use of the view: these
    # reads release the GIL while IREE maps or copies the buffer.
    if copy is True:
        result = read_mapped_copy(view)
        if result is not None:
            return result
    shape, dtype = checked_layout(view)
    if copy is not True:
        obstacle = export_obstacle(view)
        if obstacle is None:
            return mapped_array(view, shape, dtype)
        if copy is False:
            raise ValueError(f"buffer view cannot be exported without a copy: {obstacle}")
    result = np.empty(shape, dtype)
    read_into(view, result)
    return result


def read_mapped_copy(view: BufferView) -> np.ndarray | None:
    """to_numpy()'s common case in as few C calls as possible: a dense,
    host-mappable view read into a new array by
    ireec_hal_buffer_view_map_read_dense. None when that does not apply;
    the general path then reads it another way or says why it cannot."""
    ptr = view.handle
    element_type = lib.iree_hal_buffer_view_element_type(ptr)
    dtype = dtypes_by_element_type.get(element_type)
    if dtype is None:
        try:
            dtype = dtype_from_element_type(element_type)
        except TypeError:
            return None  # the general path says why
        dtypes_by_element_type[element_type] = dtype
    rank = lib.iree_hal_buffer_view_shape_rank(ptr)
    shape = tuple(ffi.unpack(lib.iree_hal_buffer_view_shape_dims(ptr), rank)) if rank else ()
    nbytes = math.prod(shape) * dtype.itemsize
    if nbytes >= _PAGE_MATCHED_READ_MIN_BYTES:
        return read_page_matched_copy(ptr, shape, dtype, nbytes)
    result = np.empty(shape, dtype)
    if not nbytes:
        return None
    status = lib.ireec_hal_buffer_view_map_read_dense(
        ptr, ffi.from_buffer(result, require_writable=True), nbytes)
    if not status:  # a NULL iree_status_t is OK
        return result
    # Code-only statuses for "not this way"; a failed map itself is
    # raised as the general path would.
    if lib.iree_status_code(status) in _NOT_MAPPED_READ_CODES:
        lib.iree_status_ignore(status)
        return None
    check_status(status)


def read_page_matched_copy(view: BufferView, shape: tuple[int, ...],
                           dtype: np.dtype[Any], nbytes: int) -> np.ndarray | None:
    """_read_mapped_copy for large views: the copy lands in a new array
    placed at the source's offset within a page
    (ireec_hal_buffer_view_map_read_dense_page_matched), which the C
    library copies to much faster."""
    storage = np.empty(nbytes + _PAGE_MATCH_SPAN - 1, np.uint8)
    offset = ffi.new("iree_host_size_t*")
    status = lib.ireec_hal_buffer_view_map_read_dense_page_matched(
        view, ffi.from_buffer(storage, require_writable=True), storage.nbytes, offset)
    if not status:  # a NULL iree_status_t is OK
        return storage[offset[0]:offset[0] + nbytes].view(dtype).reshape(shape)
    # Code-only statuses for "not this way"; a failed map itself is
    # raised as the general path would.
    if lib.iree_status_code(status) in _NOT_MAPPED_READ_CODES:
        lib.iree_status_ignore(status)
        return None
    check_status(status)


def __array__(view: BufferView, dtype: DTypeLike | None = None,
              copy: bool | None = None) -> np.ndarray[Any, Any]:
    """numpy's array protocol: aliases where safe (see to_numpy(copy=None))."""
    array = view.to_numpy(copy=copy)
    if dtype is not None and np.dtype(dtype) != array.dtype:
        if copy is False:
            raise ValueError(f"converting {array.dtype} to {np.dtype(dtype)} needs a copy")
        array = array.astype(dtype)
    return array


def __dlpack__(view: BufferView, *, stream: object = None,
               max_version: tuple[int, int] | None = None,
               dl_device: tuple[int, int] | None = None,
               copy: bool | None = None) -> object:
    """DLPack export of host memory: the mapped buffer where safe, else a
    host copy (copy=False then raises BufferError). numpy's own exporter
    builds the capsule; the exported tensor keeps the mapping alive."""
    view.handle
    if stream is not None:
        raise BufferError("host memory exports take no stream (stream must be None)")
    if dl_device is not None and tuple(dl_device) != (_DLPACK_CPU, 0):
        raise BufferError(f"ireec exports host memory (device {(_DLPACK_CPU, 0)}), "
                          f"not device {tuple(dl_device)}")
    try:
        array = view.to_numpy(copy=copy)
    except ValueError as e:
        if copy is False:
            raise BufferError(str(e)) from e
        raise
    if max_version is None or tuple(max_version) < (1, 0):
        # Pre-1.0 DLPack cannot say "read-only" and consumers may write.
        if not array.flags.writeable:
            if copy is False:
                raise BufferError("a read-only mapping cannot be exported to a "
                                  "pre-1.0 DLPack consumer without a copy")
            array = array.copy()
        return array.__dlpack__()
    return array.__dlpack__(max_version=max_version)


def __dlpack_device__(view: BufferView) -> tuple[int, int]:
    """(kDLCPU, 0): what __dlpack__ exports is always host memory."""
    view.handle
    return (_DLPACK_CPU, 0)


@in_use
def format(view: BufferView, max_element_count: int | None = None) -> str:
    """IREE's text for the view, e.g. "2x2xf32=[1 2][3 4]":
    iree_hal_buffer_view_format, all elements unless `max_element_count`.

    IREE's formatter maps the buffer; a buffer that is not mappable is read
    back first (iree_hal_device_transfer_d2h) and a host-memory view of the
    same shape over those bytes (iree_hal_heap_buffer_wrap,
    iree_hal_buffer_view_create_like) is formatted instead.
    """
    ptr = view.handle
    limit = lib.IREE_HOST_SIZE_MAX if max_element_count is None else int(max_element_count)
    if limit < 0:
        raise ValueError("max_element_count must be >= 0")
    shape = view.shape
    if 0 in shape:
        return format_empty(shape, view.element_type, limit)
    if view.mappable:
        return format_text(ptr, limit)
    nbytes = lib.iree_hal_buffer_view_byte_length(ptr)
    host = np.empty(nbytes, np.uint8)
    read_into(view, host)
    out_buffer = ffi.new("iree_hal_buffer_t**")
    check_status(lib.iree_hal_heap_buffer_wrap(
        lib.iree_hal_buffer_placement_undefined(), lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL,
        lib.IREE_HAL_MEMORY_ACCESS_READ | lib.IREE_HAL_MEMORY_ACCESS_UNALIGNED,
        lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED, nbytes,
        lib.iree_make_byte_span(ffi.from_buffer(host), nbytes),
        lib.iree_hal_buffer_release_callback_null(), lib.iree_allocator_system(),
        out_buffer))
    host_view = ffi.new("iree_hal_buffer_view_t**")
    try:
        check_status(lib.iree_hal_buffer_view_create_like(
            out_buffer[0], ptr, lib.iree_allocator_system(), host_view))
    finally:
        lib.iree_hal_buffer_release(out_buffer[0])
    try:
        return format_text(host_view[0], limit)
    finally:
        # Destroys the wrapper buffer too, before `host` can go away.
        lib.iree_hal_buffer_view_release(host_view[0])


def format_text(view: BufferView, limit: int) -> str:
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


def format_empty(shape: "Sequence[int]", element_type: int, limit: int) -> str:
    """IREE's text for a view with no elements ("3x0xf32=[][][]"), made here:
    IREE's formatter walks every row of the dimensions before the first zero,
    ignoring the element limit, so 2^40x0 would print terabytes and never
    return (nor heed Ctrl-C). At most `limit` empty rows are written (at most
    FORMAT_MAX_ELEMENTS when there is no limit), then "..."."""
    rows = math.prod(shape[:shape.index(0)]) if shape[0] != 0 else 0
    shown = min(rows, limit if limit != lib.IREE_HOST_SIZE_MAX else FORMAT_MAX_ELEMENTS)
    text = "x".join(map(str, shape)) + "x" + element_type_name(element_type) + "="
    return text + "[]" * shown + ("..." if shown < rows else "")
