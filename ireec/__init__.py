"""ireec: the IREE C runtime from Python, through cffi.

Two faces over the same objects:

* the raw layer, `ireec.ffi` and `ireec.lib`: IREE's C API under IREE's own
  names (`lib.iree_runtime_instance_create`, `lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32`,
  ...), so C samples port line by line;
* `ireec.check_status` and the exception hierarchy rooted at `ireec.Error`:
  `IreeError` and its subclasses turn a failed `iree_status_t` into a typed
  exception carrying IREE's message; `ClosedError`, `RuntimeNotFoundError`,
  `CompilerNotFoundError` and `CompileError` are ireec's own;
* a thin Pythonic layer (`Instance`, `Device`, `Session`, `BufferView`, ...):
  each object wraps one C handle, hands it back as `.handle`, and releases it
  on `close()`, at the end of a `with` block, or when collected.
"""

from __future__ import annotations

from pathlib import Path

# An unbuilt package (the source tree shadowing the installed one) is refused
# first, saying what to run, before anything loads the runtime.
from ._core.unbuilt import check_built as _check_built

_check_built()

from ._core.library import RUNTIME_LIBRARY_PATH, RUNTIME_LIBRARY_SHA256, lib
# A forked child abandons what it inherited (its handlers, registered once
# imported).
from ._core import fork as _fork  # noqa: F401  isort: skip
# `ireec.ffi`: cffi's FFI of IREE's C API, whose callbacks never report
# success to IREE when their Python body raises.
from ._core.callbacks import raw_ffi as ffi, status_callback
from ._core.status import check_status, error_from_status, status_to_string
from .errors import (
    AbortedError,
    AlreadyExistsError,
    CancelledError,
    ClosedError,
    CompileError,
    CompilerNotFoundError,
    DataLossError,
    DeadlineExceededError,
    DeferredError,
    Error,
    FailedPreconditionError,
    IncompatibleError,
    InternalError,
    InvalidArgumentError,
    IreeError,
    MissingCpuFeaturesError,
    NotFoundError,
    OutOfRangeError,
    PermissionDeniedError,
    ResourceExhaustedError,
    RuntimeNotFoundError,
    UnauthenticatedError,
    UnavailableError,
    UnimplementedError,
    UnknownError,
)

# The Pythonic layer, by IREE's areas (each subpackage's docstring says what
# it holds); its names are also ireec's own.
from .hal import (
    BufferView,
    Device,
    DeviceInfo,
    DriverInfo,
    Fence,
    Semaphore,
    dtype_from_element_type,
    element_type_from_dtype,
    element_type_name,
    empty_aligned,
)
from .io import ParameterEntry, ParameterIndex, SplatValue, save_parameters
from .runtime import (
    BoundCall,
    Function,
    Instance,
    LoadedModule,
    ModuleFunction,
    PreparedCall,
    Session,
    load_module,
    query_drivers,
)
from .vm import ExportedFunction, ModuleInfo

# The extension gets what it needs from the areas, once, now that all of
# them are imported.
from . import _extension  # isort: skip

_extension.install()

__version__ = "0.1.0"

_PACKAGE_DIR = Path(__file__).resolve().parent


def get_include() -> str:
    """The directory holding `iree/runtime/api.h` and the other C headers."""
    return str(_PACKAGE_DIR / "include")


def get_library_dir() -> str:
    """The directory holding libireec_runtime.so."""
    return str(_PACKAGE_DIR / "lib")


__all__ = [
    "Instance", "Device", "DeviceInfo", "DriverInfo", "query_drivers", "ClosedError",
    "Session", "Function", "PreparedCall", "BoundCall", "Fence", "Semaphore",
    "ParameterIndex", "ParameterEntry", "SplatValue", "save_parameters",
    "BufferView", "empty_aligned", "dtype_from_element_type", "element_type_from_dtype",
    "element_type_name", "load_module", "LoadedModule", "ModuleFunction", "ModuleInfo",
    "ExportedFunction",
    "ffi", "lib", "check_status", "error_from_status", "status_to_string", "status_callback",
    "get_include", "get_library_dir", "RUNTIME_LIBRARY_PATH",
    "RUNTIME_LIBRARY_SHA256", "Error", "IreeError", "RuntimeNotFoundError",
    "CompilerNotFoundError", "CompileError", "AbortedError", "AlreadyExistsError",
    "CancelledError", "DataLossError", "DeadlineExceededError", "DeferredError",
    "FailedPreconditionError", "IncompatibleError", "MissingCpuFeaturesError",
    "InternalError", "InvalidArgumentError", "NotFoundError", "OutOfRangeError",
    "PermissionDeniedError", "ResourceExhaustedError", "UnauthenticatedError",
    "UnavailableError", "UnimplementedError", "UnknownError",
]
