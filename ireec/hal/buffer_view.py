"""Buffer views (`iree_hal_buffer_view_t`, iree/hal/buffer_view.h): shaped,
typed device buffers, made from numpy arrays or adopted from raw pointers,
read back into host memory, formatted as IREE's text and copied to other
devices.

The machinery works on pointers, in private modules: reading back and text
(`_readback.py`), host arrays lent to IREE without a copy (`_zero_copy.py`),
copies between devices (`_transfer.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.validate import checked_dims, checked_int
from ..errors import IreeError
from . import _readback, _transfer
from ._device_object import DeviceObject
from ._readback import FORMAT_MAX_ELEMENTS
from ._zero_copy import empty_aligned, import_host_array, zero_copy_obstacle
from .buffer import Buffer, BufferParams, BufferUsage, MemoryAccess, MemoryType
from .device import Device, as_device, require_device
from ._dlpack_device import dlpack_device, export_tensor, import_tensor
from .dlpack import OnDeviceError, host_tensor, offers_dlpack
from .element_type import (
    dtype_from_element_type,
    element_dense_byte_count,
    element_type_from_dtype,
    element_type_name,
    element_type_of,
)

if TYPE_CHECKING:
    from typing import Any, Callable, Sequence

    from numpy.typing import ArrayLike, DTypeLike

    from ..types import CData

__all__ = ["BufferView", "empty_aligned", "FORMAT_MAX_ELEMENTS"]

_VIEW_PTR = ffi.typeof("iree_hal_buffer_view_t*")

# What from_numpy copies into, as a C struct made once (each call would
# otherwise build its own).
_DEVICE_PARAMS_C = ffi.new("iree_hal_buffer_params_t*", _transfer.DEVICE_PARAMS)

# DLPack's device type for host memory (kDLCPU): what ireec exports of views
# on every device but CUDA devices (mapped or copied), and what it exports of
# those when asked for it.
_DLPACK_CPU = 1

def _dims(shape) -> tuple:
    """(rank, iree_hal_dim_t[]) for `shape`; never a zero-length array, which
    cffi cannot make, so rank-0 views still pass a valid pointer."""
    dims = ffi.new("iree_hal_dim_t[]", list(shape) or [0])
    return len(shape), dims


class BufferView(DeviceObject, _cext.BufferViewHandle):
    """An `iree_hal_buffer_view_t`: a buffer with a shape and an element type.

    `BufferView(device, array, zero_copy=False)` makes one holding a numpy
    array's values on `device` (the same as `from_numpy`);
    `BufferView(buffer, shape, element_type)` views an ireec.hal.Buffer
    (iree_hal_buffer_view_create, the same as `from_buffer`).
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

    # A call's results are made in C (ireec._cext's invoker), without
    # running __init__: what a BufferView is comes from its C base (the
    # device is the Handle's parent), or from class defaults. `_upload`:
    # (zero_copy, zero_copy_fallback) of a view made with zero_copy=True.
    __slots__ = ("_upload",)

    def __init__(self, device: Device | CData | Buffer, array: ArrayLike | Sequence[int],
                 element_type: int | DTypeLike | None = None, *, zero_copy: bool = False,
                 memory_type: int | None = None, usage: int | None = None) -> None:
        """A buffer view holding `array`'s values on `device` (see
        `from_numpy`), or, given a Buffer, a view of it of shape `array` and
        `element_type` (see `from_buffer`). With an array, `element_type` is
        the IREE element type of its elements when the dtype does not say it
        (bf16 data held as uint16, say); the dtype's itemsize must be the
        element type's."""
        if isinstance(device, Buffer):
            if element_type is None:
                raise TypeError("BufferView(buffer, shape, element_type): the element type "
                                "is missing")
            _view_of(self, device, array, element_type)  # type: ignore[arg-type]
            return
        device = require_device(device)
        params = _upload_params(memory_type, usage)
        with use(device) as (device_ptr,):  # the upload releases the GIL meanwhile
            fallback = _upload(self, device, device_ptr, np.asarray(array), zero_copy, params,
                               element_type)
        if zero_copy:
            self._upload = (fallback is None, fallback)

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False,
                    device: Device | CData | None = None) -> "BufferView":
        """Adopts a raw `iree_hal_buffer_view_t*` (see the class docstring)."""
        if not isinstance(ptr, ffi.CData) or ffi.typeof(ptr) is not _VIEW_PTR:
            raise TypeError(f"BufferView wraps an iree_hal_buffer_view_t*, not {ptr!r}")
        device = as_device(device)
        view = cls.__new__(cls)
        # Ours now: released again if `device` turns out to be closed.
        view._own(ptr, retain=retain, parent=device)
        return view

    # `device`, the Device whose queue reads the buffer back (see the class
    # docstring: the first object the view holds a use of; a view of a
    # Buffer also holds one of the Buffer), is DeviceObject's.

    @property
    def zero_copy(self) -> bool:
        """True if the buffer is the memory of the numpy array it was made from."""
        return getattr(self, "_upload", _NOT_UPLOADED)[0]

    @property
    def zero_copy_fallback(self) -> str | None:
        """Why `from_numpy(..., zero_copy=True)` copied instead, or None."""
        return getattr(self, "_upload", _NOT_UPLOADED)[1]

    # `.handle`, the `iree_hal_buffer_view_t*` (borrowed: valid while this
    # view is open), is the C base's.

    # -- construction -------------------------------------------------------

    @classmethod
    def from_numpy(cls, device: Device | CData, array: ArrayLike, *,
                   zero_copy: bool = False, memory_type: int | None = None,
                   usage: int | None = None) -> "BufferView":
        """A buffer view holding `array`'s values on `device`.

        Copies with iree_hal_buffer_view_allocate_buffer_copy into memory of
        `memory_type` (DEVICE_LOCAL by default) allowing `usage` (DEFAULT:
        transfers and dispatches); e.g. `memory_type=MemoryType.HOST_LOCAL |
        MemoryType.DEVICE_VISIBLE, usage=BufferUsage.DEFAULT |
        BufferUsage.MAPPING` for memory the host maps. Non-contiguous and
        non-native-byte-order arrays are first made contiguous and native,
        never misread. With `zero_copy=True` the array's own memory is
        imported instead (iree_hal_allocator_import_buffer, host memory) when
        possible (see the module docstring); then the device sees later writes
        to the array, and `zero_copy` is True. Otherwise it copies and
        `zero_copy_fallback` says why.
        """
        return cls(device, array, zero_copy=zero_copy, memory_type=memory_type, usage=usage)

    @classmethod
    def from_dlpack(cls, device: Device | CData, obj: Any, *,
                    zero_copy: bool = True) -> "BufferView":
        """A buffer view of the DLPack tensor `obj` offers (a JAX or PyTorch
        array, a numpy array, any producer of `__dlpack__`), on `device`.

        Versioned DLPack (1.x) when the producer takes `max_version`, else
        its legacy capsule. With `zero_copy=True` (the default) the
        producer's memory itself is imported where `from_numpy(...,
        zero_copy=True)` would import an array (C-contiguous, aligned to 64
        bytes, writeable: not flagged read-only), and kept alive until IREE
        releases it; otherwise it is copied, and `zero_copy_fallback` says
        why. Every element type IREE and DLPack share converts, bf16 and
        fp8 included. A CUDA tensor (kDLCUDA: torch's, JAX's) onto a CUDA
        device of its ordinal is imported in place too, as the device's
        allocator imports a device allocation; it must be dense row-major,
        and is copied on the device where it is unaligned or read-only
        (ireec/hal/_dlpack_device.py). A tensor on any other device raises
        BufferError, a data type IREE lacks TypeError, each naming it.
        """
        if not offers_dlpack(obj):
            raise TypeError(f"from_dlpack takes an object offering __dlpack__ (a DLPack "
                            f"producer), not {type(obj).__name__}")
        try:
            tensor = host_tensor(obj)
        except OnDeviceError:
            # Device memory, untaken: imported onto a device that is its.
            device = require_device(device)
            target = dlpack_device(device)
            if target[0] == _DLPACK_CPU:
                raise
            return import_tensor(cls, device, obj, zero_copy=zero_copy, target=target)
        return cls(device, tensor.array, zero_copy=zero_copy,
                   element_type=tensor.element_type)

    @classmethod
    def from_buffer(cls, device: Device | CData | None, buffer: Buffer | CData,
                    shape: Sequence[int], element_type: int | DTypeLike) -> "BufferView":
        """A dense row-major view of an existing buffer (an ireec.hal.Buffer or
        an `iree_hal_buffer_t*`, which the view retains):
        iree_hal_buffer_view_create. `element_type` is an IREE element type
        (int) or a numpy dtype; `device` reads it back when the host cannot
        map it (a Buffer's own device by default)."""
        device = as_device(device)
        if not isinstance(buffer, Buffer):
            if not isinstance(buffer, ffi.CData) or ffi.typeof(buffer) is not ffi.typeof(
                    "iree_hal_buffer_t*") or buffer == ffi.NULL:
                raise TypeError(f"buffer must be an ireec.hal.Buffer or a non-NULL "
                                f"iree_hal_buffer_t*, not {buffer!r}")
            # The view holds `device` itself; the wrapper holds nothing, so
            # closing the view gives back its every use of the device.
            buffer = Buffer.from_handle(buffer, retain=True)
        view = cls.__new__(cls)
        _view_of(view, buffer, shape, element_type, device)
        return view

    # -- what it is ---------------------------------------------------------

    @property
    def shape(self) -> tuple[int, ...]:
        """iree_hal_buffer_view_shape_rank / _shape_dim."""
        with use(self) as (view,):
            return tuple(lib.iree_hal_buffer_view_shape_dim(view, i)
                         for i in range(lib.iree_hal_buffer_view_shape_rank(view)))

    @property
    def ndim(self) -> int:
        """The number of dimensions (iree_hal_buffer_view_shape_rank)."""
        with use(self) as (view,):
            return lib.iree_hal_buffer_view_shape_rank(view)

    @property
    def size(self) -> int:
        """iree_hal_buffer_view_element_count."""
        with use(self) as (view,):
            return lib.iree_hal_buffer_view_element_count(view)

    @property
    def nbytes(self) -> int:
        """iree_hal_buffer_view_byte_length."""
        with use(self) as (view,):
            return lib.iree_hal_buffer_view_byte_length(view)

    @property
    def element_type(self) -> int:
        """iree_hal_buffer_view_element_type (an IREE_HAL_ELEMENT_TYPE_* value)."""
        with use(self) as (view,):
            return lib.iree_hal_buffer_view_element_type(view)

    @property
    def dtype(self) -> np.dtype:
        """The numpy dtype of the element type (TypeError if numpy has none)."""
        return dtype_from_element_type(self.element_type)

    @property
    def encoding_type(self) -> int:
        """iree_hal_buffer_view_encoding_type."""
        with use(self) as (view,):
            return lib.iree_hal_buffer_view_encoding_type(view)

    @property
    def buffer(self) -> Buffer:
        """iree_hal_buffer_view_buffer: the Buffer it views (a reference of its
        own, holding a use of this view)."""
        with use(self) as (view,):
            return Buffer.from_handle(lib.iree_hal_buffer_view_buffer(view), retain=True,
                                      owner=self)

    def _of_buffer(self, read: Callable[[CData], Any]) -> Any:
        """`read(the viewed iree_hal_buffer_t*)`, this view in use meanwhile."""
        with use(self) as (view,):
            return read(lib.iree_hal_buffer_view_buffer(view))

    @property
    def memory_type(self) -> MemoryType:
        """iree_hal_buffer_memory_type of the buffer."""
        return MemoryType(self._of_buffer(lib.iree_hal_buffer_memory_type))

    @property
    def allowed_usage(self) -> BufferUsage:
        """iree_hal_buffer_allowed_usage of the buffer."""
        return BufferUsage(self._of_buffer(lib.iree_hal_buffer_allowed_usage))

    @property
    def allowed_access(self) -> MemoryAccess:
        """iree_hal_buffer_allowed_access of the buffer."""
        return MemoryAccess(self._of_buffer(lib.iree_hal_buffer_allowed_access))

    @property
    def mappable(self) -> bool:
        """Whether the host may read the buffer through a mapping: its memory is
        HOST_VISIBLE (iree_hal_buffer_memory_type) and it allows
        MAPPING_SCOPED (iree_hal_buffer_allowed_usage). Otherwise reads go
        through a device transfer."""
        return self._of_buffer(_readback.mappable)

    def describe_memory(self) -> str:
        """IREE's names for the buffer's memory type, usage and access, e.g.
        "DEVICE_LOCAL; usage TRANSFER|DISPATCH_STORAGE; access ALL"
        (iree_hal_memory_type_format, iree_hal_buffer_usage_format,
        iree_hal_memory_access_format)."""
        return self._of_buffer(_readback.describe_memory)

    # -- reading it back ------------------------------------------------------

    # to_numpy(copy=True) is the C base's (ireec._cext.BufferViewHandle,
    # csrc/python/readback.c), as is the buffer protocol's export: every
    # read of a view into host memory, mapped or read back by its device,
    # copied or aliased.

    def __array__(self, dtype: DTypeLike | None = None,
                  copy: bool | None = None) -> np.ndarray[Any, Any]:
        """numpy's array protocol: aliases where safe (see to_numpy(copy=None))."""
        array = self.to_numpy(copy=copy)
        if dtype is not None and np.dtype(dtype) != array.dtype:
            if copy is False:
                raise ValueError(f"converting {array.dtype} to {np.dtype(dtype)} needs a copy")
            array = array.astype(dtype)
        return array

    def __dlpack__(self, *, stream: object = None,
                   max_version: tuple[int, int] | None = None,
                   dl_device: tuple[int, int] | None = None,
                   copy: bool | None = None) -> object:
        """DLPack export of host memory: the mapped buffer where safe, else a
        host copy (copy=False then raises BufferError). numpy's own exporter
        builds the capsule; the exported tensor keeps the mapping alive.

        A view on a CUDA device exports its device memory (kDLCUDA, the
        device's ordinal) in place, as the device's allocator exports it,
        unless `dl_device` asks for the host; memory the allocator does not
        export (a program's results from CUDA's stream-ordered pools) is
        copied on the device first, or copy=False raises BufferError
        (ireec/hal/_dlpack_device.py). Its contents must be complete: an
        async-external call's results once its fence is reached."""
        self._require_open()
        on = self.__dlpack_device__()
        if on[0] != _DLPACK_CPU and (dl_device is None or tuple(dl_device) == on):
            device = self.device
            assert device is not None
            return export_tensor(self, device, on, stream=stream, max_version=max_version,
                                 copy=copy)
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
        """(kDLCUDA, ordinal) for a view on a CUDA device, else (kDLCPU, 0):
        where what __dlpack__ exports is."""
        self._require_open()
        return dlpack_device(self.device)

    # -- text (_readback.py) ----------------------------------------------------

    def format(self, max_element_count: int | None = None) -> str:
        """IREE's text for the view, e.g. "2x2xf32=[1 2][3 4]":
        iree_hal_buffer_view_format, all elements unless `max_element_count`.

        IREE's formatter maps the buffer; a buffer that is not mappable is
        read back first (iree_hal_device_transfer_d2h) and a host-memory view
        of the same shape over those bytes is formatted instead.
        """
        limit = (lib.IREE_HOST_SIZE_MAX if max_element_count is None
                 else checked_int(max_element_count, (0, lib.IREE_HOST_SIZE_MAX),
                                  "max_element_count"))
        shape = self.shape
        if 0 in shape:
            return _readback.format_empty(shape, self.element_type, limit)
        with use(self) as (view,):
            if self.mappable:
                return _readback.format_text(view, limit)
            # Read back by the device (its transfer needs the Device open).
            host = np.empty(self.nbytes, np.uint8)
            self._read_into(host)
            return _readback.format_read_back(view, host, limit)

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

    # -- copies between devices (_transfer.py) ----------------------------------

    def direct_copy_obstacle(self, device: Device | CData) -> str | None:
        """Why `to_device(device)` must stage through host memory, or None if
        `device` can copy the buffer itself (see to_device): asks
        iree_hal_allocator_query_buffer_compatibility of `device`'s
        allocator (iree_hal_device_allocator), unless the device is ireec's,
        which stages what it cannot reach itself
        (ireec_hal_device_stages_foreign_buffers)."""
        target = require_device(device)
        own = self.device
        if own is not None and not own.closed and own._address == target._address:
            return None
        with use(self, target) as (view, target_ptr):
            return _transfer.direct_copy_obstacle(
                lib.iree_hal_buffer_view_buffer(view), target_ptr,
                lib.iree_hal_device_allocator(target_ptr), target.id)

    def to_device(self, device: Device | CData, *,
                  via_host: bool | None = None) -> BufferView:
        """A new, independent copy of the view on `device` (never an alias:
        writing one never changes the other, even on the same device).

        Direct copy (iree_hal_device_transfer_d2d on the target device into a
        buffer from its allocator) when the target is one of ireec's devices
        (every device ireec creates: what it cannot reach, e.g. another
        `memory=discrete` device's memory, it stages through host memory with
        the buffer's own device's transfer, the same mechanism programs
        spanning devices use; see docs/heterogeneous_devices.md), or this
        view's own device, or a device working on host memory (all its
        allocator's heaps HOST_VISIBLE) whose allocator can transfer from this
        host-mappable buffer (iree_hal_allocator_query_buffer_compatibility).
        Otherwise it stages in Python: to_numpy() on this device, then
        from_numpy() on the target. `via_host=True` forces the latter;
        `via_host=False` requires a direct copy (ValueError if impossible).
        """
        target = require_device(device)
        obstacle = self.direct_copy_obstacle(target)
        if via_host is None:
            via_host = obstacle is not None
        elif not via_host and obstacle is not None:
            raise ValueError(f"cannot copy directly to {target.id}: {obstacle}")
        if via_host:
            return type(self).from_numpy(target, self.to_numpy())
        copy = type(self).__new__(type(self))
        with use(self) as (view,):
            _transfer.copy_on_device(copy, target, view)
        return copy


