"""Buffer views (`iree_hal_buffer_view_t`): shaped, typed device buffers, and
numpy arrays in and out of them.

How data leaves a device. A buffer can be read through a mapping only if its
memory is HOST_VISIBLE and its allowed usage includes MAPPING_SCOPED. IREE
checks neither for scoped mappings (only persistent ones), so ireec checks
them itself and otherwise reads the buffer back with a device transfer
(`iree_hal_device_transfer_d2h`), which stages through host memory on the
device's queue. `to_numpy()`, `str()` and
`to_device()` all take that decision, so device-local memory reads back right
instead of printing nothing or garbage.

How data enters without a copy. `from_numpy(..., zero_copy=True)` imports the
array's own memory (`iree_hal_allocator_import_buffer`, HOST_ALLOCATION) when
it is C-contiguous, writeable, in native byte order, non-empty and aligned to
IREE_HAL_HEAP_BUFFER_ALIGNMENT (64 bytes; `empty_aligned` makes such arrays),
and the device's allocator can import host memory; otherwise it copies and says
why in `zero_copy_fallback`. The array stays referenced until IREE releases
the buffer (a release callback), however many IREE objects still hold it.

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

import atexit
import ctypes
import itertools
import math

import numpy as np

from . import _fast
from ._handles import Handle
from ._library import ffi, lib
from .dtypes import dtype_from_element_type, element_type_from_dtype, element_type_name
from .errors import IreeError, check_status
from .instance import Device

__all__ = ["BufferView", "empty_aligned", "FORMAT_MAX_ELEMENTS"]

# str() prints at most this many elements, then "...": the default of IREE's
# own tools (iree-run-module --output_max_element_count).
FORMAT_MAX_ELEMENTS = 1024

HEAP_BUFFER_ALIGNMENT = lib.IREE_HAL_HEAP_BUFFER_ALIGNMENT

# DLPack's device type for host memory (kDLCPU): every array ireec exports
# lives in host memory, mapped or copied.
_DLPACK_CPU = 1

_MEMORY_TYPE_HOST_VISIBLE = lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
_MEMORY_TYPE_HOST_COHERENT = lib.IREE_HAL_MEMORY_TYPE_HOST_COHERENT

# What from_numpy asks for: the parameters of IREE's own samples.
_DEVICE_PARAMS = {
    "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
    "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
    "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT,
}
# What an imported host array is: host memory the device can see, usable by
# programs (DEFAULT is what compiled programs assert on their inputs) and
# mappable, so it can be read and exported back without copies.
_IMPORT_PARAMS = {
    "type": lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL | lib.IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE,
    "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
    "usage": (lib.IREE_HAL_BUFFER_USAGE_DEFAULT | lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED
              | lib.IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT),
}

_VIEW_PTR = ffi.typeof("iree_hal_buffer_view_t*")
_own_view = _fast.own_view

# Reads of at least this many bytes place their copy at the source's offset
# within a page (see ireec_hal_buffer_view_map_read_dense_page_matched); below
# it the gain does not pay for the extra steps.
_PAGE_MATCHED_READ_MIN_BYTES = 1 << 20
_PAGE_MATCH_SPAN = lib.IREEC_PAGE_MATCH_SPAN

# The same as C structs, made once (each call would otherwise build its own).
_DEVICE_PARAMS_C = ffi.new("iree_hal_buffer_params_t*", _DEVICE_PARAMS)
_IMPORT_PARAMS_C = ffi.new("iree_hal_buffer_params_t*", _IMPORT_PARAMS)

# Element types already converted to numpy dtypes, for to_numpy's fast path:
# dtype_from_element_type is a handful of Python steps, and every call's
# results go through it.
_dtypes_by_element_type: dict[int, np.dtype] = {}
_read_dense = _fast.read_dense

# What ireec_hal_buffer_view_map_read_dense returns for views it leaves to
# the general path: another encoding, a size the shape does not explain, or
# memory that is not host-mappable.
_NOT_MAPPED_READ_CODES = (lib.IREE_STATUS_INVALID_ARGUMENT, lib.IREE_STATUS_OUT_OF_RANGE,
                          lib.IREE_STATUS_UNAVAILABLE)


def _format_bits(format_fn, value: int) -> str:
    temp = ffi.new("iree_bitfield_string_temp_t*")
    view = format_fn(value, temp)
    return ffi.unpack(view.data, view.size).decode() if view.size else "NONE"


def _as_device(device) -> Device | None:
    if device is None or isinstance(device, Device):
        return device
    if isinstance(device, ffi.CData) and ffi.typeof(device) is ffi.typeof("iree_hal_device_t*"):
        return Device.from_handle(device, retain=True)
    raise TypeError(f"device must be an ireec.Device or an iree_hal_device_t*, "
                    f"not {type(device).__name__}")


def _require_device(device) -> Device:
    device = _as_device(device)
    if device is None:
        raise ValueError("a device is required")
    device.handle  # raises ClosedError for a closed device
    return device


def _dims(shape) -> tuple:
    """(rank, iree_hal_dim_t[]) for `shape`; never a zero-length array, which
    cffi cannot make, so rank-0 views still pass a valid pointer."""
    dims = ffi.new("iree_hal_dim_t[]", list(shape) or [0])
    return len(shape), dims


def empty_aligned(shape, dtype=np.float32, alignment: int = HEAP_BUFFER_ALIGNMENT) -> np.ndarray:
    """An uninitialized C-contiguous array whose data starts on an `alignment`
    byte boundary (64 by default: what zero-copy import needs). numpy's own
    allocations are only 16-byte aligned. (An empty array has no data and
    numpy gives it no particular address.)"""
    dtype = np.dtype(dtype)
    shape = (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(shape)
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
def ireec_release_host_allocation(user_data, buffer, _pop=_lent.pop, _cast=ffi.cast):
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


class BufferView(Handle):
    """An `iree_hal_buffer_view_t`: a buffer with a shape and an element type.

    `BufferView(device, array, zero_copy=False)` makes one holding a numpy
    array's values on `device` (the same as `from_numpy`).
    `BufferView.from_handle(ptr, retain=..., device=None)` adopts a raw
    `iree_hal_buffer_view_t*`: `retain=True` for a pointer the caller keeps
    (e.g. borrowed from a VM list), `retain=False` to take over the caller's
    reference. `device` is the device whose queue reads the buffer back when
    it cannot be mapped, and the source of `to_device` copies.

    Attributes:
      device: the `Device` (None if not given; then only mappable buffers
        read back).
      zero_copy: True if the buffer is the memory of the numpy array it was
        made from.
      zero_copy_fallback: why `from_numpy(..., zero_copy=True)` copied
        instead, or None.
    """

    # No _release_fn/_retain_fn: unlike other Handles, a BufferView's
    # reference is owned by _owner, not by an ffi.gc pointer.
    # _owner: the ireec._fast_call.ViewReference owning this object's
    # reference (released when it goes: on close(), or with this object),
    # rather than an ffi.gc pointer, which costs several times more to make
    # and to drop; _ptr is a plain pointer to the same view.
    # _address: the pointer as an int, for ireec._fast_call.
    # Both are valid while _ptr is not None.
    __slots__ = ("device", "zero_copy", "zero_copy_fallback", "_address", "_owner")

    def __init__(self, device, array, *, zero_copy: bool = False):
        """A buffer view holding `array`'s values on `device`: see `from_numpy`."""
        device = _require_device(device)
        ptr, fallback = _upload(device, np.asarray(array), zero_copy)
        _adopt_address(_fast.address(ptr), device, ptr, self)
        self.zero_copy = fallback is None and zero_copy
        self.zero_copy_fallback = fallback

    @classmethod
    def from_handle(cls, ptr, *, retain: bool = False, device=None) -> "BufferView":
        """Adopts a raw `iree_hal_buffer_view_t*` (see the class docstring)."""
        if not isinstance(ptr, ffi.CData) or ffi.typeof(ptr) is not _VIEW_PTR:
            raise TypeError(f"BufferView wraps an iree_hal_buffer_view_t*, not {ptr!r}")
        if ptr == ffi.NULL:
            raise ValueError("BufferView needs a non-NULL pointer")
        device = _as_device(device)
        if retain:
            lib.iree_hal_buffer_view_retain(ptr)
        try:
            return _adopt_address(_fast.address(ptr), device, ptr)
        except BaseException:
            if retain:
                lib.iree_hal_buffer_view_release(ptr)
            raise

    @classmethod
    def _adopt(cls, ptr, device: Device | None) -> "BufferView":
        """Takes over a reference to a non-NULL `iree_hal_buffer_view_t*`
        that ireec itself produced (a call's result): __init__ without the
        argument checks, which every call would otherwise repeat."""
        return _adopt_address(_fast.address(ptr), device, ptr)

    def close(self) -> None:
        """Releases the reference now. Closing twice is harmless."""
        self._ptr = None
        self._owner = None  # its ViewReference releases the reference
        self._keep_alive = ()

    # -- construction -------------------------------------------------------

    @classmethod
    def from_numpy(cls, device, array, *, zero_copy: bool = False) -> "BufferView":
        """A buffer view holding `array`'s values on `device`.

        Copies with iree_hal_buffer_view_allocate_buffer_copy into DEVICE_LOCAL
        memory. Non-contiguous and non-native-byte-order arrays are first made
        contiguous and native, never misread. With `zero_copy=True` the array's
        own memory is imported instead (iree_hal_allocator_import_buffer) when
        possible (see the module docstring); then the device sees later writes
        to the array, and `zero_copy` is True. Otherwise it copies and
        `zero_copy_fallback` says why.
        """
        return cls(device, array, zero_copy=zero_copy)

    @classmethod
    def from_buffer(cls, device, buffer, shape, element_type) -> "BufferView":
        """A dense row-major view of an existing `iree_hal_buffer_t*` (which
        the view retains): iree_hal_buffer_view_create. `element_type` is an
        IREE element type (int) or a numpy dtype."""
        device = _as_device(device)
        if not isinstance(buffer, ffi.CData) or ffi.typeof(buffer) is not ffi.typeof(
                "iree_hal_buffer_t*") or buffer == ffi.NULL:
            raise TypeError(f"buffer must be a non-NULL iree_hal_buffer_t*, not {buffer!r}")
        if not isinstance(element_type, int):
            element_type = element_type_from_dtype(element_type)
        shape = tuple(int(d) for d in shape)
        if any(d < 0 for d in shape):
            raise ValueError(f"shape {shape} has a negative dimension")
        rank, dims = _dims(shape)
        size = ffi.new("iree_device_size_t*")
        check_status(lib.iree_hal_buffer_compute_view_size(
            rank, dims, element_type, lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, size))
        length = lib.iree_hal_buffer_byte_length(buffer)
        if length < size[0]:
            raise ValueError(f"a {'x'.join(map(str, shape)) or 'scalar'} "
                             f"{element_type_name(element_type)} view needs {size[0]} "
                             f"bytes; the buffer has {length}")
        host = device.host_allocator if device is not None else lib.iree_allocator_system()
        out = ffi.new("iree_hal_buffer_view_t**")
        check_status(lib.iree_hal_buffer_view_create(
            buffer, rank, dims, element_type, lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR,
            host, out))
        return cls.from_handle(out[0], device=device)

    # -- what it is ---------------------------------------------------------

    @property
    def shape(self) -> tuple[int, ...]:
        """iree_hal_buffer_view_shape_rank / _shape_dim."""
        view = self.handle
        return tuple(lib.iree_hal_buffer_view_shape_dim(view, i)
                     for i in range(lib.iree_hal_buffer_view_shape_rank(view)))

    @property
    def ndim(self) -> int:
        return lib.iree_hal_buffer_view_shape_rank(self.handle)

    @property
    def size(self) -> int:
        """iree_hal_buffer_view_element_count."""
        return lib.iree_hal_buffer_view_element_count(self.handle)

    @property
    def nbytes(self) -> int:
        """iree_hal_buffer_view_byte_length."""
        return lib.iree_hal_buffer_view_byte_length(self.handle)

    @property
    def element_type(self) -> int:
        """iree_hal_buffer_view_element_type (an IREE_HAL_ELEMENT_TYPE_* value)."""
        return lib.iree_hal_buffer_view_element_type(self.handle)

    @property
    def dtype(self) -> np.dtype:
        """The numpy dtype of the element type (TypeError if numpy has none)."""
        return dtype_from_element_type(self.element_type)

    @property
    def encoding_type(self) -> int:
        """iree_hal_buffer_view_encoding_type."""
        return lib.iree_hal_buffer_view_encoding_type(self.handle)

    @property
    def buffer(self):
        """iree_hal_buffer_view_buffer (borrowed: valid while this view is open)."""
        return lib.iree_hal_buffer_view_buffer(self.handle)

    @property
    def memory_type(self) -> int:
        """iree_hal_buffer_memory_type of the buffer (IREE_HAL_MEMORY_TYPE_* bits)."""
        return lib.iree_hal_buffer_memory_type(self.buffer)

    @property
    def allowed_usage(self) -> int:
        """iree_hal_buffer_allowed_usage of the buffer (IREE_HAL_BUFFER_USAGE_* bits)."""
        return lib.iree_hal_buffer_allowed_usage(self.buffer)

    @property
    def allowed_access(self) -> int:
        """iree_hal_buffer_allowed_access of the buffer (IREE_HAL_MEMORY_ACCESS_* bits)."""
        return lib.iree_hal_buffer_allowed_access(self.buffer)

    @property
    def mappable(self) -> bool:
        """Whether the host may read the buffer through a mapping: its memory is
        HOST_VISIBLE and it allows MAPPING_SCOPED. Otherwise reads go through a
        device transfer."""
        buffer = self.buffer
        return bool(lib.iree_hal_buffer_memory_type(buffer) & _MEMORY_TYPE_HOST_VISIBLE
                    and lib.iree_hal_buffer_allowed_usage(buffer)
                    & lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED)

    def describe_memory(self) -> str:
        """IREE's names for the buffer's memory type, usage and access, e.g.
        "DEVICE_LOCAL; usage TRANSFER|DISPATCH_STORAGE; access ALL"."""
        buffer = self.buffer
        memory_type = _format_bits(lib.iree_hal_memory_type_format,
                                   lib.iree_hal_buffer_memory_type(buffer))
        usage = _format_bits(lib.iree_hal_buffer_usage_format,
                             lib.iree_hal_buffer_allowed_usage(buffer))
        access = _format_bits(lib.iree_hal_memory_access_format,
                              lib.iree_hal_buffer_allowed_access(buffer))
        return f"{memory_type}; usage {usage}; access {access}"

    # -- reading it back ----------------------------------------------------

    def _checked_layout(self) -> tuple[tuple[int, ...], np.dtype]:
        view = self.handle
        dtype = self.dtype
        shape = self.shape
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

    def _read_into(self, target: np.ndarray) -> None:
        """Copies the view's bytes into the C-contiguous `target`: by mapping
        (iree_hal_buffer_map_read) when the buffer is mappable, else with
        iree_hal_device_transfer_d2h on the view's device."""
        nbytes = target.nbytes
        if nbytes == 0:
            return
        buffer = self.buffer
        data = ffi.from_buffer(target, require_writable=True)
        if self.mappable:
            check_status(lib.iree_hal_buffer_map_read(buffer, 0, data, nbytes))
            return
        if self.device is None:
            raise ValueError(
                f"this buffer is not host-mappable ({self.describe_memory()}) and "
                f"the BufferView has no device to read it back with; pass device=")
        check_status(lib.iree_hal_device_transfer_d2h(
            self.device.handle, buffer, 0, data, nbytes,
            lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT, lib.iree_infinite_timeout()))

    def _export_obstacle(self) -> str | None:
        """Why the buffer cannot be lent out as host memory, or None."""
        buffer = self.buffer
        memory_type = lib.iree_hal_buffer_memory_type(buffer)
        if not memory_type & _MEMORY_TYPE_HOST_VISIBLE:
            return (f"its memory is {_format_bits(lib.iree_hal_memory_type_format, memory_type)}, "
                    f"not HOST_VISIBLE")
        usage = lib.iree_hal_buffer_allowed_usage(buffer)
        if not usage & lib.IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT:
            return "the buffer does not allow MAPPING_PERSISTENT"
        if not lib.iree_hal_buffer_allowed_access(buffer) & lib.IREE_HAL_MEMORY_ACCESS_READ:
            return "the buffer does not allow READ access"
        return None

    def _mapped_array(self, shape, dtype) -> np.ndarray:
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
        buffer = self.buffer
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

    def to_numpy(self, copy: bool | None = True) -> np.ndarray:
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
            if self._ptr is not None:
                result = _read_dense(self._address, _PAGE_MATCHED_READ_MIN_BYTES)
                if type(result) is int:
                    check_status(ffi.cast("iree_status_t", result))
                if result is not None:
                    return result
            result = self._read_mapped_copy()
            if result is not None:
                return result
        shape, dtype = self._checked_layout()
        if copy is not True:
            obstacle = self._export_obstacle()
            if obstacle is None:
                return self._mapped_array(shape, dtype)
            if copy is False:
                raise ValueError(f"buffer view cannot be exported without a copy: {obstacle}")
        result = np.empty(shape, dtype)
        self._read_into(result)
        return result

    def _read_mapped_copy(self) -> np.ndarray | None:
        """to_numpy()'s common case in as few C calls as possible: a dense,
        host-mappable view read into a new array by
        ireec_hal_buffer_view_map_read_dense. None when that does not apply;
        the general path then reads it another way or says why it cannot."""
        view = self.handle
        element_type = lib.iree_hal_buffer_view_element_type(view)
        dtype = _dtypes_by_element_type.get(element_type)
        if dtype is None:
            try:
                dtype = dtype_from_element_type(element_type)
            except TypeError:
                return None  # the general path says why
            _dtypes_by_element_type[element_type] = dtype
        rank = lib.iree_hal_buffer_view_shape_rank(view)
        shape = tuple(ffi.unpack(lib.iree_hal_buffer_view_shape_dims(view), rank)) if rank else ()
        nbytes = math.prod(shape) * dtype.itemsize
        if nbytes >= _PAGE_MATCHED_READ_MIN_BYTES:
            return self._read_page_matched_copy(view, shape, dtype, nbytes)
        result = np.empty(shape, dtype)
        if not nbytes:
            return None
        status = lib.ireec_hal_buffer_view_map_read_dense(
            view, ffi.from_buffer(result, require_writable=True), nbytes)
        if not status:  # a NULL iree_status_t is OK
            return result
        # Code-only statuses for "not this way"; a failed map itself is
        # raised as the general path would.
        if lib.iree_status_code(status) in _NOT_MAPPED_READ_CODES:
            lib.iree_status_ignore(status)
            return None
        check_status(status)

    @staticmethod
    def _read_page_matched_copy(view, shape, dtype, nbytes: int) -> np.ndarray | None:
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

    def __array__(self, dtype=None, copy=None):
        """numpy's array protocol: aliases where safe (see to_numpy(copy=None))."""
        array = self.to_numpy(copy=copy)
        if dtype is not None and np.dtype(dtype) != array.dtype:
            if copy is False:
                raise ValueError(f"converting {array.dtype} to {np.dtype(dtype)} needs a copy")
            array = array.astype(dtype)
        return array

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """DLPack export of host memory: the mapped buffer where safe, else a
        host copy (copy=False then raises BufferError). numpy's own exporter
        builds the capsule; the exported tensor keeps the mapping alive."""
        self.handle
        if stream is not None:
            raise BufferError("host memory exports take no stream (stream must be None)")
        if dl_device is not None and tuple(dl_device) != (_DLPACK_CPU, 0):
            raise BufferError(f"ireec exports host memory (device {(_DLPACK_CPU, 0)}), "
                              f"not device {tuple(dl_device)}")
        try:
            array = self.to_numpy(copy=copy)
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

    def __dlpack_device__(self) -> tuple[int, int]:
        """(kDLCPU, 0): what __dlpack__ exports is always host memory."""
        self.handle
        return (_DLPACK_CPU, 0)

    # -- text ---------------------------------------------------------------

    def format(self, max_element_count: int | None = None) -> str:
        """IREE's text for the view, e.g. "2x2xf32=[1 2][3 4]":
        iree_hal_buffer_view_format, all elements unless `max_element_count`.

        IREE's formatter maps the buffer; a buffer that is not mappable is read
        back first (iree_hal_device_transfer_d2h) and a host-memory view of the
        same shape over those bytes (iree_hal_heap_buffer_wrap,
        iree_hal_buffer_view_create_like) is formatted instead.
        """
        view = self.handle
        limit = lib.IREE_HOST_SIZE_MAX if max_element_count is None else int(max_element_count)
        if limit < 0:
            raise ValueError("max_element_count must be >= 0")
        if self.mappable:
            return _format_view(view, limit)
        nbytes = lib.iree_hal_buffer_view_byte_length(view)
        host = np.empty(nbytes, np.uint8)
        self._read_into(host)
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
                out_buffer[0], view, lib.iree_allocator_system(), host_view))
        finally:
            lib.iree_hal_buffer_release(out_buffer[0])
        try:
            return _format_view(host_view[0], limit)
        finally:
            # Destroys the wrapper buffer too, before `host` can go away.
            lib.iree_hal_buffer_view_release(host_view[0])

    def __str__(self) -> str:
        """IREE's text, at most FORMAT_MAX_ELEMENTS elements (then "...")."""
        return self.format(FORMAT_MAX_ELEMENTS)

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.BufferView closed>"
        text = "x".join([*map(str, self.shape), element_type_name(self.element_type)])
        where = ""
        if self.device is not None and not self.device.closed:
            where = f" on {self.device.id}"
        return f"<ireec.BufferView {text}{where}>"

    # -- copies between devices ---------------------------------------------

    def direct_copy_obstacle(self, device) -> str | None:
        """Why `to_device(device)` must stage through host memory, or None if
        `device` can copy the buffer itself (see to_device)."""
        target = _require_device(device)
        buffer = self.buffer
        if (self.device is not None and not self.device.closed
                and self.device.handle == target.handle):
            return None
        if not self.mappable:
            return (f"the buffer is not host-mappable ({self.describe_memory()}): only "
                    f"its own device can read it")
        if not _executes_on_host_memory(target):
            return f"{target.id} does not work on host memory"
        params = ffi.new("iree_hal_buffer_params_t*", {
            "type": lib.iree_hal_buffer_memory_type(buffer),
            "usage": lib.iree_hal_buffer_allowed_usage(buffer) & lib.IREE_HAL_BUFFER_USAGE_TRANSFER,
        })
        compatibility = lib.iree_hal_allocator_query_buffer_compatibility(
            target.allocator, params[0], lib.iree_hal_buffer_byte_length(buffer),
            ffi.NULL, ffi.NULL)
        if not compatibility & lib.IREE_HAL_BUFFER_COMPATIBILITY_QUEUE_TRANSFER:
            return (f"{target.id}'s allocator cannot transfer from this buffer "
                    f"({self.describe_memory()})")
        return None

    def to_device(self, device, *, via_host: bool | None = None) -> "BufferView":
        """A new, independent copy of the view on `device` (never an alias:
        writing one never changes the other, even on the same device).

        Direct copy (iree_hal_device_transfer_d2d on the target device into a
        buffer from its allocator) when the target is this view's own device,
        or when the target works on host memory (all its allocator's heaps are
        HOST_VISIBLE, as CPU devices' are) and this buffer is host-mappable
        memory its allocator can transfer from
        (iree_hal_allocator_query_buffer_compatibility). Otherwise, e.g. CPU
        and GPU, where IREE has no copy between the devices' buffers, it
        stages through host memory: to_numpy() on this device, then
        from_numpy() on the target. `via_host=True` forces staging;
        `via_host=False` requires a direct copy (ValueError if impossible).
        """
        target = _require_device(device)
        obstacle = self.direct_copy_obstacle(target)
        if via_host is None:
            via_host = obstacle is not None
        elif not via_host and obstacle is not None:
            raise ValueError(f"cannot copy directly to {target.id}: {obstacle}")
        if via_host:
            return BufferView.from_numpy(target, self.to_numpy())
        return self._copy_on_device(target)

    def _copy_on_device(self, target: Device) -> "BufferView":
        view = self.handle
        nbytes = lib.iree_hal_buffer_view_byte_length(view)
        params = ffi.new("iree_hal_buffer_params_t*", _DEVICE_PARAMS)
        out_buffer = ffi.new("iree_hal_buffer_t**")
        check_status(lib.iree_hal_allocator_allocate_buffer(
            target.allocator, params[0], nbytes, out_buffer))
        out = ffi.new("iree_hal_buffer_view_t**")
        try:
            if nbytes:
                check_status(lib.iree_hal_device_transfer_d2d(
                    target.handle, lib.iree_hal_buffer_view_buffer(view), 0,
                    out_buffer[0], 0, nbytes, lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
                    lib.iree_infinite_timeout()))
            check_status(lib.iree_hal_buffer_view_create_like(
                out_buffer[0], view, target.host_allocator, out))
        finally:
            lib.iree_hal_buffer_release(out_buffer[0])
        return BufferView.from_handle(out[0], device=target)


