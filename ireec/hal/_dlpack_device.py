"""DLPack of device memory: a tensor of another library's device memory
(kDLCUDA: a torch or JAX CUDA tensor) imported as a BufferView on the device
it is on, and a BufferView exported as such a tensor, without a copy,
through IREE's allocator import and export of device allocations
(IREE_HAL_EXTERNAL_BUFFER_TYPE_DEVICE_ALLOCATION; csrc/hal/external_buffers.c).

`dlpack_device(device)` says which DLPack device an ireec device is: (kDLCUDA,
its CUDA ordinal) for IREE's cuda driver's devices; (kDLCPU, 0) for every
other, whose tensors go the host-memory way (ireec.hal.dlpack,
BufferView.__dlpack__). The steps below take any device and DLPack device:
on ireec's CPU devices a device allocation is a host pointer (IREE's heap
allocator imports and exports them too), which is how every step but the
CUDA calls of ireec/hal/_cuda.py is run without a GPU.

Import (`import_tensor`): the producer's device must be the target device
(checked before its tensor is asked for); the tensor must be dense
row-major, as a buffer view is. Its memory is imported as it is where it is
aligned to IREE_HAL_HEAP_BUFFER_ALIGNMENT (64 bytes; programs assume their
bindings are) and not marked read-only, and zero_copy is asked; otherwise
it is imported read-only and copied on the device into memory of the
device's own (`zero_copy_fallback` says why). Once the tensor is taken, its
producer's deleter runs exactly once on every path: when IREE releases the
imported buffer (C calls it, from whichever thread that is), or at once
when anything fails.

Streams (CUDA): ireec asks a CUDA producer for its tensor ordered on the
legacy default stream (DLPack's stream 1), then waits on the host for that
stream: IREE's cuda device works on a stream of its own that no producer can
be told of. An export is of a view whose contents are complete (a
synchronous call's results, a copy ireec made; an async-external call's once
its fence is reached), so any consumer stream may read it at once.

Export (`export_tensor`): the view's buffer is exported through its
device's allocator and the tensor describes that allocation, holding the
view and device until the consumer's deleter (or the unconsumed capsule)
ends it. Where the allocator exports no such memory (IREE's cuda driver
does not export buffers from its stream-ordered pools, where programs
allocate their results unless --cuda_async_allocations=false) the view is
first copied on the device, unless copy=False (BufferError saying so).
"""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _cext, errors
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from . import _cuda, _transfer
from .dlpack import (
    FLAG_READ_ONLY,
    KDL_CPU,
    MAX_VERSION,
    dlpack_ffi,
    delete,
    describe,
    device_name,
    producer_device,
    request,
    row_major,
    take,
)
from .element_type import DLPACK_BY_ELEMENT_TYPE, element_type_name

if TYPE_CHECKING:
    from ..types import CData
    from .buffer_view import BufferView
    from .device import Device

KDL_CUDA = 2
# What DLPack's stream argument names for CUDA: the legacy default stream.
LEGACY_DEFAULT_STREAM = 1
ALIGNMENT = lib.IREE_HAL_HEAP_BUFFER_ALIGNMENT

# Imported memory as a program's inputs and results are (DEFAULT: transfers
# and dispatches); read-only, and at any alignment, where it is only copied.
_IMPORT_PARAMS = ffi.new("iree_hal_buffer_params_t*", {
    "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
    "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
    "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT,
})
_COPIED_IMPORT_PARAMS = ffi.new("iree_hal_buffer_params_t*", {
    "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
    "access": lib.IREE_HAL_MEMORY_ACCESS_READ | lib.IREE_HAL_MEMORY_ACCESS_UNALIGNED,
    "usage": lib.IREE_HAL_BUFFER_USAGE_TRANSFER,
})

# Why a device's memory may not be exportable, and what to do about it.
_NO_COPY_ADVICE = {
    KDL_CUDA: ("; a program's results on CUDA come from IREE's stream-ordered pools, which "
               "its allocator does not export, unless "
               "ireec.hal.parse_driver_flags('--cuda_async_allocations=false') ran before "
               "the device was created"),
}

