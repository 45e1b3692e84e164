"""Buffer views (`iree_hal_buffer_view_t`): shaped, typed device buffers,
made from numpy arrays or adopted from raw pointers, and what they are.

The rest of what a BufferView does lives in files of its own, whose functions
are its methods: reading back into host memory, aliasing and text
(`readback.py`), host arrays lent to IREE without a copy (`zero_copy.py`), and
copies to other devices (`transfer.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _cext_bridge, readback, transfer
from ._handles import Handle
from ._validate import checked_dims
from ._library import ffi, lib
from .dtypes import dtype_from_element_type, element_type_from_dtype, element_type_name
from ._fork import inherited_message
from .errors import ClosedError, IreeError, check_status
from .instance import Device
from .readback import FORMAT_MAX_ELEMENTS, format_bits
from .transfer import as_device as _as_device, require_device as _require_device
from .zero_copy import empty_aligned, import_host_array, zero_copy_obstacle

if TYPE_CHECKING:
    from .types import CData
    from typing import Any, Sequence
    from numpy.typing import ArrayLike, DTypeLike

__all__ = ["BufferView", "empty_aligned", "FORMAT_MAX_ELEMENTS"]

_MEMORY_TYPE_HOST_VISIBLE = lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE

_VIEW_PTR = ffi.typeof("iree_hal_buffer_view_t*")

# What from_numpy copies into, as a C struct made once (each call would
# otherwise build its own).
_DEVICE_PARAMS_C = ffi.new("iree_hal_buffer_params_t*", transfer.DEVICE_PARAMS)


def _dims(shape) -> tuple:
    """(rank, iree_hal_dim_t[]) for `shape`; never a zero-length array, which
    cffi cannot make, so rank-0 views still pass a valid pointer."""
    dims = ffi.new("iree_hal_dim_t[]", list(shape) or [0])
    return len(shape), dims


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

    _release_fn = lib.iree_hal_buffer_view_release
    _retain_fn = lib.iree_hal_buffer_view_retain
    # A call's results are made in C (ireec._cext's invoker), without
    # running __init__: what a BufferView is comes from its C base (the
    # device is the Handle's parent; `_ptr` is cast from its address when
    # first asked), or from class defaults. `_upload`: (zero_copy,
    # zero_copy_fallback) of a view made with zero_copy=True.
    __slots__ = ("_upload",)

    def __init__(self, device: Device | CData, array: ArrayLike, *,
                 zero_copy: bool = False) -> None:
        """A buffer view holding `array`'s values on `device`: see `from_numpy`."""
        device = _require_device(device)
        device._acquire()  # the upload releases the GIL while it uses the device
        try:
            ptr, fallback = _upload(device, np.asarray(array), zero_copy)
        finally:
            device._release_use()
        _adopt_address(_cext_bridge.address(ptr), device, ptr, self)
        if zero_copy:
            self._upload = (fallback is None, fallback)

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False,
                    device: Device | CData | None = None) -> "BufferView":
        """Adopts a raw `iree_hal_buffer_view_t*` (see the class docstring)."""
        if not isinstance(ptr, ffi.CData) or ffi.typeof(ptr) is not _VIEW_PTR:
            raise TypeError(f"BufferView wraps an iree_hal_buffer_view_t*, not {ptr!r}")
        if ptr == ffi.NULL:
            raise ValueError("BufferView needs a non-NULL pointer")
        device = _as_device(device)
        if retain:
            lib.iree_hal_buffer_view_retain(ptr)
        # Ours now: released again if `device` turns out to be closed.
        return _adopt_address(_cext_bridge.address(ptr), device, ptr)

    @property
    def device(self) -> Device | None:
        """The Device whose queue reads the buffer back (see the class
        docstring): the Handle this view holds a use of."""
        return self._parent

    @property
    def zero_copy(self) -> bool:
        """True if the buffer is the memory of the numpy array it was made from."""
        return getattr(self, "_upload", _NOT_UPLOADED)[0]

    @property
    def zero_copy_fallback(self) -> str | None:
        """Why `from_numpy(..., zero_copy=True)` copied instead, or None."""
        return getattr(self, "_upload", _NOT_UPLOADED)[1]

    @property
    def handle(self) -> CData:
        """The `iree_hal_buffer_view_t*` (borrowed: valid while this view is open)."""
        if self.closed:
            raise ClosedError(inherited_message(self) or "BufferView is closed")
        try:
            return self._ptr
        except AttributeError:  # made in C (a call's result): cast once
            ptr = self._ptr = _cast(_VIEW_PTR, self._address)
            return ptr

    # -- construction -------------------------------------------------------

    @classmethod
    def from_numpy(cls, device: Device | CData, array: ArrayLike, *,
                   zero_copy: bool = False) -> "BufferView":
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
    def from_buffer(cls, device: Device | CData, buffer: CData, shape: Sequence[int],
                    element_type: int | DTypeLike) -> "BufferView":
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
        # Negative, too large, or a byte size past 64 bits: refused here,
        # where IREE's own size computation would wrap.
        rank, dims, size = checked_dims(shape, element_type)
        length = lib.iree_hal_buffer_byte_length(buffer)
        if length < size:
            raise ValueError(f"a {'x'.join(map(str, shape)) or 'scalar'} "
                             f"{element_type_name(element_type)} view needs {size} "
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
    def buffer(self) -> CData:
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
        memory_type = format_bits(lib.iree_hal_memory_type_format,
                                   lib.iree_hal_buffer_memory_type(buffer))
        usage = format_bits(lib.iree_hal_buffer_usage_format,
                             lib.iree_hal_buffer_allowed_usage(buffer))
        access = format_bits(lib.iree_hal_memory_access_format,
                              lib.iree_hal_buffer_allowed_access(buffer))
        return f"{memory_type}; usage {usage}; access {access}"

    # -- reading it back (readback.py) ----------------------------------------

    # (Declared for static checkers with their signatures; the methods are
    # readback's functions themselves, without a wrapper's call.)
    if TYPE_CHECKING:
        def to_numpy(self, copy: bool | None = True) -> np.ndarray[Any, Any]: ...
        def __array__(self, dtype: DTypeLike | None = None,
                      copy: bool | None = None) -> np.ndarray[Any, Any]: ...
        def __dlpack__(self, *, stream: object = None,
                       max_version: tuple[int, int] | None = None,
                       dl_device: tuple[int, int] | None = None,
                       copy: bool | None = None) -> object: ...
        def __dlpack_device__(self) -> tuple[int, int]: ...
        def _read_into(self, target: np.ndarray[Any, Any]) -> None: ...
        def format(self, max_element_count: int | None = None) -> str: ...
    else:
        to_numpy = readback.to_numpy
        __array__ = readback.__array__
        __dlpack__ = readback.__dlpack__
        __dlpack_device__ = readback.__dlpack_device__
        _read_into = readback.read_into
        # -- text (readback.py) -----------------------------------------------
        format = readback.format


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

    # -- copies between devices (transfer.py) ---------------------------------

    if TYPE_CHECKING:
        def direct_copy_obstacle(self, device: Device | CData) -> str | None: ...
        def to_device(self, device: Device | CData, *,
                      via_host: bool | None = None) -> BufferView: ...
    else:
        direct_copy_obstacle = transfer.direct_copy_obstacle
        to_device = transfer.to_device


def _upload(device: Device, array: np.ndarray, zero_copy: bool):
    """(a new iree_hal_buffer_view_t* holding `array` on `device`, why a
    zero-copy import was not possible or None): the array's memory imported
    when `zero_copy` and possible, else a copy."""
    element_type = element_type_from_dtype(array.dtype)
    fallback = None
    if zero_copy:
        fallback = zero_copy_obstacle(array)
        if fallback is None:
            try:
                ptr = import_host_array(device, array, element_type)
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


def _adopt_address(address: int, device: Device | None, ptr=None,
                   view: BufferView | None = None) -> BufferView:
    """`view` (a new BufferView if None) made the owner of one reference to
    the view at `address` (`ptr`, if the caller has it as a pointer), holding
    a use of `device`: what __init__ and from_handle do after their checks,
    and the same state as the views C makes of a call's results
    (ireec_handle_new). If `device` is closed, the reference is released and
    ClosedError raised."""
    if view is None:
        view = _new_view(BufferView)
    try:
        view._adopt(address, _RELEASE_ADDRESS, device)
    except BaseException:
        lib.iree_hal_buffer_view_release(_cast(_VIEW_PTR, address))
        raise
    if ptr is not None:
        view._ptr = ptr
    return view


# (zero_copy, zero_copy_fallback) of a view not made with zero_copy=True.
_NOT_UPLOADED = (False, None)
_new_view = BufferView.__new__
_cast = ffi.cast
_RELEASE_ADDRESS = BufferView._release_address

# The extension takes BufferView arguments (its C base holds their pointer).
_cext_bridge.configure(BufferView, readback.dtypes_by_element_type)
