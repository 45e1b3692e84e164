"""Python code that IREE calls: an exception it raises becomes a failed
`iree_status_t`, never OK, and comes back to Python as itself.

IREE calls Python functions through C function pointers (cffi callbacks):
native module functions, host calls, loops, debug sinks, and the callbacks
users write with `ireec.ffi.callback`. cffi's default, when such a function
raises, is to print "Exception ignored from cffi callback" and return zero,
which for an `iree_status_t` is OK: the work reports success with a wrong
result. `status_callback` (and `status_extern`, for ireec's own `extern
"Python"` functions) instead return a failed status carrying the exception's
type and message, with a status code matching the exception
(`status_code_of`).

The exception object itself is kept (a bounded number of them, in `kept`)
under a number the status's message names, "(Python exception #N)". When
that status comes back to Python through ireec's one status converter
(csrc/python/errors.c, which `ireec.check_status` and the calls made in C
share), the converter takes the original exception from `kept` and raises
it, with IREE's text for the status (the frames it passed through) as a
note; a status that never comes back is still a failure naming the
exception.
"""

from __future__ import annotations

import itertools
import threading
from typing import TYPE_CHECKING, Any, Callable, TypeVar, cast

from ..errors import IreeError
from .library import ffi, lib

if TYPE_CHECKING:
    from cffi import FFI

    from ..types import CData

F = TypeVar("F", bound=Callable[..., Any])

# How a status names the exception it was made from (the converter,
# csrc/python/errors.c, reads it).
_MARKER = "(Python exception #{})"
# The most exceptions kept for statuses that have not come back yet: a
# status IREE drops (or that is formatted without being raised) would keep
# its exception forever otherwise.
_KEPT = 256

# {number: exception}, oldest first: given to ireec._cext when it is
# installed, which takes an exception out when its status comes back.
kept: dict[int, BaseException] = {}
_numbers = itertools.count(1)
_lock = threading.Lock()  # (adding and trimming; the converter takes one under the GIL)

# Builtin exceptions and the IREE status codes of the same meaning; any other
# exception is UNKNOWN. (ireec's own IREE errors keep their code.)
_CODES: tuple[tuple[type[BaseException], int], ...] = (
    (KeyboardInterrupt, lib.IREE_STATUS_CANCELLED),
    (TimeoutError, lib.IREE_STATUS_DEADLINE_EXCEEDED),
    (PermissionError, lib.IREE_STATUS_PERMISSION_DENIED),
    (FileNotFoundError, lib.IREE_STATUS_NOT_FOUND),
    (FileExistsError, lib.IREE_STATUS_ALREADY_EXISTS),
    (MemoryError, lib.IREE_STATUS_RESOURCE_EXHAUSTED),
    (NotImplementedError, lib.IREE_STATUS_UNIMPLEMENTED),
    (IndexError, lib.IREE_STATUS_OUT_OF_RANGE),
    (KeyError, lib.IREE_STATUS_NOT_FOUND),
    (OverflowError, lib.IREE_STATUS_OUT_OF_RANGE),
    (ValueError, lib.IREE_STATUS_INVALID_ARGUMENT),
    (TypeError, lib.IREE_STATUS_INVALID_ARGUMENT),
)


def status_code_of(error: BaseException) -> int:
    """The IREE status code a failure raised as `error` is reported with."""
    if isinstance(error, IreeError) and error.code > 0:
        return error.code
    for cls, code in _CODES:
        if isinstance(error, cls):
            return code
    return lib.IREE_STATUS_UNKNOWN


def status_from_exception(error: BaseException) -> CData:
    """A new failed iree_status_t for `error` (the caller, or IREE, owns
    it), which names the exception kept for when it comes back."""
    with _lock:
        number = next(_numbers)
        kept[number] = error
        while len(kept) > _KEPT:
            kept.pop(next(iter(kept)), None)
    try:
        described = f"{type(error).__qualname__}: {error}" if str(error) else type(error).__qualname__
    except Exception:  # a __str__ that raises still fails the status
        described = type(error).__qualname__
    text = ffi.new("char[]", f"{described} {_MARKER.format(number)}".encode("utf-8", "replace"))
    # IREE keeps the text of statuses made by iree_status_allocate by
    # pointer; the formatting variant copies it.
    return lib.iree_status_allocate_f(status_code_of(error), ffi.NULL, 0, b"%s", text)


def status_address_from_exception(error: BaseException) -> int:
    """status_from_exception's status as an address, for C that calls
    Python (ireec._cext's shim of NativeModule functions)."""
    return int(ffi.cast("uintptr_t", status_from_exception(error)))


def _on_error(exception: type[BaseException], error: BaseException, traceback: Any) -> CData:
    # cffi's onerror: what the callback returns instead of its own result.
    # cffi hands the traceback apart; kept on the exception, it shows where
    # in the callback it was raised when it is raised again.
    if error.__traceback__ is None and traceback is not None:
        error = error.with_traceback(traceback)
    return status_from_exception(error)


