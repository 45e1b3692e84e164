"""DLPack import: any object offering `__dlpack__` (a JAX or PyTorch array,
numpy's, a CuPy-style producer) seen as host memory ireec can copy or lend
to IREE.

`host_tensor(obj)` asks the producer for its tensor (versioned DLPack 1.x
when the producer takes `max_version`, else the legacy capsule), takes
ownership of it as the protocol says (the capsule renamed `"used_..."`), and
returns a numpy array over the producer's own memory, with the IREE element
type of its DLPack data type. The array keeps the tensor alive: the
producer's deleter runs when the array (and whatever was made from it
without a copy, a zero-copy buffer view included) is gone. Data types numpy
has no dtype for (bf16, the fp8 types without ml_dtypes) are viewed as
unsigned integers of their width; the element type says what they are.

Only host memory (kDLCPU) is imported here; another device is a BufferError
naming it, a data type without an IREE element type a TypeError naming it.
A taken tensor goes back to its producer exactly once, on every path,
failures included (`give_back_once`): a producer that frees its memory in
its deleter would free it twice otherwise. A shape whose elements span more
than a 64-bit signed size holds (an empty tensor's other dimensions
included) is refused when described, before any memory is viewed.
The steps up to reading the tensor's description (`request`, `take`,
`describe`, `give_back_once`) are shared with device memory's import onto the device
it is on (a CUDA tensor onto a CUDA device: ireec/hal/_dlpack_device.py).
The DLPack structures are declared here, for cffi's ABI mode: they are
DLPack's (dlpack.h, v1.1), not IREE's.
"""

from __future__ import annotations

import ctypes
import math
from typing import Any, NamedTuple

import cffi
import numpy as np

from .._core.validate import MAX_ALLOCATION_SIZE, checked_extent
from .element_type import DTYPES_BY_ELEMENT_TYPE, ELEMENT_TYPES_BY_DLPACK, load_ml_dtypes

dlpack_ffi = cffi.FFI()
dlpack_ffi.cdef("""
typedef struct { uint32_t major; uint32_t minor; } DLPackVersion;
typedef struct { int32_t device_type; int32_t device_id; } DLDevice;
typedef struct { uint8_t code; uint8_t bits; uint16_t lanes; } DLDataType;
typedef struct {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;
  uint64_t byte_offset;
} DLTensor;
typedef struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(struct DLManagedTensor* self);
} DLManagedTensor;
typedef struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(struct DLManagedTensorVersioned* self);
  uint64_t flags;
  DLTensor dl_tensor;
} DLManagedTensorVersioned;
""")

# The newest DLPack version this consumer reads, and the flag bits it honours.
MAX_VERSION = (1, 1)
FLAG_READ_ONLY = 1 << 0

KDL_CPU = 1
_DEVICE_NAMES = {1: "kDLCPU", 2: "kDLCUDA", 3: "kDLCUDAHost", 4: "kDLOpenCL",
                 7: "kDLVulkan", 8: "kDLMetal", 9: "kDLVPI", 10: "kDLROCM",
                 11: "kDLROCMHost", 12: "kDLExtDev", 13: "kDLCUDAManaged",
                 14: "kDLOneAPI", 15: "kDLWebGPU", 16: "kDLHexagon", 17: "kDLMAIA"}
_CODE_NAMES = {0: "kDLInt", 1: "kDLUInt", 2: "kDLFloat", 3: "kDLOpaqueHandle",
               4: "kDLBfloat", 5: "kDLComplex", 6: "kDLBool", 7: "kDLFloat8_e3m4",
               8: "kDLFloat8_e4m3", 9: "kDLFloat8_e4m3b11fnuz", 10: "kDLFloat8_e4m3fn",
               11: "kDLFloat8_e4m3fnuz", 12: "kDLFloat8_e5m2", 13: "kDLFloat8_e5m2fnuz",
               14: "kDLFloat8_e8m0fnu", 15: "kDLFloat6_e2m3fn", 16: "kDLFloat6_e3m2fn",
               17: "kDLFloat4_e2m1fn"}

# Capsule names (the protocol's), and what a consumer renames them to once
# it owns the tensor. Module constants: a capsule keeps the name's pointer.
_VERSIONED, _USED_VERSIONED = b"dltensor_versioned", b"used_dltensor_versioned"
_LEGACY, _USED_LEGACY = b"dltensor", b"used_dltensor"

_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_is_valid = ctypes.pythonapi.PyCapsule_IsValid
_capsule_is_valid.restype = ctypes.c_int
_capsule_is_valid.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_set_name = ctypes.pythonapi.PyCapsule_SetName
_capsule_set_name.restype = ctypes.c_int
_capsule_set_name.argtypes = [ctypes.py_object, ctypes.c_char_p]