def _upload_params(memory_type: int | None, usage: int | None) -> CData:
    """The iree_hal_buffer_params_t* uploads copy into: the device
    parameters, or those with `memory_type` and `usage` instead."""
    if memory_type is None and usage is None:
        return _DEVICE_PARAMS_C
    return BufferParams(
        type=_transfer.DEVICE_PARAMS["type"] if memory_type is None else memory_type,
        usage=_transfer.DEVICE_PARAMS["usage"] if usage is None else usage).to_c()


def _upload(view: BufferView, device: Device, device_ptr: CData, array: np.ndarray,
            zero_copy: bool, params: CData, element_type: int | DTypeLike | None = None):
    """Makes `view` hold `array` on `device` (whose pointer, `device_ptr`,
    comes from a use the caller holds; the view holds one of its own):
    the array's memory imported when `zero_copy` and possible, else a copy
    into a buffer of `params`. `element_type` overrides the dtype's (of the
    same size). Returns why a zero-copy import was not possible, or None."""
    if element_type is None:
        element_type = element_type_from_dtype(array.dtype)
    else:
        element_type = element_type_of(element_type)
        if element_dense_byte_count(element_type) != array.dtype.itemsize:
            raise ValueError(f"element type {element_type_name(element_type)} is "
                             f"{element_dense_byte_count(element_type)} bytes; the array's "
                             f"{array.dtype} elements are {array.dtype.itemsize}")
    allocator = lib.iree_hal_device_allocator(device_ptr)
    fallback = None
    if zero_copy:
        fallback = zero_copy_obstacle(array)
        if fallback is None:
            try:
                imported = import_host_array(view, device, array, element_type)
            except IreeError as e:
                fallback = f"the device's allocator refused the import ({e.code_name})"
            else:
                if imported:
                    return None
                fallback = f"{device.id}'s allocator cannot import host memory"
    if array.dtype.byteorder not in ("=", "|"):
        array = array.astype(array.dtype.newbyteorder("="))
    if not array.flags.c_contiguous:
        array = array.copy(order="C")
    rank, dims = _dims(array.shape)
    data = ffi.from_buffer(array)  # `array` stays referenced during the copy
    view._create(device, None, lib.iree_hal_buffer_view_allocate_buffer_copy,
                 device_ptr, allocator, rank, dims, element_type,
                 lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, params[0],
                 lib.iree_make_const_byte_span(data, array.nbytes))
    return fallback


