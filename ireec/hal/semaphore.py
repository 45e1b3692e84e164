"""HAL semaphores (iree/hal/semaphore.h): a 64-bit timeline value on a
device, which queue operations wait on and signal.

Waits are sliced (see _wait.py): Ctrl-C interrupts them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _cext
from .._core.handle import Handle, in_use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.validate import UINT64, checked_int
from ._wait import failure_status, scratch_value, sliced_wait

if TYPE_CHECKING:
    from .device import Device
    from .fence import Fence


class Semaphore(Handle, _cext.SemaphoreHandle):
    """An `iree_hal_semaphore_t`: a timeline of uint64 values on a device.

    Thread-safe. `Semaphore(device, initial_value=0)` creates one;
    `Semaphore.from_handle(ptr, retain=...)` adopts a raw
    `iree_hal_semaphore_t*`.
    """

    __slots__ = ()

    def __init__(self, device: Device, initial_value: int = 0) -> None:
        """iree_hal_semaphore_create on `device` (any queue), starting at
        `initial_value`."""
        try:
            device_ptr = device.handle  # ClosedError for a closed Device
        except AttributeError:
            raise TypeError(f"Semaphore(device, initial_value=0): device must be an "
                            f"ireec.Device, not {type(device).__name__}") from None
        initial_value = checked_int(initial_value, UINT64, "a semaphore's initial value")
        # IREE's semaphore holds no reference to its device: this one holds
        # a use of the Device, which then outlives it even if closed first.
        self._create(device, None, lib.iree_hal_semaphore_create, device_ptr,
                     lib.IREE_HAL_QUEUE_AFFINITY_ANY, initial_value,
                     lib.IREE_HAL_SEMAPHORE_FLAG_DEFAULT)

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
        value = checked_int(value, UINT64, "a semaphore value")
        check_status(lib.iree_hal_semaphore_signal(self.handle, value))

    @in_use
    def wait(self, value: int, timeout: float | None = None) -> None:
        """iree_hal_semaphore_wait until the timeline reaches `value`.

        `timeout` is in seconds (None waits for ever, 0 only polls); when it
        passes, raises `DeadlineExceededError` (a `TimeoutError`). Waits in
        short slices so Ctrl-C interrupts it with KeyboardInterrupt.
        """
        value = checked_int(value, UINT64, "a semaphore value")
        handle = self.handle
        sliced_wait(lambda t: lib.iree_hal_semaphore_wait(
                         handle, value, t, lib.IREE_HAL_WAIT_FLAG_DEFAULT),
                     lambda: lib.iree_hal_semaphore_query(handle, scratch_value()),
                     timeout, f"semaphore value {value}")

    @in_use
    def fail(self, message: str = "failed by the application",
             code: int = lib.IREE_STATUS_ABORTED) -> None:
        """iree_hal_semaphore_fail: every waiter, now and later, gets an error
        carrying `message`."""
        status = failure_status(message, code)
        # The semaphore takes ownership of the status.
        lib.iree_hal_semaphore_fail(self.handle, status)

    def fence(self, value: int) -> "Fence":
        """A fence with the single timepoint (this semaphore, `value`)."""
        from .fence import Fence  # fence.py builds on this module

        return Fence.at(self, value)
