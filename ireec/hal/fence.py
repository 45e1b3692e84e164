"""Semaphores and fences: the HAL's timeline synchronization.

A `Semaphore` is a 64-bit timeline value on a device; a `Fence` is a set of
(semaphore, value) timepoints that is reached when every semaphore has reached
its value. Programs compiled with `--iree-execution-model=async-external` wait
on one fence before they start and signal another when their results are
ready (`Session.call_async`).

Waits never block in one long C call: they wait in short slices (the GIL is
released during each) and return to Python between them, so Ctrl-C and other
signal handlers run promptly while a wait is pending.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import math
import time
from typing import Iterable

from ._handles import Handle
from ._in_use import in_use
from ._library import ffi, lib
from .errors import (_CODE_NAMES, AbortedError, DeadlineExceededError, InvalidArgumentError,
                     check_status)

if TYPE_CHECKING:
    from .types import CData
    from .instance import Device

# Longest single C wait. Signal handlers run between slices, so this bounds
# how long Ctrl-C waits to be noticed; a slice that ends early costs one
# return to Python, which is negligible at this length.
WAIT_SLICE_SECONDS = 0.1
_WAIT_SLICE_NS = int(WAIT_SLICE_SECONDS * 1e9)

# Fence storage is indexed by uint16 in IREE (iree_hal_fence_create refuses
# larger capacities with RESOURCE_EXHAUSTED).
_FENCE_CAPACITY_MAX = 0xFFFF - 1


# Timeouts of this many seconds (about 146 years) or more wait for ever.
_FOREVER_S = 2.0**62 / 1e9


def _timeout_deadline_ns(timeout: float | None) -> int | None:
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


def _sliced_wait(wait_fn, failure_fn, timeout: float | None, what: str) -> None:
    """Calls `wait_fn(iree_timeout_t)` until it succeeds, fails with anything
    but DEADLINE_EXCEEDED, or `timeout` seconds pass; returns to Python after
    every slice so pending signal handlers (KeyboardInterrupt) run.

    `failure_fn()` returns the status of the thing waited on: a failed wait
    answers only ABORTED, and that status carries the failure's own message.
    """
    deadline = _timeout_deadline_ns(timeout)
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


def _scratch_value():
    return ffi.new("uint64_t*")


def _failure_status(message: str, code: int):
    """A new iree_status_t carrying `message` (copied: IREE keeps the text of
    statuses made by iree_status_allocate by pointer, so it is formatted)."""
    if not isinstance(message, str):
        raise TypeError(f"message must be a str, not {type(message).__name__}")
    if isinstance(code, bool) or not isinstance(code, int):
        raise TypeError(f"code must be an IREE status code (int), not {type(code).__name__}")
    if code == lib.IREE_STATUS_OK:
        raise ValueError("a failure needs a non-OK status code")
    if code not in _CODE_NAMES:
        # IREE keeps the code in a status's low 5 bits: any other value would
        # wrap (32 to OK) or name no code at all.
        raise InvalidArgumentError(
            f"code {code} is not an IREE status code; failures take one of "
            f"{min(c for c in _CODE_NAMES if c)}..{max(_CODE_NAMES)} "
            f"(e.g. lib.IREE_STATUS_ABORTED)", lib.IREE_STATUS_INVALID_ARGUMENT)
    text = ffi.new("char[]", message.encode("utf-8", "replace"))
    return lib.iree_status_allocate_f(code, ffi.NULL, 0, b"%s", text)


class Semaphore(Handle):
    """An `iree_hal_semaphore_t`: a timeline of uint64 values on a device.

    Thread-safe. `Semaphore(device, initial_value=0)` creates one;
    `Semaphore.from_handle(ptr, retain=...)` adopts a raw
    `iree_hal_semaphore_t*`.
    """

    _release_fn = lib.iree_hal_semaphore_release
    _retain_fn = lib.iree_hal_semaphore_retain
    __slots__ = ()

    def __init__(self, device: Device, initial_value: int = 0) -> None:
        """iree_hal_semaphore_create on `device` (any queue), starting at
        `initial_value`."""
        try:
            device_ptr = device.handle  # ClosedError for a closed Device
        except AttributeError:
            raise TypeError(f"Semaphore(device, initial_value=0): device must be an "
                            f"ireec.Device, not {type(device).__name__}") from None
        out = ffi.new("iree_hal_semaphore_t**")
        check_status(lib.iree_hal_semaphore_create(
            device_ptr, lib.IREE_HAL_QUEUE_AFFINITY_ANY, initial_value,
            lib.IREE_HAL_SEMAPHORE_FLAG_DEFAULT, out))
        # IREE's semaphore holds no reference to its device: this one holds
        # a use of the Device, which then outlives it even if closed first.
        self._own(out[0], parent=device)

    @classmethod
    def create(cls, device: Device, initial_value: int = 0) -> "Semaphore":
        """The same as `Semaphore(device, initial_value)`."""
        return cls(device, initial_value)

    @in_use
    def query(self) -> int:
        """iree_hal_semaphore_query: the current value. Raises the failure if
        the semaphore has failed."""
        value = ffi.new("uint64_t*")
        check_status(lib.iree_hal_semaphore_query(self.handle, value))
        return int(value[0])

    @property
    def value(self) -> int:
        """The current value (`query()`)."""
        return self.query()

    @in_use
    def signal(self, value: int) -> None:
        """iree_hal_semaphore_signal: advances the timeline to `value`, which
        must be greater than the current value."""
        check_status(lib.iree_hal_semaphore_signal(self.handle, value))

    @in_use
    def wait(self, value: int, timeout: float | None = None) -> None:
        """iree_hal_semaphore_wait until the timeline reaches `value`.

        `timeout` is in seconds (None waits for ever, 0 only polls); when it
        passes, raises `DeadlineExceededError` (a `TimeoutError`). Waits in
        short slices so Ctrl-C interrupts it with KeyboardInterrupt.
        """
        handle = self.handle
        _sliced_wait(lambda t: lib.iree_hal_semaphore_wait(
                         handle, value, t, lib.IREE_HAL_WAIT_FLAG_DEFAULT),
                     lambda: lib.iree_hal_semaphore_query(handle, _scratch_value()),
                     timeout, f"semaphore value {value}")

    @in_use
    def fail(self, message: str = "failed by the application",
             code: int = lib.IREE_STATUS_ABORTED) -> None:
        """iree_hal_semaphore_fail: every waiter, now and later, gets an error
        carrying `message`."""
        status = _failure_status(message, code)
        # The semaphore takes ownership of the status.
        lib.iree_hal_semaphore_fail(self.handle, status)

    def fence(self, value: int) -> "Fence":
        """A fence with the single timepoint (this semaphore, `value`)."""
        return Fence.at(self, value)


class Fence(Handle):
    """An `iree_hal_fence_t`: timepoints (semaphore, value), reached when every
    semaphore reaches its value. A fence with no timepoints is reached.

    Thread-safe to wait on and query; IREE forbids changing a fence (insert,
    extend) once a queue operation uses it. `Fence(capacity=1)` creates an
    empty one; `Fence.at`, `Fence.join` and `Semaphore.fence` make them with
    timepoints; `Fence.from_handle(ptr, retain=...)` adopts a raw
    `iree_hal_fence_t*`.
    """

    _release_fn = lib.iree_hal_fence_release
    _retain_fn = lib.iree_hal_fence_retain
    __slots__ = ()

    def __init__(self, capacity: int = 1) -> None:
        """iree_hal_fence_create: an empty fence with room for `capacity`
        distinct semaphores."""
        if not 0 <= capacity <= _FENCE_CAPACITY_MAX:
            raise ValueError(
                f"fence capacity must be in [0, {_FENCE_CAPACITY_MAX}], got {capacity}")
        out = ffi.new("iree_hal_fence_t**")
        check_status(lib.iree_hal_fence_create(capacity, lib.iree_allocator_system(), out))
        self._own(out[0])

    @classmethod
    def create(cls, capacity: int = 1) -> "Fence":
        """The same as `Fence(capacity)`."""
        return cls(capacity)

    @classmethod
    def at(cls, semaphore: Semaphore, value: int) -> "Fence":
        """iree_hal_fence_create_at: the single timepoint (`semaphore`, `value`)."""
        _require(semaphore, Semaphore, "semaphore")
        out = ffi.new("iree_hal_fence_t**")
        check_status(lib.iree_hal_fence_create_at(
            semaphore.handle, value, lib.iree_allocator_system(), out))
        return cls.from_handle(out[0])

    @classmethod
    def join(cls, fences: Iterable["Fence"]) -> "Fence":
        """iree_hal_fence_join: one fence reached when all `fences` are."""
        fences = list(fences)
        for i, fence in enumerate(fences):
            _require(fence, Fence, f"fences[{i}]")
        handles = ffi.new("iree_hal_fence_t*[]", [f.handle for f in fences] or [ffi.NULL])
        out = ffi.new("iree_hal_fence_t**")
        check_status(lib.iree_hal_fence_join(
            len(fences), handles, lib.iree_allocator_system(), out))
        if out[0] == ffi.NULL:
            # IREE answers NULL when there is no timepoint to join; an empty
            # fence means the same (reached) and keeps the result a Fence.
            return cls(0)
        return cls.from_handle(out[0])

    @in_use
    def insert(self, semaphore: Semaphore, value: int) -> None:
        """iree_hal_fence_insert: adds (`semaphore`, `value`); a semaphore
        already present keeps the larger value."""
        _require(semaphore, Semaphore, "semaphore")
        check_status(lib.iree_hal_fence_insert(self.handle, semaphore.handle, value))

    @in_use
    def extend(self, other: "Fence") -> None:
        """iree_hal_fence_extend: inserts every timepoint of `other`."""
        _require(other, Fence, "other")
        check_status(lib.iree_hal_fence_extend(self.handle, other.handle))

    @property
    @in_use
    def timepoint_count(self) -> int:
        """iree_hal_fence_timepoint_count."""
        return int(lib.iree_hal_fence_timepoint_count(self.handle))

    def __len__(self) -> int:
        return self.timepoint_count

    @property
    @in_use
    def timepoints(self) -> list[tuple[Semaphore, int]]:
        """iree_hal_fence_semaphore_list: [(Semaphore, value), ...], each
        semaphore a new reference."""
        timepoints = lib.iree_hal_fence_semaphore_list(self.handle)
        return [(Semaphore.from_handle(timepoints.semaphores[i], retain=True),
                 int(timepoints.payload_values[i])) for i in range(timepoints.count)]

    @in_use
    def query(self) -> bool:
        """iree_hal_fence_query: True if reached, False if not yet; raises
        the failure if a semaphore has failed."""
        status = lib.iree_hal_fence_query(self.handle)
        if lib.iree_status_code(status) == lib.IREE_STATUS_DEFERRED:
            lib.iree_status_free(status)
            return False
        check_status(status)
        return True

    @in_use
    def signal(self) -> None:
        """iree_hal_fence_signal: advances every semaphore to its value."""
        check_status(lib.iree_hal_fence_signal(self.handle))

    @in_use
    def fail(self, message: str = "failed by the application",
             code: int = lib.IREE_STATUS_ABORTED) -> None:
        """iree_hal_fence_fail: fails every semaphore with `message`."""
        status = _failure_status(message, code)
        # The fence takes ownership of the status.
        lib.iree_hal_fence_fail(self.handle, status)

    @in_use
    def wait(self, timeout: float | None = None) -> None:
        """iree_hal_fence_wait until every timepoint is reached.

        `timeout` is in seconds (None waits for ever, 0 only polls); when it
        passes, raises `DeadlineExceededError` (a `TimeoutError`). A failed
        semaphore raises its failure. Waits in short slices so Ctrl-C
        interrupts it with KeyboardInterrupt.
        """
        handle = self.handle
        _sliced_wait(lambda t: lib.iree_hal_fence_wait(
                         handle, t, lib.IREE_HAL_WAIT_FLAG_DEFAULT),
                     lambda: lib.iree_hal_fence_query(handle),
                     timeout, "fence")

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.Fence closed>"
        return f"<ireec.Fence {self.timepoint_count} timepoint(s)>"


def _require(value, cls: type, what: str) -> None:
    # IREE asserts (or crashes) on NULL semaphores and fences, so anything
    # that is not an open wrapper is refused here.
    if not isinstance(value, cls):
        raise TypeError(f"{what} must be an ireec.{cls.__name__}, not {type(value).__name__}")