class HostTensor(NamedTuple):
    """A DLPack tensor in host memory: `array` over the producer's memory
    (never a copy), its IREE `element_type`, and whether the producer
    marked it read-only (versioned DLPack)."""
    array: np.ndarray[Any, Any]
    element_type: int
    read_only: bool


class Described(NamedTuple):
    """What a DLPack tensor says of itself, checked: its `device` (type,
    id), the address of its first element (`data`, the byte offset added),
    `shape`, `strides` in bytes (row-major where the producer gives none),
    IREE `element_type` and bytes per element, and whether the producer
    marked it read-only (versioned DLPack)."""
    device: tuple[int, int]
    data: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    element_type: int
    itemsize: int
    read_only: bool


def device_name(device_type: int, device_id: int) -> str:
    return f"{_DEVICE_NAMES.get(device_type, f'device type {device_type}')} {device_id}"


def offers_dlpack(value: object) -> bool:
    """Whether `value` is a DLPack producer (its type defines __dlpack__)."""
    return hasattr(type(value), "__dlpack__")


def producer_device(obj: Any) -> tuple[int, int] | None:
    """What the producer's __dlpack_device__ says, if it has one."""
    device = getattr(obj, "__dlpack_device__", None)
    if device is None:
        return None
    device_type, device_id = device()
    return int(device_type), int(device_id)


class OnDeviceError(BufferError):
    """A producer's tensor is in device memory (its __dlpack_device__ says
    so: `device`), and the tensor was not taken: it may still be imported
    onto that device (ireec/hal/_dlpack_device.py)."""

    def __init__(self, message: str, device: tuple[int, int]):
        super().__init__(message)
        self.device = device


def _device_error(device_type: int, device_id: int) -> str:
    return (f"the DLPack tensor is on {device_name(device_type, device_id)}; ireec imports "
            f"host memory (kDLCPU) only, and CUDA memory onto an ireec CUDA device of its "
            f"ordinal: copy it to the host first")


def request(obj: Any, stream: int | None = None):
    """The producer's capsule: versioned if it takes `max_version`; `stream`
    passed only when given (device memory: the stream the producer orders
    its work before)."""
    try:
        if stream is None:
            return obj.__dlpack__(max_version=MAX_VERSION)
        return obj.__dlpack__(max_version=MAX_VERSION, stream=stream)
    except TypeError:
        # A producer of the legacy protocol, whose __dlpack__ takes no
        # max_version.
        return obj.__dlpack__() if stream is None else obj.__dlpack__(stream=stream)


def take(capsule) -> tuple[Any, bool]:
    """(the managed tensor the capsule holds, now owned by the caller;
    whether it is versioned)."""
    for name, used, ctype, versioned in (
            (_VERSIONED, _USED_VERSIONED, "DLManagedTensorVersioned*", True),
            (_LEGACY, _USED_LEGACY, "DLManagedTensor*", False)):
        if _capsule_is_valid(capsule, name):
            address = _capsule_pointer(capsule, name)
            if _capsule_set_name(capsule, used):
                raise BufferError("could not take ownership of the DLPack capsule")
            return dlpack_ffi.cast(ctype, address), versioned
    raise TypeError(f"__dlpack__ returned {type(capsule).__name__}, not an unused DLPack "
                    f"capsule ('dltensor' or 'dltensor_versioned')")


def give_back_once(managed) -> Any:
    """A function handing the taken tensor `managed` back to its producer
    (its deleter, if it has one) on its first call, and doing nothing on
    any later one (it ignores its arguments: it is also a dlpack_ffi.gc
    destructor). Every path that ends the tensor calls it; the deleter
    itself runs once."""
    held = [managed]

    def give_back(*_: Any) -> None:
        try:
            taken = held.pop()  # (atomic: a second caller finds the list empty)
        except IndexError:
            return
        if taken.deleter != dlpack_ffi.NULL:
            taken.deleter(taken)

    return give_back