def _view_of(view: BufferView, buffer: Buffer, shape: Sequence[int],
             element_type: int | DTypeLike, device: Device | None = None) -> None:
    """Makes `view` a view of `buffer` with `shape` and `element_type`,
    holding in use its device (`device`, else the buffer's own; the view's
    first parent) and the buffer, whose owners keep its allocator."""
    element_type = element_type_of(element_type)
    shape = tuple(int(d) for d in shape)
    # Negative, too large, or a byte size past 64 bits: refused here,
    # where IREE's own size computation would wrap.
    rank, dims, size = checked_dims(shape, element_type)
    device = device if device is not None else buffer.device
    with use(buffer, device) as (ptr, device_ptr):
        length = lib.iree_hal_buffer_byte_length(ptr)
        if length < size:
            raise ValueError(f"a {'x'.join(map(str, shape)) or 'scalar'} "
                             f"{element_type_name(element_type)} view needs {size} "
                             f"bytes; the buffer has {length}")
        host = (lib.iree_hal_device_host_allocator(device_ptr) if device is not None
                else lib.iree_allocator_system())
        view._create((device, buffer) if device is not None else buffer, None,
                     lib.iree_hal_buffer_view_create, ptr, rank, dims, element_type,
                     lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, host)


# (zero_copy, zero_copy_fallback) of a view not made with zero_copy=True.
_NOT_UPLOADED = (False, None)