# {id(device): its DLPack device}, each entry dropped when its device goes
# (a dict keyed by id: the lookup is on every export's path).
_dlpack_devices: dict[int, tuple[int, int]] = {}


def dlpack_device(device: Device | None) -> tuple[int, int]:
    """The DLPack device of an ireec device: (kDLCUDA, ordinal) for IREE's
    cuda driver's devices, else (kDLCPU, 0). Asked once per device."""
    if device is None or device.closed:
        return (KDL_CPU, 0)
    known = _dlpack_devices.get(id(device))
    if known is None:
        known = (KDL_CUDA, _cuda_ordinal(device)) if device.id == "cuda" else (KDL_CPU, 0)
        _dlpack_devices[id(device)] = known
        weakref.finalize(device, _dlpack_devices.pop, id(device), None)
    return known


def _cuda_ordinal(device: Device) -> int:
    """The CUDA ordinal of a cuda device: that of a device allocation its
    allocator makes (and exports) for the question."""
    with use(device) as (device_ptr,):
        allocator = lib.iree_hal_device_allocator(device_ptr)
        params = ffi.new("iree_hal_buffer_params_t*", _transfer.DEVICE_PARAMS)
        out = ffi.new("iree_hal_buffer_t**")
        check_status(lib.iree_hal_allocator_allocate_buffer(allocator, params[0], ALIGNMENT,
                                                            out))
        try:
            # The allocator's own new buffer: what its export takes.
            external = ffi.new("iree_hal_external_buffer_t*")
            check_status(lib.iree_hal_allocator_export_buffer(
                allocator, out[0], lib.IREE_HAL_EXTERNAL_BUFFER_TYPE_DEVICE_ALLOCATION,
                lib.IREE_HAL_EXTERNAL_BUFFER_FLAG_NONE, external))
            return _cuda.pointer_ordinal(int(external.handle.device_allocation.ptr))
        finally:
            lib.iree_hal_buffer_release(out[0])


# -- import -----------------------------------------------------------------


def import_tensor(cls: type[BufferView], device: Device, obj: Any, *, zero_copy: bool,
                  target: tuple[int, int] | None = None) -> BufferView:
    """A BufferView of `cls` on `device` of the device-memory tensor `obj`
    offers (see the module docstring); `target` is the device's DLPack
    device (dlpack_device(device) by default)."""
    target = dlpack_device(device) if target is None else target
    offered = producer_device(obj)
    if offered is not None and offered != target:
        raise BufferError(_wrong_device(offered, device, target))
    stream = LEGACY_DEFAULT_STREAM if target[0] == KDL_CUDA else None
    with use(device):  # open until the tensor is C's (ClosedError before it is taken)
        return _import(cls, device, obj, zero_copy, target, stream)


def _import(cls: type[BufferView], device: Device, obj: Any, zero_copy: bool,
            target: tuple[int, int], stream: int | None) -> BufferView:
    managed, versioned = take(request(obj, stream))
    try:
        described = describe(managed, versioned)
        if described.device != target:
            raise BufferError(_wrong_device(described.device, device, target))
        dense = row_major(described.shape, described.itemsize)
        if any(d > 1 and s != r for d, s, r in zip(described.shape, described.strides, dense)):
            raise BufferError(f"the DLPack tensor is not dense row-major (shape "
                              f"{described.shape}, byte strides {described.strides}), as a "
                              f"buffer view is: make it contiguous first")
        nbytes = math.prod(described.shape) * described.itemsize
        if nbytes == 0:
            # No memory to borrow: an empty view of the device's own.
            delete(managed)
            empty = np.empty(described.shape, np.dtype(f"u{described.itemsize}"))
            return cls(device, empty, element_type=described.element_type)
        if target[0] == KDL_CUDA:
            ordinal = _cuda.pointer_ordinal(described.data)
            if ordinal != target[1]:
                raise BufferError(f"the DLPack tensor says it is on "
                                  f"{device_name(*described.device)}, but its memory is "
                                  f"on CUDA device {ordinal}")
            _cuda.synchronize_legacy_stream(ordinal)
        fallback = _copy_reason(described.data, described.read_only, zero_copy)
    except BaseException:
        delete(managed)
        raise
    # From here the tensor is C's, which hands it back exactly once.
    borrowed = _borrow(cls, device, managed, described, nbytes,
                       _IMPORT_PARAMS if fallback is None else _COPIED_IMPORT_PARAMS)
    if fallback is None:
        borrowed._upload = (True, None)
        return borrowed
    try:
        view = cls.__new__(cls)
        with use(borrowed) as (borrowed_ptr,):
            _transfer.copy_on_device(view, device, borrowed_ptr)
    finally:
        borrowed.close()  # the producer's memory goes back once IREE lets go
    view._upload = (False, fallback)
    return view


