"""HAL semaphores (iree/hal/semaphore.h): a 64-bit timeline value on a
device, which queue operations wait on and signal; and semaphore lists, the
timepoints [(Semaphore, value), ...] queue operations wait on and signal.

Waits are sliced (see _wait.py): Ctrl-C interrupts them.
"""

from __future__ import annotations

import contextlib
import enum
from typing import TYPE_CHECKING, Iterator, Sequence, Union

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from ._device_object import DeviceObject
from ._flags import iree_constants
from .._core.validate import UINT64, checked_int, checked_object
from ._wait import failure_status, scratch_value, sliced_wait

if TYPE_CHECKING:
    from ..types import CData
    from .device import Device
    from .fence import Fence

    # What queue operations wait on and signal: a Fence, or (Semaphore,
    # value) pairs; None or [] for none.
    Timepoints = Union[Fence, Sequence[tuple["Semaphore", int]], None]


@iree_constants("IREE_HAL_SEMAPHORE_FLAG_")
class SemaphoreFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_semaphore_flags_t: how a semaphore is created."""

    NONE = lib.IREE_HAL_SEMAPHORE_FLAG_NONE
    DEVICE_LOCAL = lib.IREE_HAL_SEMAPHORE_FLAG_DEVICE_LOCAL
    HOST_INTERRUPT = lib.IREE_HAL_SEMAPHORE_FLAG_HOST_INTERRUPT
    EXPORTABLE = lib.IREE_HAL_SEMAPHORE_FLAG_EXPORTABLE
    EXPORTABLE_TIMEPOINTS = lib.IREE_HAL_SEMAPHORE_FLAG_EXPORTABLE_TIMEPOINTS
    DEFAULT = lib.IREE_HAL_SEMAPHORE_FLAG_DEFAULT


@iree_constants("IREE_HAL_WAIT_FLAG_")
class WaitFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_wait_flags_t: how a wait waits (ACTIVE spins)."""

    DEFAULT = lib.IREE_HAL_WAIT_FLAG_DEFAULT
    ACTIVE = lib.IREE_HAL_WAIT_FLAG_ACTIVE