def _result_type(signature: str) -> Any:
    """The result type of the C function type `signature`."""
    # cffi's typeof takes pointers to functions only: "r(a)" -> "r(*)(a)".
    spelled = signature if "(*)" in signature else signature.replace("(", "(*)(", 1)
    try:
        function_type = ffi.typeof(spelled)
    except ffi.error as error:
        raise TypeError(f"{signature!r} is not a C function type: {error}") from None
    if function_type.kind == "pointer":
        function_type = function_type.item
    if function_type.kind != "function":
        raise TypeError(f"{signature!r} is not a C function type")
    return function_type.result


def status_callback(signature: str) -> Callable[[F], CData]:
    """Decorates a Python function as a C callback of `signature` (a cffi
    function type returning iree_status_t, e.g.
    "iree_status_t(void*, iree_loop_t, iree_status_t)"): as
    `ffi.callback(signature)`, except that an exception the function raises
    makes it return a failed status carrying the exception's type and
    message, which raises that same exception when it reaches Python
    through ireec (check_status, a call). Returning None means OK. Keep
    the returned callback referenced while C may call it."""
    if _result_type(signature) is not ffi.typeof("iree_status_t"):
        raise TypeError(f"status_callback needs a function type returning iree_status_t, "
                        f"not {signature!r}")

    def decorate(function: F) -> CData:
        return ffi.callback(signature, _returning_a_status(function), onerror=_on_error)

    return decorate


def _returning_a_status(function: Callable[..., Any]) -> Callable[..., Any]:
    """`function`, returning NULL (OK) where it returns None."""
    def returning_a_status(*args: Any) -> CData:
        result = function(*args)
        return ffi.NULL if result is None else result

    returning_a_status.__name__ = getattr(function, "__name__", "callback")
    return returning_a_status


def status_extern(function: F) -> F:
    """`@ffi.def_extern()` for ireec's own `extern "Python"` functions
    returning iree_status_t, with status_callback's handling of
    exceptions."""
    return ffi.def_extern(name=function.__name__, onerror=_on_error)(function)


# IREE's callback types returning an int where nonzero is failure (an
# executable library's imports, their thunk, its dispatch functions): a
# raw callback of one of them returns 1 when its Python body raises.
_FAILING_INT_TYPES = ("iree_hal_executable_import_v0_t",
                      "iree_hal_executable_import_thunk_v0_t",
                      "iree_hal_executable_dispatch_v0_t")


class RawFFI:
    """`ireec.ffi`: the cffi FFI of IREE's C API (every attribute its
    own), except that `callback` never lets a Python body that raises
    report success to IREE. cffi's default returns zero, which for an
    `iree_status_t` is OK; here a callback returning iree_status_t returns
    the failed status carrying the exception (as status_callback's do: a
    body returning None returns OK), and
    one of IREE's int-returning callback types (`_FAILING_INT_TYPES`)
    returns 1, unless the caller passes its own `error` or `onerror`. The
    route of a C sample ported line by line is then as safe as ireec's
    own."""

    def __init__(self, ffi_: Any):
        # Copied, not forwarded: each attribute is then a plain instance
        # attribute, read as fast as from the FFI itself.
        for name in dir(ffi_):
            if not name.startswith("__") and name != "callback":
                setattr(self, name, getattr(ffi_, name))
        self._ffi = ffi_
        failing = set()
        for name in _FAILING_INT_TYPES:
            failing.add(ffi_.typeof(name))
        self._failing_int_types = frozenset(failing)

    def callback(self, cdecl: Any, python_callable: Any = None, error: Any = None,
                 onerror: Any = None) -> Any:
        """cffi's `ffi.callback`, with a failure for IREE as the default
        result of a body that raises (see the class)."""
        if python_callable is None:  # the decorator form
            return lambda function: self.callback(cdecl, function, error, onerror)
        if error is None and onerror is None:
            function_type = self._function_type(cdecl)
            if getattr(function_type, "result", None) is self._ffi.typeof("iree_status_t"):
                # As status_callback: None is OK, an exception a failure.
                python_callable, onerror = _returning_a_status(python_callable), _on_error
            elif function_type in self._failing_int_types:
                error = 1
        return self._ffi.callback(cdecl, python_callable, error=error, onerror=onerror)

    def _function_type(self, cdecl: Any) -> Any:
        """The C function type of `cdecl` (a type, a type's name, or a
        function type spelled with or without "(*)"; cffi's kind
        "function" is a pointer to one)."""
        if not isinstance(cdecl, str):
            return cdecl
        spelled = cdecl if "(*)" in cdecl or "(" not in cdecl else cdecl.replace("(", "(*)(", 1)
        return self._ffi.typeof(spelled)

    def __repr__(self) -> str:
        return f"<ireec.ffi: {self._ffi!r}>"



# `ireec.ffi` (typed as the FFI it copies).
raw_ffi = cast("FFI", RawFFI(ffi))
