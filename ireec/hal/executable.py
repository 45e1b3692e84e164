"""HAL executables (iree/hal/executable.h): compiled code a device runs, made
by an ExecutableCache from what `iree-compile --compile-mode=hal-executable`
writes; each export is an entry point a dispatch runs
(`CommandBuffer.dispatch`, `Device.queue_dispatch`)."""

from __future__ import annotations

import enum
from typing import NamedTuple

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import from_string_view, string_view
from .._core.validate import UINT32, checked_int
from ..errors import OutOfRangeError
from ._checks import refuse
from ._device_object import DeviceObject
from ._flags import iree_constants

__all__ = ["Executable", "ExecutableExportFlag", "ExecutableExportParameterType",
           "ExportInfo", "ExportParameter"]


@iree_constants("IREE_HAL_EXECUTABLE_EXPORT_FLAG_")
class ExecutableExportFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_executable_export_flags_t."""

    NONE = lib.IREE_HAL_EXECUTABLE_EXPORT_FLAG_NONE
    SEQUENTIAL = lib.IREE_HAL_EXECUTABLE_EXPORT_FLAG_SEQUENTIAL
    WORKGROUP_SIZE_DYNAMIC = lib.IREE_HAL_EXECUTABLE_EXPORT_FLAG_WORKGROUP_SIZE_DYNAMIC


@iree_constants("IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_TYPE_")
class ExecutableExportParameterType(enum.IntEnum):
    """iree_hal_executable_export_parameter_type_t: what a dispatch parameter is."""

    CONSTANT = lib.IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_TYPE_CONSTANT
    BINDING = lib.IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_TYPE_BINDING
    BUFFER_PTR = lib.IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_TYPE_BUFFER_PTR


@iree_constants("IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_FLAG_")
class ExecutableExportParameterFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_executable_export_parameter_flags_t."""

    NONE = lib.IREE_HAL_EXECUTABLE_EXPORT_PARAMETER_FLAG_NONE


class ExportInfo(NamedTuple):
    """iree_hal_executable_export_info_t: what one export takes."""

    name: str
    flags: ExecutableExportFlag
    constant_count: int
    binding_count: int
    parameter_count: int
    workgroup_size: tuple[int, int, int]


class ExportParameter(NamedTuple):
    """iree_hal_executable_export_parameter_t: one reflected parameter."""

    type: ExecutableExportParameterType
    size: int
    flags: ExecutableExportParameterFlag
    name: str
    offset: int


class Executable(DeviceObject, _cext.ExecutableHandle):
    """An `iree_hal_executable_t`, made by `ExecutableCache.prepare_executable`
    (`Executable.from_handle(ptr, retain=..., device=None)` adopts a raw
    one). Methods are IREE's `iree_hal_executable_*` without the prefix."""

    __slots__ = ()

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError("executables are made by ExecutableCache(device)."
                        "prepare_executable(data, format=...)")

    @property
    def export_count(self) -> int:
        """iree_hal_executable_export_count."""
        with use(self) as (executable,):
            return int(lib.iree_hal_executable_export_count(executable))

    def _ordinal(self, export_ordinal: int) -> int:
        count = self.export_count
        if isinstance(export_ordinal, bool) or not isinstance(export_ordinal, int):
            raise TypeError(f"an export ordinal is an int, not {type(export_ordinal).__name__}")
        # A driver without export reflection (IREE's Vulkan driver) reports
        # no export: it checks the ordinal itself, with OUT_OF_RANGE.
        if count and not 0 <= export_ordinal < count:
            raise refuse(OutOfRangeError, f"export ordinal {export_ordinal} is out of range: "
                                          f"the executable has {count} export(s)")
        return export_ordinal

    def export_info(self, export_ordinal: int) -> ExportInfo:
        """iree_hal_executable_export_info (OutOfRangeError past the last
        export)."""
        export_ordinal = checked_int(export_ordinal, UINT32, "export_info: export_ordinal")
        ordinal = self._ordinal(export_ordinal)
        info = ffi.new("iree_hal_executable_export_info_t*")
        with use(self) as (executable,):
            check_status(lib.iree_hal_executable_export_info(executable, ordinal, info))
            return ExportInfo(from_string_view(info.name), ExecutableExportFlag(info.flags),
                              int(info.constant_count), int(info.binding_count),
                              int(info.parameter_count), tuple(info.workgroup_size))

    def export_parameters(self, export_ordinal: int,
                          capacity: int | None = None) -> list[ExportParameter]:
        """iree_hal_executable_export_parameters: at most `capacity` (by
        default all) of the export's reflected parameters."""
        export_ordinal = checked_int(export_ordinal, UINT32, "export_parameters: export_ordinal")
        ordinal = self._ordinal(export_ordinal)
        count = self.export_info(ordinal).parameter_count
        capacity = count if capacity is None else max(0, min(int(capacity), count))
        out = ffi.new("iree_hal_executable_export_parameter_t[]", max(capacity, 1))
        with use(self) as (executable,):
            check_status(lib.iree_hal_executable_export_parameters(
                executable, ordinal, capacity, out))
            return [ExportParameter(ExecutableExportParameterType(p.type), int(p.size),
                                    ExecutableExportParameterFlag(p.flags),
                                    from_string_view(p.name), int(p.offset))
                    for p in out[0:capacity]]

    def lookup_export_by_name(self, name: str) -> int:
        """iree_hal_executable_lookup_export_by_name: the ordinal of the export
        `name` (NotFoundError if there is none)."""
        view, owner = string_view(name)
        out = ffi.new("iree_hal_executable_export_ordinal_t*")
        with use(self) as (executable,):
            check_status(lib.iree_hal_executable_lookup_export_by_name(executable, view, out))
            return int(out[0])

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.hal.Executable closed>"
        return f"<ireec.hal.Executable {self.export_count} export(s)>"
