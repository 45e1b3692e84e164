"""HAL devices (iree/hal/device.h)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _cext
from .._core.handle import Handle, in_use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import from_string_view, string_view
from ..errors import AbortedError
from .semaphore import Semaphore

if TYPE_CHECKING:
    from ..runtime.instance import Instance
    from ..types import CData


class Device(Handle, _cext.DeviceHandle):
    """An `iree_hal_device_t`. Thread-safe; share one across sessions.

    `Device(instance, uri="local-task")` creates one (iree_hal_create_device
    with any URI it accepts); `Device.from_handle(ptr, retain=..., instance=None)`
    adopts a raw `iree_hal_device_t*`.
    """

    __slots__ = ("instance",)
    instance: Instance | None

    def __init__(self, instance: Instance, uri: str = "local-task"):
        # What a device is created from: an Instance's driver registry and
        # host allocator (iree_hal_create_device takes nothing else).
        if not isinstance(instance, Handle) or not hasattr(type(instance), "driver_registry"):
            raise TypeError(f"Device(instance, uri): instance must be an ireec.Instance, "
                            f"not {type(instance).__name__}")
        if not isinstance(uri, str):
            raise TypeError(f"Device(instance, uri): uri must be a str, not "
                            f"{type(uri).__name__}")
        view, owner = string_view(uri)
        self._create(instance, None, lib.iree_hal_create_device, instance.driver_registry,
                     view, instance.host_allocator)
        self.instance = instance

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False,
                    instance: Instance | None = None) -> "Device":
        """Adopts a raw `iree_hal_device_t*` (see Handle.from_handle);
        `instance`, if given, is kept (and used) until the device goes."""
        self = cls.__new__(cls)
        self._own(ptr, retain=retain, parent=instance)
        self.instance = instance
        return self

    @property
    def id(self) -> str:
        """iree_hal_device_id, e.g. "local-task"."""
        return from_string_view(lib.iree_hal_device_id(self.handle))

    @property
    def allocator(self) -> CData:
        """iree_hal_device_allocator (borrowed)."""
        return lib.iree_hal_device_allocator(self.handle)

    @property
    def host_allocator(self) -> CData:
        return lib.iree_hal_device_host_allocator(self.handle)

    @in_use
    def check(self) -> None:
        """Raises AbortedError if the device can no longer run work.

        When a dispatch or queue operation fails on the device (e.g. a VMVX
        dispatch reading out of bounds), IREE's task queue keeps that
        failure and aborts all later work on the device, on every session
        that shares it: calls then fail with a bare ABORTED from
        `hal.fence.await`, and IREE keeps the root cause internal. This
        submits an empty queue barrier and waits for it, which such a device
        aborts too. The only recovery is a new device (and new sessions on
        it); results already read stay valid.
        """
        if _queue_runs_work(self):
            return
        raise AbortedError(
            f"ABORTED; device {self.id!r} has failed: an earlier dispatch or "
            f"queue operation on it failed and it now aborts all work (IREE does "
            f"not keep the root cause where it can be read; the first call that "
            f"failed on this device caused it). Create a new device "
            f"(Instance.create_device) and new sessions on it to continue",
            lib.IREE_STATUS_ABORTED)

    @property
    def failed(self) -> bool:
        """True if the device aborts all work after an earlier failure (see
        `check`)."""
        try:
            self.check()
        except AbortedError:
            return True
        return False

    def __repr__(self) -> str:
        return f"<ireec.Device {self.id!r}>" if not self.closed else "<ireec.Device closed>"


def note_failed_devices(devices: tuple[Device, ...], error: BaseException) -> None:
    """Adds to an ABORTED error which of a session's `devices` now abort all
    work (Device.check), since IREE's message then says only ABORTED from
    hal.fence.await, on this call and every later one."""
    for index, device in enumerate(devices):
        try:
            failed = not device.closed and device.failed
        except Exception:
            # The probe itself could not run: say nothing rather than
            # replace the call's own error.
            failed = False
        if not failed:
            continue
        note = (f"device {index} of this session ({device.id!r}) has failed: a "
                f"dispatch or queue operation on it failed, and it now aborts all "
                f"work, for every session using it; IREE does not report the root "
                f"cause. Create a new device (Instance.create_device) and a new "
                f"Session on it, and load the modules again, to continue")
        if note not in getattr(error, "__notes__", ()):
            error.add_note(note)


def _queue_runs_work(device: Device) -> bool:
    """Whether an empty barrier on `device`'s queue completes (a failed
    queue aborts it). It waits on nothing, so a working device reaches it as
    soon as its queue gets to it."""
    semaphore = Semaphore(device)
    semaphores = ffi.new("iree_hal_semaphore_t*[1]", [semaphore.handle])
    values = ffi.new("uint64_t[1]", [1])
    signal = ffi.new("iree_hal_semaphore_list_t*", {
        "count": 1, "semaphores": semaphores, "payload_values": values})
    nothing = ffi.new("iree_hal_semaphore_list_t*")
    try:
        check_status(lib.iree_hal_device_queue_barrier(
            device.handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, nothing[0], signal[0],
            lib.IREE_HAL_EXECUTE_FLAG_NONE))
        # Sliced and interruptible like every wait, in case the queue is
        # still busy with earlier work.
        semaphore.wait(1)
        return True
    except AbortedError:
        return False
    finally:
        semaphore.close()


def as_device(device: Device | CData | None) -> Device | None:
    """`device` as an ireec.Device: None, a Device, or an iree_hal_device_t*
    (retained)."""
    if device is None or isinstance(device, Device):
        return device
    if isinstance(device, ffi.CData) and ffi.typeof(device) is ffi.typeof("iree_hal_device_t*"):
        return Device.from_handle(device, retain=True)
    raise TypeError(f"device must be an ireec.Device or an iree_hal_device_t*, "
                    f"not {type(device).__name__}")


def require_device(device: Device | CData | None) -> Device:
    """as_device, refusing None and closed devices."""
    device = as_device(device)
    if device is None:
        raise ValueError("a device is required")
    device.handle  # raises ClosedError for a closed device
    return device
