"""What the tests of DLPack on devices share: a producer whose tensor (over a
numpy array's memory, said to be on any DLPack device) counts its deleter's
calls, and a consumer's wrapper of a capsule ireec exported."""

from __future__ import annotations

import ctypes
import threading

import numpy as np

from ireec.hal.dlpack import FLAG_READ_ONLY, dlpack_ffi

_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class CountingProducer:
    """A DLPack producer of `array`'s memory (from `byte_offset` on, with
    `shape` and element `strides` if given), whose deleter counts its calls
    in `deleted` (IREE may call it from any thread). `device` is what the
    tensor and __dlpack_device__ say; `dtype` a DLPack (code, bits) pair;
    `version` that of a versioned tensor, None for a legacy one. `streams`
    lists the stream each __dlpack__ was asked for."""

    def __init__(self, array, *, device=(1, 0), version=(1, 1), read_only=False,
                 byte_offset=0, shape=None, strides=None, dtype=(2, 32)):
        self.array = array
        self.device = device
        self.version = version
        self.read_only = read_only
        self.byte_offset = byte_offset
        self.shape = array.shape if shape is None else shape
        self.strides = strides
        self.dtype = dtype
        self.deleted = 0
        self.streams: list[object] = []
        self._lock = threading.Lock()
        self._kept: list[object] = []

    def __dlpack_device__(self):
        return self.device

    def __dlpack__(self, *, stream=None, max_version=None, **kwargs):
        self.streams.append(stream)
        versioned = self.version is not None
        ctype = "DLManagedTensorVersioned" if versioned else "DLManagedTensor"
        managed = dlpack_ffi.new(f"{ctype}*")
        shape = dlpack_ffi.new("int64_t[]", list(self.shape) or [0])
        strides = dlpack_ffi.NULL if self.strides is None else dlpack_ffi.new("int64_t[]", list(self.strides))
        deleter = dlpack_ffi.callback(f"void({ctype}*)", self._delete)
        tensor = managed.dl_tensor
        tensor.data = dlpack_ffi.cast("void*", self.array.ctypes.data)
        tensor.byte_offset = self.byte_offset
        tensor.device.device_type, tensor.device.device_id = self.device
        tensor.ndim = len(self.shape)
        tensor.dtype.code, tensor.dtype.bits = self.dtype
        tensor.dtype.lanes = 1
        tensor.shape, tensor.strides = shape, strides
        managed.deleter = deleter
        if versioned:
            managed.version.major, managed.version.minor = self.version
            managed.flags = FLAG_READ_ONLY if self.read_only else 0
        self._kept.append((managed, shape, strides, deleter))
        name = b"dltensor_versioned" if versioned else b"dltensor"
        return _capsule_new(int(dlpack_ffi.cast("uintptr_t", managed)), name, None)

    def _delete(self, managed) -> None:
        with self._lock:
            self.deleted += 1


class Capsule:
    """A consumer's view of one capsule: numpy.from_dlpack(Capsule(c, dev))."""

    def __init__(self, capsule, device=(1, 0)):
        self.capsule = capsule
        self.device = device

    def __dlpack__(self, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return self.device


def exported_memory(view) -> tuple[tuple[int, int], int]:
    """(DLPack device, address of the first element) of the tensor
    `view.__dlpack__()` exports (the capsule is then dropped unconsumed)."""
    capsule = view.__dlpack__(max_version=(1, 1))
    managed = dlpack_ffi.cast("DLManagedTensorVersioned*",
                       _capsule_pointer(capsule, b"dltensor_versioned"))
    tensor = managed.dl_tensor
    data = int(dlpack_ffi.cast("uintptr_t", tensor.data)) + tensor.byte_offset
    return (tensor.device.device_type, tensor.device.device_id), data


def f32(values) -> np.ndarray:
    return np.asarray(values, np.float32)