def _wrong_device(offered: tuple[int, int], device: Device, target: tuple[int, int]) -> str:
    return (f"the DLPack tensor is on {device_name(*offered)}, not on "
            f"{device_name(*target)} ({device.id}, the device it was to be imported onto): "
            f"import it onto the device it is on, or copy it there first")


def _copy_reason(data: int, read_only: bool, zero_copy: bool) -> str | None:
    """Why the tensor's memory is copied on the device, or None."""
    if not zero_copy:
        return "zero_copy=False"
    if read_only:
        return "the producer marked the tensor read-only"
    if data % ALIGNMENT:
        return (f"the tensor's data ({data:#x}) is not aligned to {ALIGNMENT} bytes, "
                f"which programs assume of their buffers")
    return None


def _borrow(cls: type[BufferView], device: Device, managed, described, nbytes: int,
            params: CData) -> BufferView:
    """A view of `cls` over the tensor's memory, imported through the
    device's allocator; `managed` is handed to C, which calls its deleter
    exactly once."""
    deleter = int(dlpack_ffi.cast("uintptr_t", managed.deleter))
    release = ffi.cast("ireec_external_release_fn_t", deleter)
    release_self = ffi.cast("void*", int(dlpack_ffi.cast("uintptr_t", managed)))
    shape = ffi.new("iree_hal_dim_t[]", list(described.shape) or [0])
    view = cls.__new__(cls)
    with use(device) as (device_ptr,):
        view._create(device, None, lib.ireec_hal_buffer_view_import_device_allocation,
                     lib.iree_hal_device_allocator(device_ptr), params[0],
                     len(described.shape), shape, described.element_type, described.data,
                     nbytes, release, release_self, lib.iree_hal_device_host_allocator(device_ptr))
    return view


# -- export -------------------------------------------------------------------


def export_tensor(view: BufferView, device: Device, dl_device: tuple[int, int], *,
                  stream: object, max_version: tuple[int, int] | None,
                  copy: bool | None) -> object:
    """A DLPack capsule of `view`'s memory on `device`, whose DLPack device
    is `dl_device` (see the module docstring)."""
    if stream is not None and (type(stream) is not int or stream == 0 or stream < -1):
        raise BufferError(f"stream must be None, -1 or a stream number of 1 or more "
                          f"(0 is ambiguous in DLPack), not {stream!r}")
    if dl_device[0] == KDL_CPU and stream is not None:
        raise BufferError("host memory exports take no stream (stream must be None)")
    element_type = view.element_type
    dlpack_type = DLPACK_BY_ELEMENT_TYPE.get(element_type)
    if dlpack_type is None:
        raise BufferError(f"element type {element_type_name(element_type)} has no DLPack "
                          f"data type")
    versioned = max_version is not None and tuple(max_version) >= (1, 0)
    rank = len(view.shape)
    with use(view) as (view_ptr,):
        writable = bool(lib.iree_hal_buffer_allowed_access(
            lib.iree_hal_buffer_view_buffer(view_ptr))
                        & lib.IREE_HAL_MEMORY_ACCESS_WRITE)
        if not writable and not versioned:
            # Pre-1.0 DLPack cannot say "read-only" and consumers may write.
            if copy is False:
                raise BufferError("read-only memory cannot be exported to a pre-1.0 "
                                  "DLPack consumer without a copy")
            copy = True
        if copy:
            exported, writable = _export_copy(view, device, rank, versioned), True
        else:
            try:
                exported = _export(view, device, rank, versioned)
            except errors.IreeError as error:
                if error.code not in (lib.IREE_STATUS_UNAVAILABLE,
                                      lib.IREE_STATUS_FAILED_PRECONDITION):
                    raise
                if copy is False:
                    raise BufferError(f"the buffer view's memory cannot be exported without "
                                      f"a copy: {error}{_NO_COPY_ADVICE.get(dl_device[0], '')}"
                                      ) from error
                exported, writable = _export_copy(view, device, rank, versioned), True
    storage = _describe_export(exported, view.shape, dlpack_type, dl_device, versioned,
                               writable, max_version)
    # The capsule owns the export on every path.
    return _cext.dlpack_capsule(storage, versioned)


