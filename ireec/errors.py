"""IREE statuses as Python exceptions.

`check_status` is the one place a C `iree_status_t` becomes an exception: it
formats the status with IREE's own formatter (file:line, code, message and
every annotation) and frees it exactly once.
"""

from __future__ import annotations

from ._library import ffi, lib


class IreeError(RuntimeError):
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


def _subclass(name: str, code_name: str, *builtins: type) -> type:
    code = getattr(lib, f"IREE_STATUS_{code_name}")
    cls = type(name, (IreeError, *builtins), {
        "__doc__": f"IREE_STATUS_{code_name}.",
        "__module__": __name__,
        "code": code,
        "code_name": code_name,
    })
    return cls


CancelledError = _subclass("CancelledError", "CANCELLED")
UnknownError = _subclass("UnknownError", "UNKNOWN")
InvalidArgumentError = _subclass("InvalidArgumentError", "INVALID_ARGUMENT", ValueError)
DeadlineExceededError = _subclass("DeadlineExceededError", "DEADLINE_EXCEEDED", TimeoutError)
NotFoundError = _subclass("NotFoundError", "NOT_FOUND", LookupError)
AlreadyExistsError = _subclass("AlreadyExistsError", "ALREADY_EXISTS")
PermissionDeniedError = _subclass("PermissionDeniedError", "PERMISSION_DENIED", PermissionError)
ResourceExhaustedError = _subclass("ResourceExhaustedError", "RESOURCE_EXHAUSTED", MemoryError)
FailedPreconditionError = _subclass("FailedPreconditionError", "FAILED_PRECONDITION")
AbortedError = _subclass("AbortedError", "ABORTED")
OutOfRangeError = _subclass("OutOfRangeError", "OUT_OF_RANGE", IndexError)
UnimplementedError = _subclass("UnimplementedError", "UNIMPLEMENTED", NotImplementedError)
InternalError = _subclass("InternalError", "INTERNAL")
UnavailableError = _subclass("UnavailableError", "UNAVAILABLE")
DataLossError = _subclass("DataLossError", "DATA_LOSS")
UnauthenticatedError = _subclass("UnauthenticatedError", "UNAUTHENTICATED")
DeferredError = _subclass("DeferredError", "DEFERRED")
IncompatibleError = _subclass("IncompatibleError", "INCOMPATIBLE")

_BY_CODE = {cls.code: cls for cls in IreeError.__subclasses__()}
_CODE_NAMES = {code: cls.code_name for code, cls in _BY_CODE.items()}


def status_to_string(status) -> str:
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


def error_from_status(status) -> IreeError:
    """Takes ownership of a failed `status`, frees it, returns its exception."""
    try:
        code = lib.iree_status_code(status)
        message = status_to_string(status)
    finally:
        lib.iree_status_free(status)
    cls = _BY_CODE.get(code, IreeError)
    return cls(message, code)


def check_status(status) -> None:
    """Raises the exception for `status` if it failed; frees it either way."""
    if lib.iree_status_is_ok(status):
        return
    raise error_from_status(status)
