"""HAL fences (iree/hal/fence.h): a set of (semaphore, value) timepoints,
reached when every semaphore has reached its value. Programs compiled with
`--iree-execution-model=async-external` wait on one fence before they start
and signal another when their results are ready (`Session.call_async`).

Waits are sliced (see _wait.py): Ctrl-C interrupts them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator, Iterable

from .. import _cext
from .._core.handle import address, keep_in_use, use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.validate import checked_int, checked_object
from ._wait import failure_status, sliced_wait
from ._device_object import DeviceObject
from .fence_await import wait_async
from .semaphore import Semaphore, semaphore_value

if TYPE_CHECKING:
    from ..types import CData

# Fence storage is indexed by uint16 in IREE (iree_hal_fence_create refuses
# larger capacities with RESOURCE_EXHAUSTED).
_FENCE_CAPACITY_MAX = 0xFFFF - 1


class Fence(DeviceObject, _cext.FenceHandle):
    """An `iree_hal_fence_t`: timepoints (semaphore, value), reached when every
    semaphore reaches its value. A fence with no timepoints is reached.
    Its `device` is its semaphores' (when they share one; None for a fence
    made empty, or adopted without one).

    Thread-safe to wait on and query; IREE forbids changing a fence (insert,
    extend) once a queue operation uses it. `Fence(capacity=1)` creates an
    empty one; `Fence.at`, `Fence.join` and `Semaphore.fence` make them with
    timepoints; `Fence.from_handle(ptr, retain=..., device=None)` adopts a
    raw `iree_hal_fence_t*`.
    """

    __slots__ = ()

    def __init__(self, capacity: int = 1) -> None:
        """iree_hal_fence_create: an empty fence with room for `capacity`
        distinct semaphores."""
        capacity = checked_int(capacity, (0, _FENCE_CAPACITY_MAX), "the fence capacity")
        self._create(None, None, lib.iree_hal_fence_create, capacity,
                     lib.iree_allocator_system())

    @classmethod
    def create(cls, capacity: int = 1) -> "Fence":
        """The same as `Fence(capacity)` (iree_hal_fence_create)."""
        return cls(capacity)

    @classmethod
    def at(cls, semaphore: Semaphore, value: int) -> "Fence":
        """iree_hal_fence_create_at: the single timepoint (`semaphore`, `value`)."""
        _require(semaphore, Semaphore, "semaphore")
        value = semaphore_value(value)
        with use(semaphore) as (semaphore_ptr,):
            return cls._made(semaphore.device, lib.iree_hal_fence_create_at, semaphore_ptr,
                             value, lib.iree_allocator_system())

    @classmethod
    def join(cls, fences: Iterable["Fence"]) -> "Fence":
        """iree_hal_fence_join: one fence reached when all `fences` are."""
        fences = list(fences)
        for i, fence in enumerate(fences):
            _require(fence, Fence, f"fences[{i}]")
        joined = cls.__new__(cls)
        devices = {id(fence.device): fence.device for fence in fences}
        # Fences of several devices: the joined one holds each of them, so
        # every device outlives its semaphores here (a GPU's semaphore used
        # after its device went would reach a destroyed device).
        owners = next(iter(devices.values())) if len(devices) == 1 else tuple(fences) or None
        with use(*fences) as pointers:
            handles = ffi.new("iree_hal_fence_t*[]", pointers or [ffi.NULL])
            made = joined._create(owners, None, lib.iree_hal_fence_join, len(fences), handles,
                                  lib.iree_allocator_system())
        if not made:
            # IREE answers NULL when there is no timepoint to join; an empty
            # fence means the same (reached) and keeps the result a Fence.
            return cls(0)
        return joined

    def insert(self, semaphore: Semaphore, value: int) -> None:
        """iree_hal_fence_insert: adds (`semaphore`, `value`); a semaphore
        already present keeps the larger value."""
        _require(semaphore, Semaphore, "semaphore")
        value = semaphore_value(value)
        with use(self, semaphore) as (fence, semaphore_ptr):
            new = address(semaphore_ptr) not in _semaphores(fence)
            check_status(lib.iree_hal_fence_insert(fence, semaphore_ptr, value))
            if new and semaphore.device is not self.device:
                # IREE's Vulkan semaphores do not keep their device: one
                # waited on or queried after its device went would reach a
                # destroyed VkDevice. The fence keeps it (a use of the
                # semaphore, which holds its device).
                keep_in_use(self, semaphore)

    def extend(self, other: "Fence") -> None:
        """iree_hal_fence_extend: inserts every timepoint of `other`."""
        _require(other, Fence, "other")
        with use(self, other) as (fence, other_ptr):
            new = not _semaphores(other_ptr) <= _semaphores(fence)
            check_status(lib.iree_hal_fence_extend(fence, other_ptr))
            if new and (other.device is None or other.device is not self.device):
                keep_in_use(self, other)  # (and so its devices, as above)

    @property
    def timepoint_count(self) -> int:
        """iree_hal_fence_timepoint_count."""
        with use(self) as (fence,):
            return int(lib.iree_hal_fence_timepoint_count(fence))

    def __len__(self) -> int:
        return self.timepoint_count

    @property
    def timepoints(self) -> list[tuple[Semaphore, int]]:
        """iree_hal_fence_semaphore_list: [(Semaphore, value), ...], each
        semaphore a new reference."""
        with use(self) as (fence,):
            timepoints = lib.iree_hal_fence_semaphore_list(fence)
            return [(Semaphore.from_handle(timepoints.semaphores[i], retain=True),
                     int(timepoints.payload_values[i])) for i in range(timepoints.count)]

    def query(self) -> bool:
        """iree_hal_fence_query: True if reached, False if not yet; raises
        the failure if a semaphore has failed."""
        with use(self) as (fence,):
            status = lib.iree_hal_fence_query(fence)
            if lib.iree_status_code(status) == lib.IREE_STATUS_DEFERRED:
                lib.iree_status_free(status)
                return False
            check_status(status)
            return True

    def signal(self) -> None:
        """iree_hal_fence_signal: advances every semaphore to its value."""
        with use(self) as (fence,):
            check_status(lib.iree_hal_fence_signal(fence))

    def fail(self, message: str | BaseException = "failed by the application",
             code: int = lib.IREE_STATUS_ABORTED) -> None:
        """iree_hal_fence_fail: fails every semaphore with `message`; given
        an exception, the first waiter raises that exception itself (an
        asynchronous NativeModule function's work failing its signal)."""
        status = failure_status(message, code)
        with use(self) as (fence,):
            # The fence takes ownership of the status.
            lib.iree_hal_fence_fail(fence, status)

    def wait(self, timeout: float | None = None) -> None:
        """iree_hal_fence_wait until every timepoint is reached.

        `timeout` is in seconds (None waits for ever, 0 only polls); when it
        passes, raises `DeadlineExceededError` (a `TimeoutError`). A failed
        semaphore raises its failure. Waits in short slices so Ctrl-C
        interrupts it with KeyboardInterrupt.
        """
        with use(self) as (fence,):
            sliced_wait(lambda t: lib.iree_hal_fence_wait(
                             fence, t, lib.IREE_HAL_WAIT_FLAG_DEFAULT),
                         lambda: lib.iree_hal_fence_query(fence),
                         timeout, "fence")

    async def wait_async(self) -> None:
        """Waits until every timepoint is reached without blocking the
        asyncio event loop's thread (`await fence` is the same); a failed
        semaphore raises its failure. Cancelling the awaiting task stops
        the wait; `asyncio.wait_for(fence, seconds)` gives it a deadline
        (TimeoutError). See ireec.hal.fence_await."""
        await wait_async(self)

    def __await__(self) -> Generator[Any, None, None]:
        return wait_async(self).__await__()

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.Fence closed>"
        return f"<ireec.Fence {self.timepoint_count} timepoint(s)>"


def _semaphores(fence: CData) -> set[int]:
    """The addresses of the semaphores of `fence` (an iree_hal_fence_t*)."""
    timepoints = lib.iree_hal_fence_semaphore_list(fence)
    return {address(timepoints.semaphores[i]) for i in range(timepoints.count)}


def _require(value, cls: type, what: str) -> None:
    # IREE asserts (or crashes) on NULL semaphores and fences, so anything
    # that is not an open wrapper is refused here.
    checked_object(value, cls, what)