def _upload(device: Device, array: np.ndarray, zero_copy: bool):
    """(a new iree_hal_buffer_view_t* holding `array` on `device`, why a
    zero-copy import was not possible or None): the array's memory imported
    when `zero_copy` and possible, else a copy."""
    element_type = element_type_from_dtype(array.dtype)
    fallback = None
    if zero_copy:
        fallback = _zero_copy_obstacle(array)
        if fallback is None:
            try:
                ptr = _import_host_array(device, array, element_type)
            except IreeError as e:
                fallback = f"the device's allocator refused the import ({e.code_name})"
            else:
                if ptr is not None:
                    return ptr, None
                fallback = f"{device.id}'s allocator cannot import host memory"
    if array.dtype.byteorder not in ("=", "|"):
        array = array.astype(array.dtype.newbyteorder("="))
    if not array.flags.c_contiguous:
        array = array.copy(order="C")
    rank, dims = _dims(array.shape)
    out = ffi.new("iree_hal_buffer_view_t**")
    data = ffi.from_buffer(array)  # `array` stays referenced during the copy
    check_status(lib.iree_hal_buffer_view_allocate_buffer_copy(
        device.handle, device.allocator, rank, dims, element_type,
        lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, _DEVICE_PARAMS_C[0],
        lib.iree_make_const_byte_span(data, array.nbytes), out))
    return out[0], fallback


