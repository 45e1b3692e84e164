"""HAL executable caches (iree/hal/executable_cache.h): turn executable data
(what `iree-compile --compile-mode=hal-executable` writes: an embedded ELF
for llvm-cpu, a VMVX module for vmvx) into Executables a device runs."""

from __future__ import annotations

import enum
import os
from typing import TYPE_CHECKING, Sequence

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import string_view
from .._core.validate import UINT32, UINT64, checked_int, export_immutable, immutable_memory
from ..errors import InvalidArgumentError
from ._checks import refuse
from ._device_object import DeviceObject, require_open_device
from ._flags import iree_constants
from .executable import Executable

if TYPE_CHECKING:
    from typing import Any

    from .device import Device

__all__ = ["ExecutableCache", "ExecutableCachingMode"]


@iree_constants("IREE_HAL_EXECUTABLE_CACHING_MODE_")
class ExecutableCachingMode(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_executable_caching_mode_t: what a cache may do with executable data."""

    ALIAS_PROVIDED_DATA = lib.IREE_HAL_EXECUTABLE_CACHING_MODE_ALIAS_PROVIDED_DATA
    ALLOW_PERSISTENT_CACHING = lib.IREE_HAL_EXECUTABLE_CACHING_MODE_ALLOW_PERSISTENT_CACHING
    ALLOW_OPTIMIZATION = lib.IREE_HAL_EXECUTABLE_CACHING_MODE_ALLOW_OPTIMIZATION
    ENABLE_DEBUGGING = lib.IREE_HAL_EXECUTABLE_CACHING_MODE_ENABLE_DEBUGGING
    ENABLE_COVERAGE = lib.IREE_HAL_EXECUTABLE_CACHING_MODE_ENABLE_COVERAGE
    ENABLE_PROFILING = lib.IREE_HAL_EXECUTABLE_CACHING_MODE_ENABLE_PROFILING
    DISABLE_VERIFICATION = lib.IREE_HAL_EXECUTABLE_CACHING_MODE_DISABLE_VERIFICATION


_ALLOW_OPTIMIZATION = lib.IREE_HAL_EXECUTABLE_CACHING_MODE_ALLOW_OPTIMIZATION

# The longest format name infer_format reads back.
_FORMAT_CAPACITY = 128


def _executable_bytes(data: Any) -> memoryview:
    """Executable data as a byte view nobody can change: a bytes-like object
    (copied unless immutable), or the contents of the file at a path."""
    if isinstance(data, (str, os.PathLike)):
        with open(data, "rb") as file:
            data = file.read()
    try:
        view = memoryview(data)
    except TypeError:
        raise TypeError(f"executable data must be bytes-like or a path, not "
                        f"{type(data).__name__}") from None
    if not immutable_memory(view) or not view.c_contiguous:
        view = memoryview(view.tobytes())
    if view.nbytes == 0:
        raise refuse(InvalidArgumentError, "the executable data is empty")
    return view.cast("B")


def _check_format(view: memoryview, executable_format: str) -> None:
    """What IREE's loaders take on trust, checked first: an ELF format's data
    is an ELF image (IREE's loader reads its headers where they say)."""
    if "elf" in executable_format or "dll" in executable_format:
        header = bytes(view[:64])
        if header[:4] != b"\x7fELF" or len(header) < 64:
            raise refuse(InvalidArgumentError,
                         f"the executable data is not an ELF image, which format "
                         f"{executable_format!r} needs (it starts {header[:8]!r})")
        phoff = int.from_bytes(header[32:40], "little")
        phentsize = int.from_bytes(header[54:56], "little")
        phnum = int.from_bytes(header[56:58], "little")
        if phoff + phentsize * phnum > view.nbytes:
            raise refuse(InvalidArgumentError,
                         f"the ELF image is truncated: its program headers end at byte "
                         f"{phoff + phentsize * phnum}, past its {view.nbytes} bytes")


class ExecutableCache(DeviceObject, _cext.ExecutableCacheHandle):
    """An `iree_hal_executable_cache_t`. `ExecutableCache(device,
    identifier="default")` creates one (iree_hal_executable_cache_create,
    with an inline loop); methods are IREE's `iree_hal_executable_cache_*`
    without the prefix."""

    __slots__ = ("_loop_status",)

    def __init__(self, device: Device, identifier: str = "default") -> None:
        device = require_open_device(device, "ExecutableCache")
        # The inline loop's status, which the cache may write to for as long
        # as it lives.
        status = ffi.new("iree_status_t*")
        loop = ffi.new("iree_loop_t*")
        loop.self = status
        loop.ctl = lib.iree_loop_inline_ctl
        view, owner = string_view(identifier)
        self._loop_status = status
        with use(device) as (device_ptr,):
            self._create(device, status, lib.iree_hal_executable_cache_create, device_ptr, view,
                         loop[0])

    def _check_loop(self) -> None:
        status, self._loop_status[0] = self._loop_status[0], ffi.NULL
        check_status(status)

    def can_prepare_format(self, executable_format: str, caching_mode: int = 0) -> bool:
        """iree_hal_executable_cache_can_prepare_format."""
        caching_mode = checked_int(caching_mode, UINT32, "can_prepare_format: caching_mode")
        view, owner = string_view(executable_format)
        with use(self) as (cache,):
            return bool(lib.iree_hal_executable_cache_can_prepare_format(
                cache, caching_mode, view))

    def infer_format(self, executable_data: Any, caching_mode: int = 0) -> str:
        """iree_hal_executable_cache_infer_format: the format name of
        `executable_data` (e.g. "embedded-elf-x86_64")."""
        caching_mode = checked_int(caching_mode, UINT32, "infer_format: caching_mode")
        view = _executable_bytes(executable_data)
        data = ffi.from_buffer(view)
        text = ffi.new("char[]", _FORMAT_CAPACITY)
        size = ffi.new("iree_host_size_t*")
        with use(self) as (cache,):
            check_status(lib.iree_hal_executable_cache_infer_format(
                cache, caching_mode, lib.iree_make_const_byte_span(data, view.nbytes),
                _FORMAT_CAPACITY, text, size))
            # (`size` is the executable's own size within the data.)
            return ffi.string(text, _FORMAT_CAPACITY).decode("utf-8", "replace")

    def prepare_executable(self, executable_data: Any, format: str | None = None, *,
                           caching_mode: int = _ALLOW_OPTIMIZATION,
                           constants: Sequence[int] = (),
                           queue_affinity: int = lib.IREE_HAL_QUEUE_AFFINITY_ANY) -> Executable:
        """iree_hal_executable_cache_prepare_executable: an Executable of
        `executable_data` (bytes-like, or a path), in `format` (inferred
        from the data if None), with the executable-level `constants`
        (uint32 values).

        The data (copied first unless immutable) stays referenced by the
        executable, and IREE is always told it may use it in place
        (ALIAS_PROVIDED_DATA): IREE's VMVX loader, given data to copy,
        frees memory it does not own when the executable is released."""
        caching_mode = checked_int(caching_mode, UINT32, "prepare_executable: caching_mode")
        queue_affinity = checked_int(queue_affinity, UINT64, "prepare_executable: queue_affinity")
        view = _executable_bytes(executable_data)
        caching_mode |= lib.IREE_HAL_EXECUTABLE_CACHING_MODE_ALIAS_PROVIDED_DATA
        if format is None:
            format = self.infer_format(view, caching_mode)
            if not format:
                raise refuse(InvalidArgumentError, "the executable's format cannot be "
                                                   "inferred from its data; pass format= "
                                                   "(e.g. \"vmvx-bytecode-fb\")")
        _check_format(view, format)
        # (Immutable: _executable_bytes copies anything else into bytes.)
        data, exported = export_immutable(view)
        values = [int(c) for c in constants]
        if any(not 0 <= c < 2**32 for c in values):
            raise refuse(InvalidArgumentError, "executable constants are uint32 values")
        constant_array = ffi.new("uint32_t[]", values or 1)
        format_view, format_owner = string_view(format)
        params = ffi.new("iree_hal_executable_params_t*")
        lib.iree_hal_executable_params_initialize(params)
        params.queue_affinity = queue_affinity
        params.caching_mode = caching_mode
        params.executable_format = format_view
        params.executable_data = lib.iree_make_const_byte_span(data, view.nbytes)
        params.constant_count = len(values)
        params.constants = constant_array
        executable = Executable.__new__(Executable)
        with use(self) as (cache,):
            try:
                # The data stays until the executable is released.
                executable._create(self.device, (view.obj, exported),
                                   lib.iree_hal_executable_cache_prepare_executable, cache,
                                   params)
            finally:
                self._check_loop()
            return executable

    def __repr__(self) -> str:
        return "<ireec.hal.ExecutableCache closed>" if self.closed \
            else "<ireec.hal.ExecutableCache>"