def describe(managed, versioned: bool) -> Described:
    """The tensor `managed` holds, checked (see Described); BufferError or
    TypeError naming what is wrong. The caller still owns `managed`."""
    if versioned and managed.version.major > MAX_VERSION[0]:
        raise BufferError(f"the producer's DLPack {managed.version.major}."
                          f"{managed.version.minor} is newer than this consumer's "
                          f"{MAX_VERSION[0]}.{MAX_VERSION[1]}")
    tensor = managed.dl_tensor
    element_type, itemsize = _element_type(tensor.dtype)
    rank = tensor.ndim
    if rank < 0:
        raise BufferError(f"the DLPack tensor has a negative rank ({rank})")
    shape = tuple(tensor.shape[i] for i in range(rank))
    if any(d < 0 for d in shape):
        raise BufferError(f"the DLPack tensor has a negative dimension {shape}")
    checked_extent(shape, itemsize, "the DLPack tensor")
    if tensor.strides == dlpack_ffi.NULL:
        strides = row_major(shape, itemsize)
    else:
        strides = tuple(tensor.strides[i] * itemsize for i in range(rank))
    data = int(dlpack_ffi.cast("uintptr_t", tensor.data)) + tensor.byte_offset
    # tuple.__new__: a NamedTuple's own __new__ is Python, on every import's path.
    return _tuple_new(Described, ((tensor.device.device_type, tensor.device.device_id), data,
                                  shape, strides, element_type, itemsize,
                                  bool(versioned and managed.flags & FLAG_READ_ONLY)))


_tuple_new = tuple.__new__


def host_tensor(obj: Any) -> HostTensor:
    """The DLPack tensor `obj` offers, over its own memory (see the module
    docstring); OnDeviceError, before taking it, for a producer saying its
    tensor is in device memory."""
    device = producer_device(obj)
    if device is not None and device[0] != KDL_CPU:
        raise OnDeviceError(_device_error(*device), device)
    managed, versioned = take(request(obj))
    give_back = give_back_once(managed)
    try:
        described = describe(managed, versioned)
        if described.device[0] != KDL_CPU:
            raise BufferError(_device_error(*described.device))
        array = _array_over(give_back, described)
    except BaseException:
        give_back()
        raise
    if not described.read_only:
        return HostTensor(array, described.element_type, False)
    array.flags.writeable = False
    return HostTensor(array, described.element_type, True)


def _element_type(dtype) -> tuple[int, int]:
    """(IREE element type, bytes per element) of a DLPack data type."""
    code, bits, lanes = dtype.code, dtype.bits, dtype.lanes
    element_type = ELEMENT_TYPES_BY_DLPACK.get((code, bits))
    if element_type is None or lanes != 1 or bits % 8:
        name = _CODE_NAMES.get(code, f"code {code}")
        raise TypeError(f"the DLPack tensor's data type ({name}, {bits} bits"
                        f"{f', {lanes} lanes' if lanes != 1 else ''}) has no IREE element "
                        f"type ireec converts")
    return element_type, bits // 8


def row_major(shape: tuple[int, ...], itemsize: int) -> tuple[int, ...]:
    """The strides, in bytes, of a dense row-major tensor."""
    strides, step = [], itemsize
    for dim in reversed(shape):
        strides.append(step)
        step *= max(dim, 1)
    return tuple(reversed(strides))


def _numpy_dtype(element_type: int, itemsize: int) -> np.dtype[Any]:
    """The numpy dtype of the element type if numpy has one (ml_dtypes'
    when it is imported), else an unsigned integer of its width."""
    dtype = DTYPES_BY_ELEMENT_TYPE.get(element_type)
    if dtype is None:
        load_ml_dtypes(import_if_missing=False)
        dtype = DTYPES_BY_ELEMENT_TYPE.get(element_type)
    return dtype if dtype is not None else np.dtype(f"u{itemsize}")


def _array_over(give_back: Any, described: Described) -> np.ndarray[Any, Any]:
    """A numpy array over the tensor's memory whose last reference, when
    dropped, hands the tensor back to its producer (`give_back`, which
    the caller also calls if this fails)."""
    shape, strides, itemsize = described.shape, described.strides, described.itemsize
    dtype = _numpy_dtype(described.element_type, itemsize)
    if math.prod(shape) == 0:
        empty = np.empty(shape, dtype)
        give_back()  # no memory to keep
        return empty
    # The bytes the elements span: from the lowest to past the highest.
    low = sum(s * (d - 1) for s, d in zip(strides, shape) if s < 0)
    high = sum(s * (d - 1) for s, d in zip(strides, shape) if s > 0) + itemsize
    if high - low > MAX_ALLOCATION_SIZE:
        raise BufferError(f"the DLPack tensor's strides {strides} (bytes) over shape "
                          f"{shape} span {high - low} bytes, more than an address "
                          f"space holds")
    start = described.data + low
    # The memory's owner: a pointer whose collection runs the deleter, kept
    # alive by the buffer over it, kept alive by the array.
    owner = dlpack_ffi.gc(dlpack_ffi.cast("char*", start), give_back)
    memory = dlpack_ffi.buffer(owner, high - low)
    return np.ndarray(shape, dtype, buffer=memory, offset=-low, strides=strides)


__all__ = ["HostTensor", "host_tensor", "offers_dlpack", "MAX_VERSION", "give_back_once"]
