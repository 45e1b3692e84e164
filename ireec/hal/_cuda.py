"""The few CUDA driver calls DLPack on CUDA needs that IREE's HAL does not
make (ireec/hal/_dlpack_device.py): on which GPU a device pointer lies
(cuPointerGetAttribute), and the host waiting for the legacy default stream
of a GPU's primary context, the context IREE's cuda driver, torch and JAX all
use (cuStreamSynchronize). Reached only for CUDA devices and tensors, which
exist only where libcuda does.

The values are cuda.h's (CUDA 11 and later; the `_v2` entry points are what
its macros name).
"""

from __future__ import annotations

import ctypes
import threading

from .. import errors

CUDA_SUCCESS = 0
CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9
# ((CUstream)0x1): the legacy default stream, which DLPack's stream 1 names.
CU_STREAM_LEGACY = 1

_lock = threading.Lock()
_library: ctypes.CDLL | None = None


def _cuda() -> ctypes.CDLL:
    """libcuda, loaded and initialized once."""
    global _library
    with _lock:
        if _library is None:
            try:
                library = ctypes.CDLL("libcuda.so.1")
            except OSError as error:
                raise errors.UnavailableError(
                    f"UNAVAILABLE; DLPack on CUDA needs libcuda.so.1 (the NVIDIA driver): "
                    f"{error}") from None
            _check(library, library.cuInit(0), "cuInit")
            _library = library
        return _library


def _check(library: ctypes.CDLL, result: int, what: str) -> None:
    if result == CUDA_SUCCESS:
        return
    name = ctypes.c_char_p()
    library.cuGetErrorName(result, ctypes.byref(name))
    text = name.value.decode() if name.value else f"CUresult {result}"
    raise errors.InternalError(f"INTERNAL; {what} failed: {text}")


def pointer_ordinal(pointer: int) -> int:
    """The ordinal of the GPU whose memory `pointer` (a CUdeviceptr) is;
    BufferError if it is no CUDA memory."""
    library = _cuda()
    ordinal = ctypes.c_int(-1)
    result = library.cuPointerGetAttribute(ctypes.byref(ordinal),
                                           CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                           ctypes.c_uint64(pointer))
    if result != CUDA_SUCCESS:
        raise BufferError(f"{pointer:#x} is not CUDA device memory (cuPointerGetAttribute "
                          f"answers CUresult {result})")
    return ordinal.value


def synchronize_legacy_stream(ordinal: int) -> None:
    """Waits on the host until the legacy default stream of GPU `ordinal`'s
    primary context has done all the work queued on it."""
    library = _cuda()
    device = ctypes.c_int()
    _check(library, library.cuDeviceGet(ctypes.byref(device), ordinal), "cuDeviceGet")
    context = ctypes.c_void_p()
    _check(library, library.cuDevicePrimaryCtxRetain(ctypes.byref(context), device),
           "cuDevicePrimaryCtxRetain")
    try:
        _check(library, library.cuCtxPushCurrent_v2(context), "cuCtxPushCurrent")
        try:
            _check(library, library.cuStreamSynchronize(ctypes.c_void_p(CU_STREAM_LEGACY)),
                   "cuStreamSynchronize")
        finally:
            library.cuCtxPopCurrent_v2(ctypes.byref(ctypes.c_void_p()))
    finally:
        library.cuDevicePrimaryCtxRelease_v2(device)
