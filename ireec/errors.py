"""Every exception ireec raises, and IREE statuses turned into them.

All of them derive from `ireec.Error`, each also from the builtin exception
its meaning matches (a closed object is a ValueError, a missing runtime an
ImportError, IREE's INVALID_ARGUMENT a ValueError, ...), so callers catch
whichever suits them.

`check_status` is the one place a C `iree_status_t` becomes an exception: it
formats the status with IREE's own formatter (file:line, code, message and
every annotation) and frees it exactly once.

The classes come first and need nothing but Python: `_runtime_location` and
`_library` raise RuntimeNotFoundError while the runtime is being found, before
`ffi` and `lib` exist (which is why `ireec/__init__.py` imports this module
first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .types import CData


class Error(Exception):
    """The base of every exception ireec raises."""


class ClosedError(Error, ValueError):
    """An object was used after close()."""


class RuntimeNotFoundError(Error, ImportError):
    """The IREE runtime library is missing or is not a build ireec knows."""


class CompilerNotFoundError(Error, FileNotFoundError):
    """iree-compile is not installed (ireec.compile)."""


class CompileError(Error, RuntimeError):
    """iree-compile rejected a program (ireec.compile); the message carries
    the compiler's diagnostics."""


class IreeError(Error, RuntimeError):
    """A failed IREE status.

    Attributes:
      code: the numeric `iree_status_code_t`.
      code_name: its name without the prefix, e.g. "INVALID_ARGUMENT".
      message: the full text IREE formatted for the status.
    """

    code: int = -1
    code_name: str = "UNKNOWN"

    def __init__(self, message: str, code: int | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
            self.code_name = _CODE_NAMES.get(code, f"CODE_{code}")

    def __str__(self) -> str:
        return self.message


# One class per IREE status code. `code_name` is IREE's name without the
# IREE_STATUS_ prefix; `code` is read from `lib` below, never written here.

class CancelledError(IreeError):
    """IREE_STATUS_CANCELLED."""
    code_name = "CANCELLED"


class UnknownError(IreeError):
    """IREE_STATUS_UNKNOWN."""
    code_name = "UNKNOWN"


class InvalidArgumentError(IreeError, ValueError):
    """IREE_STATUS_INVALID_ARGUMENT."""
    code_name = "INVALID_ARGUMENT"


class DeadlineExceededError(IreeError, TimeoutError):
    """IREE_STATUS_DEADLINE_EXCEEDED."""
    code_name = "DEADLINE_EXCEEDED"


class NotFoundError(IreeError, LookupError):
    """IREE_STATUS_NOT_FOUND."""
    code_name = "NOT_FOUND"


class AlreadyExistsError(IreeError):
    """IREE_STATUS_ALREADY_EXISTS."""
    code_name = "ALREADY_EXISTS"


class PermissionDeniedError(IreeError, PermissionError):
    """IREE_STATUS_PERMISSION_DENIED."""
    code_name = "PERMISSION_DENIED"


class ResourceExhaustedError(IreeError, MemoryError):
    """IREE_STATUS_RESOURCE_EXHAUSTED."""
    code_name = "RESOURCE_EXHAUSTED"


class FailedPreconditionError(IreeError):
    """IREE_STATUS_FAILED_PRECONDITION."""
    code_name = "FAILED_PRECONDITION"


class AbortedError(IreeError):
    """IREE_STATUS_ABORTED."""
    code_name = "ABORTED"


class OutOfRangeError(IreeError, IndexError):
    """IREE_STATUS_OUT_OF_RANGE."""
    code_name = "OUT_OF_RANGE"


class UnimplementedError(IreeError, NotImplementedError):
    """IREE_STATUS_UNIMPLEMENTED."""
    code_name = "UNIMPLEMENTED"


class InternalError(IreeError):
    """IREE_STATUS_INTERNAL."""
    code_name = "INTERNAL"


class UnavailableError(IreeError):
    """IREE_STATUS_UNAVAILABLE."""
    code_name = "UNAVAILABLE"


class DataLossError(IreeError):
    """IREE_STATUS_DATA_LOSS."""
    code_name = "DATA_LOSS"


class UnauthenticatedError(IreeError):
    """IREE_STATUS_UNAUTHENTICATED."""
    code_name = "UNAUTHENTICATED"


class DeferredError(IreeError):
    """IREE_STATUS_DEFERRED."""
    code_name = "DEFERRED"


class IncompatibleError(IreeError):
    """IREE_STATUS_INCOMPATIBLE."""
    code_name = "INCOMPATIBLE"


STATUS_ERRORS: tuple[type[IreeError], ...] = (
    CancelledError, UnknownError, InvalidArgumentError, DeadlineExceededError,
    NotFoundError, AlreadyExistsError, PermissionDeniedError, ResourceExhaustedError,
    FailedPreconditionError, AbortedError, OutOfRangeError, UnimplementedError,
    InternalError, UnavailableError, DataLossError, UnauthenticatedError,
    DeferredError, IncompatibleError,
)

# After the classes: loading the runtime may raise RuntimeNotFoundError.
from ._library import ffi, lib  # noqa: E402

for _cls in STATUS_ERRORS:
    _cls.code = getattr(lib, f"IREE_STATUS_{_cls.code_name}")
del _cls

_BY_CODE = {cls.code: cls for cls in STATUS_ERRORS}
_CODE_NAMES = {code: cls.code_name for code, cls in _BY_CODE.items()}


def status_to_string(status: CData) -> str:
    """IREE's full text for `status` (which stays owned by the caller)."""
    allocator = ffi.new("iree_allocator_t*", lib.iree_allocator_system())
    buffer = ffi.new("char**")
    length = ffi.new("iree_host_size_t*")
    if not lib.iree_status_to_string(status, allocator, buffer, length):
        code = lib.iree_status_code(status)
        return ffi.string(lib.iree_status_code_string(code)).decode()
    try:
        return ffi.unpack(buffer[0], length[0]).decode("utf-8", "replace")
    finally:
        lib.iree_allocator_free(allocator[0], buffer[0])


def error_from_status(status: CData) -> IreeError:
    """Takes ownership of a failed `status`, frees it, returns its exception."""
    try:
        code = lib.iree_status_code(status)
        message = status_to_string(status)
    finally:
        lib.iree_status_free(status)
    cls = _BY_CODE.get(code, IreeError)
    return cls(message, code)


def check_status(status: CData) -> None:
    """Raises the exception for `status` if it failed; frees it either way."""
    if lib.iree_status_is_ok(status):
        return
    raise error_from_status(status)