@iree_constants("IREE_HAL_SEMAPHORE_COMPATIBILITY_")
class SemaphoreCompatibility(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_semaphore_compatibility_t: what a device can do with a semaphore
    (Device.query_semaphore_compatibility)."""

    NONE = lib.IREE_HAL_SEMAPHORE_COMPATIBILITY_NONE
    HOST_WAIT = lib.IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_WAIT
    DEVICE_WAIT = lib.IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_WAIT
    HOST_SIGNAL = lib.IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_SIGNAL
    HOST_ONLY = lib.IREE_HAL_SEMAPHORE_COMPATIBILITY_HOST_ONLY
    DEVICE_SIGNAL = lib.IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_SIGNAL
    DEVICE_ONLY = lib.IREE_HAL_SEMAPHORE_COMPATIBILITY_DEVICE_ONLY
    ALL = lib.IREE_HAL_SEMAPHORE_COMPATIBILITY_ALL


# The value a failed semaphore reports (with its status bit).
FAILURE_VALUE = lib.IREE_HAL_SEMAPHORE_FAILURE_VALUE

# The payloads a semaphore takes: IREE_HAL_SEMAPHORE_MAX_VALUE (2**31 - 2)
# is every driver's maximum, IREE's bound for all of them (Vulkan
# guarantees no larger difference between timeline values). Larger values
# read as failures: a semaphore signalled past it reports itself reached
# and failed at once, and a local-task queue waiting on it aborts.
PAYLOADS = (0, lib.IREE_HAL_SEMAPHORE_MAX_VALUE)


def semaphore_value(value: object, what: str = "a semaphore value") -> int:
    """`value` as a semaphore payload (an int, 0 to
    IREE_HAL_SEMAPHORE_MAX_VALUE), checked (ireec._core.validate) before
    IREE takes it as a uint64_t."""
    return checked_int(value, PAYLOADS, what)


class Semaphore(DeviceObject, _cext.SemaphoreHandle):
    """An `iree_hal_semaphore_t`: a timeline of uint64 values on a device
    (`device`).

    Thread-safe. `Semaphore(device, initial_value=0)` creates one;
    `Semaphore.from_handle(ptr, retain=..., device=None)` adopts a raw
    `iree_hal_semaphore_t*`.
    """

    __slots__ = ()

    def __init__(self, device: Device, initial_value: int = 0, *,
                 queue_affinity: int = lib.IREE_HAL_QUEUE_AFFINITY_ANY,
                 flags: int = lib.IREE_HAL_SEMAPHORE_FLAG_DEFAULT) -> None:
        """iree_hal_semaphore_create on `device` (any queue), starting at
        `initial_value`."""
        queue_affinity = checked_int(queue_affinity, UINT64, "Semaphore: queue_affinity")
        flags = checked_int(flags, UINT64, "Semaphore: flags")
        checked_object(device, _cext.DeviceHandle, "Semaphore(device, initial_value=0): device",
                       name="ireec.Device")
        initial_value = semaphore_value(initial_value, "a semaphore's initial value")
        # IREE's semaphore holds no reference to its device: this one holds
        # a use of the Device, which then outlives it even if closed first.
        with use(device) as (device_ptr,):  # ClosedError for a closed Device
            self._create(device, None, lib.iree_hal_semaphore_create, device_ptr,
                         queue_affinity, initial_value, flags)

    @classmethod
    def create(cls, device: Device, initial_value: int = 0) -> "Semaphore":
        """The same as `Semaphore(device, initial_value)`
        (iree_hal_semaphore_create)."""
        return cls(device, initial_value)

    def query(self) -> int:
        """iree_hal_semaphore_query: the current value. Raises the failure if
        the semaphore has failed."""
        value = ffi.new("uint64_t*")
        with use(self) as (semaphore,):
            check_status(lib.iree_hal_semaphore_query(semaphore, value))
            return int(value[0])

    @property
    def value(self) -> int:
        """The current value (`query()`: iree_hal_semaphore_query)."""
        return self.query()

    def signal(self, value: int) -> None:
        """iree_hal_semaphore_signal: advances the timeline to `value`, which
        must be greater than the current value."""
        value = semaphore_value(value)
        with use(self) as (semaphore,):
            check_status(lib.iree_hal_semaphore_signal(semaphore, value))

    def wait(self, value: int, timeout: float | None = None) -> None:
        """iree_hal_semaphore_wait until the timeline reaches `value`.

        `timeout` is in seconds (None waits for ever, 0 only polls); when it
        passes, raises `DeadlineExceededError` (a `TimeoutError`). Waits in
        short slices so Ctrl-C interrupts it with KeyboardInterrupt.
        """
        value = semaphore_value(value)
        with use(self) as (semaphore,):
            sliced_wait(lambda t: lib.iree_hal_semaphore_wait(
                             semaphore, value, t, lib.IREE_HAL_WAIT_FLAG_DEFAULT),
                         lambda: lib.iree_hal_semaphore_query(semaphore, scratch_value()),
                         timeout, f"semaphore value {value}")

    def fail(self, message: str | BaseException = "failed by the application",
             code: int = lib.IREE_STATUS_ABORTED) -> None:
        """iree_hal_semaphore_fail: every waiter, now and later, gets an error
        carrying `message`; given an exception, the first waiter raises that
        exception itself (work on another thread failing its signal)."""
        status = failure_status(message, code)
        with use(self) as (semaphore,):
            # The semaphore takes ownership of the status.
            lib.iree_hal_semaphore_fail(semaphore, status)

    def fence(self, value: int) -> "Fence":
        """A fence with the single timepoint (this semaphore, `value`):
        iree_hal_fence_create_at (`Fence.at`)."""
        from .fence import Fence  # fence.py builds on this module

        return Fence.at(self, value)


# ---------------------------------------------------------------------------
# Semaphore lists: what queue operations wait on and signal
# ---------------------------------------------------------------------------

@contextlib.contextmanager
def timepoint_list(timepoints: Timepoints, what: str) -> Iterator[CData]:
    """The iree_hal_semaphore_list_t of `timepoints` (a Fence, or (Semaphore,
    value) pairs, or None), valid inside the block, which holds a use of
    every semaphore (or the fence): a close() on another thread meanwhile
    cannot free one under IREE."""
    if timepoints is None:
        yield lib.iree_hal_semaphore_list_empty()
        return
    if isinstance(timepoints, _cext.FenceHandle):
        with use(timepoints) as (fence,):
            yield lib.iree_hal_fence_semaphore_list(fence)
        return
    if isinstance(timepoints, (str, bytes)) or not hasattr(timepoints, "__iter__"):
        raise TypeError(f"{what} must be a Fence or a list of (Semaphore, value) pairs, "
                        f"not {type(timepoints).__name__}")
    pairs = list(timepoints)
    semaphores, values = [], []
    for index, pair in enumerate(pairs):
        try:
            semaphore, value = pair
        except (TypeError, ValueError):
            raise TypeError(f"{what}[{index}] must be a (Semaphore, value) pair, not "
                            f"{pair!r}") from None
        checked_object(semaphore, Semaphore, f"{what}[{index}]")
        semaphores.append(semaphore)
        values.append(semaphore_value(value, f"{what}[{index}]'s value"))
    with use(*semaphores) as pointers:  # ClosedError for a closed one
        handles = ffi.new("iree_hal_semaphore_t*[]", pointers or 1)
        payloads = ffi.new("uint64_t[]", values or 1)
        lst = ffi.new("iree_hal_semaphore_list_t*",
                      {"count": len(pairs), "semaphores": handles, "payload_values": payloads})
        yield lst[0]


def first_failure(lst: CData) -> CData:
    """The failure of the first failed semaphore of the list `lst` (a new
    status), or OK: what a wait that answered ABORTED was aborted by."""
    value = scratch_value()
    for i in range(lst.count):
        status = lib.iree_hal_semaphore_query(lst.semaphores[i], value)
        if not lib.iree_status_is_ok(status):
            return status
    return ffi.NULL


def semaphore_list_signal(timepoints: Timepoints) -> None:
    """iree_hal_semaphore_list_signal: advances each semaphore to its value."""
    with timepoint_list(timepoints, "timepoints") as lst:
        check_status(lib.iree_hal_semaphore_list_signal(lst))


def semaphore_list_fail(timepoints: Timepoints, message: str = "failed by the application",
                        code: int = lib.IREE_STATUS_ABORTED) -> None:
    """iree_hal_semaphore_list_fail: fails every semaphore with `message`."""
    status = failure_status(message, code)
    with timepoint_list(timepoints, "timepoints") as lst:
        # The list takes ownership of the status.
        lib.iree_hal_semaphore_list_fail(lst, status)


def semaphore_list_poll(timepoints: Timepoints) -> bool:
    """iree_hal_semaphore_list_poll: whether every semaphore has reached its
    value (a failed one counts as not reached)."""
    with timepoint_list(timepoints, "timepoints") as lst:
        return bool(lib.iree_hal_semaphore_list_poll(lst))


def semaphore_list_wait(timepoints: Timepoints, timeout: float | None = None,
                        flags: int = lib.IREE_HAL_WAIT_FLAG_DEFAULT) -> None:
    """iree_hal_semaphore_list_wait until every semaphore reaches its value
    (`timeout` as Semaphore.wait's; a failed semaphore raises its failure)."""
    flags = checked_int(flags, UINT64, "semaphore_list_wait: flags")
    with timepoint_list(timepoints, "timepoints") as lst:
        sliced_wait(lambda t: lib.iree_hal_semaphore_list_wait(lst, t, flags),
                    lambda: first_failure(lst), timeout, "semaphore list")