def _export_copy(view: BufferView, device: Device, rank: int, versioned: bool) -> CData:
    """The export of a copy of `view` made on `device` (in memory its
    allocator allocates, which it exports)."""
    copy = type(view).__new__(type(view))
    with use(view) as (view_ptr,):
        _transfer.copy_on_device(copy, device, view_ptr)
    try:
        return _export(copy, device, rank, versioned)
    except errors.UnavailableError as error:
        raise BufferError(f"{device.id}'s allocator exports none of its memory: "
                          f"{error}") from error
    finally:
        copy.close()  # the export holds what it needs


def _storage_size(rank: int, versioned: bool) -> int:
    managed = "DLManagedTensorVersioned" if versioned else "DLManagedTensor"
    return dlpack_ffi.sizeof(managed) + 2 * rank * dlpack_ffi.sizeof("int64_t")


def _export(view: BufferView, device: Device, rank: int, versioned: bool) -> CData:
    exported = ffi.new("ireec_hal_device_allocation_export_t*")
    with use(device, view) as (device_ptr, view_ptr):
        check_status(lib.ireec_hal_buffer_view_export_device_allocation(
            device_ptr, view_ptr, _storage_size(rank, versioned), exported))
    return exported


_EXPORT_RELEASE = int(ffi.cast("uintptr_t", ffi.addressof(
    lib, "ireec_hal_buffer_view_export_release")))


def _describe_export(exported: CData, shape: tuple[int, ...], dlpack_type: tuple[int, int],
                     dl_device: tuple[int, int], versioned: bool, writable: bool,
                     max_version: tuple[int, int] | None) -> int:
    """Lays the DLPack tensor out in the export's storage; its address.
    The export is ended here if that fails."""
    storage = int(ffi.cast("uintptr_t", exported.storage))
    try:
        ctype = "DLManagedTensorVersioned" if versioned else "DLManagedTensor"
        managed = dlpack_ffi.cast(f"{ctype}*", storage)
        dims = dlpack_ffi.cast("int64_t*", storage + dlpack_ffi.sizeof(ctype))
        strides = dims + len(shape)
        for i, (dim, stride) in enumerate(zip(shape, row_major(shape, 1))):
            dims[i], strides[i] = dim, stride
        tensor = managed.dl_tensor
        tensor.data = dlpack_ffi.cast("void*", int(exported.allocation))
        tensor.byte_offset = int(exported.byte_offset)
        tensor.device.device_type, tensor.device.device_id = dl_device
        tensor.ndim = len(shape)
        tensor.dtype.code, tensor.dtype.bits = dlpack_type
        tensor.dtype.lanes = 1
        tensor.shape, tensor.strides = dims, strides
        managed.deleter = dlpack_ffi.cast(f"void(*)({ctype}*)", _EXPORT_RELEASE)
        if versioned:
            assert max_version is not None
            # The newest version the consumer reads, up to this producer's.
            major, minor = (int(v) for v in max_version)
            managed.version.major = MAX_VERSION[0]
            managed.version.minor = (MAX_VERSION[1] if major > MAX_VERSION[0]
                                     else min(MAX_VERSION[1], minor))
            managed.flags = 0 if writable else FLAG_READ_ONLY
    except BaseException:
        lib.ireec_hal_buffer_view_export_release(exported.storage)
        raise
    return storage
