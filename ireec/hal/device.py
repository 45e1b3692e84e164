"""HAL devices (iree/hal/device.h): a device, its allocator, what it
answers to queries, and its queue (the queue operations are
`_device_queue.QueueOperations`'s, the blocking transfers of buffer_transfer.h
`buffer_transfer.DeviceTransfers`'s)."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from .. import _cext
from .._core.handle import Handle, use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import from_string_view, string_view
from .._core.validate import UINT64, checked_int, checked_object
from ..errors import AbortedError
from ._device_queue import QueueOperations
from ._flags import iree_constants
from .allocator import Allocator
from .buffer_transfer import DeviceTransfers
from .semaphore import Semaphore, SemaphoreCompatibility

if TYPE_CHECKING:
    from ..types import CData


@iree_constants("IREE_HAL_WAIT_MODE_")
class WaitMode(enum.IntEnum):
    """iree_hal_wait_mode_t: wait for ALL timepoints or ANY one."""

    ALL = lib.IREE_HAL_WAIT_MODE_ALL
    ANY = lib.IREE_HAL_WAIT_MODE_ANY


@iree_constants("IREE_HAL_EXECUTE_FLAG_")
class ExecuteFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_execute_flags_t (queue_execute, queue_barrier)."""

    NONE = lib.IREE_HAL_EXECUTE_FLAG_NONE


@iree_constants("IREE_HAL_ALLOCA_FLAG_")
class AllocaFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_alloca_flags_t."""

    NONE = lib.IREE_HAL_ALLOCA_FLAG_NONE
    INDETERMINATE_LIFETIME = lib.IREE_HAL_ALLOCA_FLAG_INDETERMINATE_LIFETIME


@iree_constants("IREE_HAL_DEALLOCA_FLAG_")
class DeallocaFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_dealloca_flags_t."""

    NONE = lib.IREE_HAL_DEALLOCA_FLAG_NONE
    PREFER_ORIGIN = lib.IREE_HAL_DEALLOCA_FLAG_PREFER_ORIGIN


@iree_constants("IREE_HAL_READ_FLAG_")
class ReadFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_read_flags_t."""

    NONE = lib.IREE_HAL_READ_FLAG_NONE


@iree_constants("IREE_HAL_WRITE_FLAG_")
class WriteFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_write_flags_t."""

    NONE = lib.IREE_HAL_WRITE_FLAG_NONE