def _import_host_array(device: Device, array: np.ndarray, element_type: int):
    """The array's memory as a new iree_hal_buffer_view_t*
    (ireec_hal_buffer_view_import_host_allocation), or None, having lent
    nothing, if the device's allocator cannot import it."""
    token = next(_tokens)
    data = ffi.from_buffer(array, require_writable=True)
    # Registered before the import: IREE may call back at once.
    entry = _lent[token] = [array, 0]
    callback = _release_callback()
    callback.user_data = ffi.cast("void*", token)
    rank, dims = _dims(array.shape)
    out = ffi.new("iree_hal_buffer_view_t**")
    status = lib.ireec_hal_buffer_view_import_host_allocation(
        device.allocator, _IMPORT_PARAMS_C[0], rank, dims, element_type, data,
        array.nbytes, callback[0], device.host_allocator, out)
    if status and lib.iree_status_code(status) == lib.IREE_STATUS_UNAVAILABLE:
        lib.iree_status_ignore(status)
        _lent.pop(token, None)  # nothing was imported: nothing will call back
        return None
    if status:
        # A failed import or view leaves the memory with us (IREE either
        # never took it or has called back already).
        _lent.pop(token, None)
        check_status(status)
    entry[1] = int(ffi.cast("uintptr_t", lib.iree_hal_buffer_view_buffer(out[0])))
    return out[0]


