"""Every exception ireec raises.

All of them derive from `ireec.Error`, each also from the builtin exception
its meaning matches (a closed object is a ValueError, a missing runtime an
ImportError, IREE's INVALID_ARGUMENT a ValueError, ...), so callers catch
whichever suits them.

The classes need nothing but Python (loading the runtime raises
RuntimeNotFoundError before `ffi` and `lib` exist). A failed `iree_status_t`
becomes one of them in one place, the extension's converter
(csrc/python/errors.c), which `ireec.check_status` (ireec/_core/status.py)
and the calls made in C share.
"""

from __future__ import annotations

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
            self.code_name = CODE_NAMES.get(code, f"CODE_{code}")

    def __str__(self) -> str:
        return self.message


# One class per IREE status code: `code` is the `iree_status_code_t` value
# (IREE_STATUS_CANCELLED is 1, ... IREE_STATUS_INCOMPATIBLE 18: a stable ABI,
# checked against the runtime's constants by the tests), `code_name` IREE's
# name without the IREE_STATUS_ prefix.

class CancelledError(IreeError):
    """IREE_STATUS_CANCELLED."""
    code = 1
    code_name = "CANCELLED"


class UnknownError(IreeError):
    """IREE_STATUS_UNKNOWN."""
    code = 2
    code_name = "UNKNOWN"


class InvalidArgumentError(IreeError, ValueError):
    """IREE_STATUS_INVALID_ARGUMENT."""
    code = 3
    code_name = "INVALID_ARGUMENT"


class DeadlineExceededError(IreeError, TimeoutError):
    """IREE_STATUS_DEADLINE_EXCEEDED."""
    code = 4
    code_name = "DEADLINE_EXCEEDED"


class NotFoundError(IreeError, LookupError):
    """IREE_STATUS_NOT_FOUND."""
    code = 5
    code_name = "NOT_FOUND"


class AlreadyExistsError(IreeError):
    """IREE_STATUS_ALREADY_EXISTS."""
    code = 6
    code_name = "ALREADY_EXISTS"


class PermissionDeniedError(IreeError, PermissionError):
    """IREE_STATUS_PERMISSION_DENIED."""
    code = 7
    code_name = "PERMISSION_DENIED"


class ResourceExhaustedError(IreeError, MemoryError):
    """IREE_STATUS_RESOURCE_EXHAUSTED."""
    code = 8
    code_name = "RESOURCE_EXHAUSTED"


class FailedPreconditionError(IreeError):
    """IREE_STATUS_FAILED_PRECONDITION."""
    code = 9
    code_name = "FAILED_PRECONDITION"


class AbortedError(IreeError):
    """IREE_STATUS_ABORTED."""
    code = 10
    code_name = "ABORTED"


class OutOfRangeError(IreeError, IndexError):
    """IREE_STATUS_OUT_OF_RANGE."""
    code = 11
    code_name = "OUT_OF_RANGE"


class UnimplementedError(IreeError, NotImplementedError):
    """IREE_STATUS_UNIMPLEMENTED."""
    code = 12
    code_name = "UNIMPLEMENTED"


class InternalError(IreeError):
    """IREE_STATUS_INTERNAL."""
    code = 13
    code_name = "INTERNAL"


class UnavailableError(IreeError):
    """IREE_STATUS_UNAVAILABLE."""
    code = 14
    code_name = "UNAVAILABLE"


class DataLossError(IreeError):
    """IREE_STATUS_DATA_LOSS."""
    code = 15
    code_name = "DATA_LOSS"


class UnauthenticatedError(IreeError):
    """IREE_STATUS_UNAUTHENTICATED."""
    code = 16
    code_name = "UNAUTHENTICATED"


class DeferredError(IreeError):
    """IREE_STATUS_DEFERRED."""
    code = 17
    code_name = "DEFERRED"


class IncompatibleError(IreeError):
    """IREE_STATUS_INCOMPATIBLE."""
    code = 18
    code_name = "INCOMPATIBLE"


class MissingCpuFeaturesError(IncompatibleError):
    """A module whose CPU executables were compiled for features this
    machine's CPU lacks, refused before any of its code runs (it would die
    of SIGILL at the first instruction the CPU lacks).

    Attributes:
      missing_features: the features the CPU lacks, by the names LLVM and
        `python -m ireec cpuinfo` give them (("avx512fp16", ...)).
    """

    # The runtime's words for it (csrc/runtime/module_checks.c), then the
    # features, comma-separated, up to " (".
    MARKER = "compiled for CPU features this machine lacks: "

    def __init__(self, message: str, code: int | None = None):
        super().__init__(message, code)
        listed = message.partition(self.MARKER)[2].partition(" (")[0]
        self.missing_features: tuple[str, ...] = tuple(
            name.strip() for name in listed.split(",") if name.strip())


STATUS_ERRORS: tuple[type[IreeError], ...] = (
    CancelledError, UnknownError, InvalidArgumentError, DeadlineExceededError,
    NotFoundError, AlreadyExistsError, PermissionDeniedError, ResourceExhaustedError,
    FailedPreconditionError, AbortedError, OutOfRangeError, UnimplementedError,
    InternalError, UnavailableError, DataLossError, UnauthenticatedError,
    DeferredError, IncompatibleError,
)

ERRORS_BY_CODE: dict[int, type[IreeError]] = {cls.code: cls for cls in STATUS_ERRORS}
CODE_NAMES: dict[int, str] = {cls.code: cls.code_name for cls in STATUS_ERRORS}