@iree_constants("IREE_HAL_HOST_CALL_FLAG_")
class HostCallFlag(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_host_call_flags_t: NON_BLOCKING signals before the call."""

    NONE = lib.IREE_HAL_HOST_CALL_FLAG_NONE
    NON_BLOCKING = lib.IREE_HAL_HOST_CALL_FLAG_NON_BLOCKING
    WAIT_ACTIVE = lib.IREE_HAL_HOST_CALL_FLAG_WAIT_ACTIVE
    RELAXED = lib.IREE_HAL_HOST_CALL_FLAG_RELAXED


@iree_constants("IREE_HAL_DEVICE_FEATURE_")
class DeviceFeature(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_device_feature_t."""

    NONE = lib.IREE_HAL_DEVICE_FEATURE_NONE
    SUPPORTS_DEBUGGING = lib.IREE_HAL_DEVICE_FEATURE_SUPPORTS_DEBUGGING
    SUPPORTS_COVERAGE = lib.IREE_HAL_DEVICE_FEATURE_SUPPORTS_COVERAGE
    SUPPORTS_PROFILING = lib.IREE_HAL_DEVICE_FEATURE_SUPPORTS_PROFILING


@iree_constants("IREE_HAL_DEVICE_PROFILING_MODE_")
class DeviceProfilingMode(enum.IntFlag, boundary=enum.KEEP):
    """iree_hal_device_profiling_mode_t."""

    NONE = lib.IREE_HAL_DEVICE_PROFILING_MODE_NONE
    QUEUE_OPERATIONS = lib.IREE_HAL_DEVICE_PROFILING_MODE_QUEUE_OPERATIONS
    DISPATCH_COUNTERS = lib.IREE_HAL_DEVICE_PROFILING_MODE_DISPATCH_COUNTERS
    EXECUTABLE_COUNTERS = lib.IREE_HAL_DEVICE_PROFILING_MODE_EXECUTABLE_COUNTERS


# Every queue, for a queue_affinity argument.
QUEUE_AFFINITY_ANY = lib.IREE_HAL_QUEUE_AFFINITY_ANY


class Device(Handle, QueueOperations, DeviceTransfers, _cext.DeviceHandle):
    """An `iree_hal_device_t`. Thread-safe; share one across sessions.

    `Device(instance, uri="local-task")` creates one (iree_hal_create_device
    with any URI it accepts); `Device.from_handle(ptr, retain=..., instance=None)`
    adopts a raw `iree_hal_device_t*`. Methods are IREE's
    `iree_hal_device_*` without the prefix: queries, the allocator, and the
    queue operations (`queue_execute`, `queue_fill`, ...).
    """

    __slots__ = {"instance": "The Instance whose driver registry created the device, or None "
                             "for a device adopted without one."}
    instance: _cext.InstanceHandle | None  # an ireec.Instance

    def __init__(self, instance: _cext.InstanceHandle, uri: str = "local-task"):
        # What a device is created from: an Instance's driver registry and
        # host allocator (iree_hal_create_device takes nothing else).
        checked_object(instance, _cext.InstanceHandle, "Device(instance, uri): instance",
                       name="ireec.Instance")
        if not isinstance(uri, str):
            raise TypeError(f"Device(instance, uri): uri must be a str, not "
                            f"{type(uri).__name__}")
        view, owner = string_view(uri)
        with use(instance) as (instance_ptr,):
            self._create(instance, None, lib.iree_hal_create_device,
                         lib.iree_runtime_instance_driver_registry(instance_ptr), view,
                         lib.iree_runtime_instance_host_allocator(instance_ptr))
        self.instance = instance

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False,
                    instance: _cext.InstanceHandle | None = None) -> "Device":
        """Adopts a raw `iree_hal_device_t*` (see Handle.from_handle);
        `instance`, if given, is kept (and used) until the device goes."""
        self = cls.__new__(cls)
        self._own(ptr, retain=retain, parent=instance)
        self.instance = instance
        return self

    @property
    def id(self) -> str:
        """iree_hal_device_id, e.g. "local-task"."""
        with use(self) as (device,):
            return from_string_view(lib.iree_hal_device_id(device))

    @property
    def allocator(self) -> Allocator:
        """iree_hal_device_allocator: the device's Allocator (a reference of
        its own, holding a use of the device)."""
        with use(self) as (device,):  # ClosedError once closed
            return Allocator.from_handle(lib.iree_hal_device_allocator(device), retain=True,
                                         device=self)

    @property
    def host_allocator(self) -> CData:
        """iree_hal_device_host_allocator (an iree_allocator_t)."""
        with use(self) as (device,):
            return lib.iree_hal_device_host_allocator(device)

    def query_i64(self, category: str, key: str) -> int:
        """iree_hal_device_query_i64: the device's answer to `key` of
        `category` (e.g. ("hal.device.id", "local-task") is 1 on a
        local-task device); NotFoundError for a question it does not know."""
        category_view, category_owner = string_view(category)
        key_view, key_owner = string_view(key)
        out = ffi.new("int64_t*")
        with use(self) as (device,):
            check_status(lib.iree_hal_device_query_i64(device, category_view, key_view, out))
        return int(out[0])

    def query_semaphore_compatibility(self, semaphore: Semaphore) -> SemaphoreCompatibility:
        """iree_hal_device_query_semaphore_compatibility."""
        checked_object(semaphore, Semaphore, "semaphore")
        with use(self, semaphore) as (device, semaphore_ptr):
            return SemaphoreCompatibility(lib.iree_hal_device_query_semaphore_compatibility(
                device, semaphore_ptr))

    def trim(self) -> None:
        """iree_hal_device_trim: gives cached memory back."""
        with use(self) as (device,):
            check_status(lib.iree_hal_device_trim(device))

    def profiling_begin(self, mode: int = lib.IREE_HAL_DEVICE_PROFILING_MODE_QUEUE_OPERATIONS,
                        file_path: str | None = None) -> None:
        """iree_hal_device_profiling_begin."""
        mode = checked_int(mode, UINT64, "profiling_begin: mode")
        path = ffi.new("char[]", file_path.encode()) if file_path else ffi.NULL
        options = ffi.new("iree_hal_device_profiling_options_t*",
                          {"mode": mode, "file_path": path})
        with use(self) as (device,):
            check_status(lib.iree_hal_device_profiling_begin(device, options))

    def profiling_flush(self) -> None:
        """iree_hal_device_profiling_flush."""
        with use(self) as (device,):
            check_status(lib.iree_hal_device_profiling_flush(device))

    def profiling_end(self) -> None:
        """iree_hal_device_profiling_end."""
        with use(self) as (device,):
            check_status(lib.iree_hal_device_profiling_end(device))

    def check(self) -> None:
        """Raises AbortedError if the device can no longer run work.

        When a dispatch or queue operation fails on the device (e.g. a VMVX
        dispatch reading out of bounds), IREE's task queue keeps that
        failure and aborts all later work on the device, on every session
        that shares it: calls then fail with a bare ABORTED from
        `hal.fence.await`, and IREE keeps the root cause internal. This
        submits an empty queue barrier (iree_hal_device_queue_barrier) and
        waits for it (csrc/python/failed_devices.c), which such a device
        aborts too. The only recovery is a new device (and new sessions on
        it); results already read stay valid.
        """
        if not _cext.device_failed(self):
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
        """True if the device aborts all work after an earlier failure: an
        empty iree_hal_device_queue_barrier on it aborts (see `check`)."""
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
    _cext.note_failed_devices(tuple(devices), error)


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
    device._require_open()
    return device
