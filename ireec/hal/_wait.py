"""Waits that return to Python between short slices, and failures made
from Python values: what semaphores and fences share.

Waits never block in one long C call: they wait in short slices (the GIL is
released during each) and return to Python between them, so Ctrl-C and other
signal handlers run promptly while a wait is pending.
"""

from __future__ import annotations

import math
import time

from .._core.callbacks import status_from_exception
from .._core.library import ffi, lib
from .._core.status import check_status
from ..errors import CODE_NAMES, AbortedError, DeadlineExceededError, InvalidArgumentError

# Longest single C wait. Signal handlers run between slices, so this bounds
# how long Ctrl-C waits to be noticed; a slice that ends early costs one
# return to Python, which is negligible at this length.
WAIT_SLICE_SECONDS = 0.1
_WAIT_SLICE_NS = int(WAIT_SLICE_SECONDS * 1e9)

# Timeouts of this many seconds (about 146 years) or more wait for ever.
_FOREVER_S = 2.0**62 / 1e9


def timeout_deadline_ns(timeout: float | None) -> int | None:
    """A monotonic deadline for `timeout` seconds (None: no deadline)."""
    if timeout is None:
        return None
    try:
        timeout = float(timeout)
    except OverflowError:  # an int beyond float's range: as long as infinity
        timeout = math.inf if timeout > 0 else -math.inf
    if math.isnan(timeout):
        raise ValueError("timeout must be a number of seconds or None, not NaN")
    if timeout >= _FOREVER_S:
        # Longer than any process runs (and past what int64 nanoseconds
        # hold, so IREE could not be given it): a wait without a deadline.
        return None
    if timeout <= 0:
        return time.monotonic_ns()
    return time.monotonic_ns() + int(timeout * 1e9)


def sliced_wait(wait_fn, failure_fn, timeout: float | None, what: str) -> None:
    """Calls `wait_fn(iree_timeout_t)` until it succeeds, fails with anything
    but DEADLINE_EXCEEDED, or `timeout` seconds pass; returns to Python after
    every slice so pending signal handlers (KeyboardInterrupt) run.

    `failure_fn()` returns the status of the thing waited on: a failed wait
    answers only ABORTED, and that status carries the failure's own message.
    """
    deadline = timeout_deadline_ns(timeout)
    while True:
        if deadline is None:
            slice_ns = _WAIT_SLICE_NS
        else:
            slice_ns = min(_WAIT_SLICE_NS, max(0, deadline - time.monotonic_ns()))
        status = wait_fn(lib.iree_make_timeout_ns(slice_ns))
        if lib.iree_status_is_ok(status):
            return
        code = lib.iree_status_code(status)
        if code == lib.IREE_STATUS_DEADLINE_EXCEEDED:
            lib.iree_status_free(status)
            if deadline is None or time.monotonic_ns() < deadline:
                # Only this slice ran out; the loop (and the bytecode
                # boundary it crosses) is where Python runs pending signals.
                continue
            raise DeadlineExceededError(
                f"DEADLINE_EXCEEDED; {what} not reached within {timeout} s",
                lib.IREE_STATUS_DEADLINE_EXCEEDED)
        try:
            if code == lib.IREE_STATUS_ABORTED:
                detail = failure_fn()
                if not lib.iree_status_is_ok(detail):
                    lib.iree_status_free(status)
                    check_status(detail)
                lib.iree_status_free(detail)
            check_status(status)
        except AbortedError as error:
            if error.message.strip() == "ABORTED":
                # What a device whose queue failed answers (the root cause
                # stays inside IREE's task queue): say what it means.
                error.add_note(
                    f"{what} was aborted without a reason: a dispatch or queue "
                    f"operation failed on its device, or a semaphore was failed "
                    f"without a message. Device.check() tells whether the device "
                    f"still runs work; if not, create a new device and session")
            raise


def scratch_value():
    return ffi.new("uint64_t*")


def failure_status(message: str | BaseException, code: int):
    """A new iree_status_t carrying `message` (copied: IREE keeps the text of
    statuses made by iree_status_allocate by pointer, so it is formatted).
    An exception instead makes the status a waiter raises as that very
    exception (ireec/_core/callbacks.py; its code follows the exception)."""
    if isinstance(message, BaseException):
        return status_from_exception(message)
    if not isinstance(message, str):
        raise TypeError(f"message must be a str, not {type(message).__name__}")
    if isinstance(code, bool) or not isinstance(code, int):
        raise TypeError(f"code must be an IREE status code (int), not {type(code).__name__}")
    if code == lib.IREE_STATUS_OK:
        raise ValueError("a failure needs a non-OK status code")
    if code not in CODE_NAMES:
        # IREE keeps the code in a status's low 5 bits: any other value would
        # wrap (32 to OK) or name no code at all.
        raise InvalidArgumentError(
            f"code {code} is not an IREE status code; failures take one of "
            f"{min(c for c in CODE_NAMES if c)}..{max(CODE_NAMES)} "
            f"(e.g. lib.IREE_STATUS_ABORTED)", lib.IREE_STATUS_INVALID_ARGUMENT)
    text = ffi.new("char[]", message.encode("utf-8", "replace"))
    return lib.iree_status_allocate_f(code, ffi.NULL, 0, b"%s", text)