def _format_view(view, limit: int) -> str:
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


def _executes_on_host_memory(device: Device) -> bool:
    """Whether every memory heap of the device's allocator is HOST_VISIBLE
    (iree_hal_allocator_query_memory_heaps): its own buffers are host memory,
    so its copies read host-mappable buffers from anywhere."""
    count = ffi.new("iree_host_size_t*")
    status = lib.iree_hal_allocator_query_memory_heaps(device.allocator, 0, ffi.NULL, count)
    if lib.iree_status_code(status) == lib.IREE_STATUS_OUT_OF_RANGE:
        lib.iree_status_ignore(status)
    else:
        check_status(status)
    if count[0] == 0:
        return False
    heaps = ffi.new("iree_hal_allocator_memory_heap_t[]", count[0])
    check_status(lib.iree_hal_allocator_query_memory_heaps(
        device.allocator, count[0], heaps, count))
    return all(heaps[i].type & _MEMORY_TYPE_HOST_VISIBLE for i in range(count[0]))


def _zero_copy_obstacle(array: np.ndarray) -> str | None:
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


def _release_callback():
    """A new iree_hal_buffer_release_callback_t* calling back into
    ireec_release_host_allocation."""
    callback = ffi.new("iree_hal_buffer_release_callback_t*")
    callback.fn = lib.ireec_release_host_allocation
    return callback



def _adopt_address(address: int, device: Device | None, ptr=None,
                   view: BufferView | None = None) -> BufferView:
    """`view` (a new BufferView if None) made the owner of one reference to
    the view at `address` (`ptr`, if the caller has it as a pointer): what
    __init__ does after its checks, and all a call does with each result it
    hands over."""
    if view is None:
        view = _new_view(BufferView)
    view._owner = _own_view(address)
    view._ptr = _cast(_VIEW_PTR, address) if ptr is None else ptr
    view._address = address
    view._keep_alive = ()  # `device` below keeps the device alive
    view.device = device
    view.zero_copy = False
    view.zero_copy_fallback = None
    return view


_new_view = object.__new__
_cast = ffi.cast

# The extension reads BufferView arguments (their _ptr and _address).
_fast.configure(BufferView, _dtypes_by_element_type)
