"""Instances and devices."""

from __future__ import annotations

from typing import TYPE_CHECKING

import threading
from dataclasses import dataclass

from ._handles import Handle
from ._in_use import in_use
from ._library import ffi, lib
from ._strings import from_string_view, string_view
from .errors import AbortedError, check_status
from .fence import Semaphore

if TYPE_CHECKING:
    from .types import CData


@dataclass(frozen=True)
class DriverInfo:
    name: str
    full_name: str


@dataclass(frozen=True)
class DeviceInfo:
    driver: str
    device_id: int
    path: str
    name: str

    @property
    def uri(self) -> str:
        """A URI that creates this device with Device(instance, uri)."""
        return f"{self.driver}://{self.path}" if self.path else self.driver


class Instance(Handle):
    """An `iree_runtime_instance_t` with all available drivers.

    Thread-safe. Every instance shares the process's one VM instance (HAL type
    registration is process-wide), so creating several is cheap and safe.
    Wraps iree_runtime_instance_create.
    """

    _release_fn = lib.iree_runtime_instance_release
    _retain_fn = lib.iree_runtime_instance_retain
    __slots__ = ()

    def __init__(self) -> None:
        options = ffi.new("iree_runtime_instance_options_t*")
        lib.iree_runtime_instance_options_initialize(options)
        lib.iree_runtime_instance_options_use_all_available_drivers(options)
        out = ffi.new("iree_runtime_instance_t**")
        check_status(lib.iree_runtime_instance_create(
            options, lib.iree_allocator_system(), out))
        self._own(out[0])

    @property
    def host_allocator(self) -> CData:
        """iree_runtime_instance_host_allocator."""
        return lib.iree_runtime_instance_host_allocator(self.handle)

    @property
    def vm_instance(self) -> CData:
        """iree_runtime_instance_vm_instance (borrowed)."""
        return lib.iree_runtime_instance_vm_instance(self.handle)

    @property
    def driver_registry(self) -> CData:
        """iree_runtime_instance_driver_registry (borrowed)."""
        return lib.iree_runtime_instance_driver_registry(self.handle)

    def create_device(self, uri: str = "local-task") -> "Device":
        """`Device(self, uri)`: iree_hal_create_device with any URI it
        accepts, e.g. "local-task".

        The CPU drivers take URI parameters (docs/devices.md), e.g.
        "local-task://?memory=discrete" or
        "local-task://?topology_group_count=1&worker_spin_us=50"."""
        return Device(self, uri)

    def query_drivers(self) -> list[DriverInfo]:
        """iree_hal_driver_registry_enumerate."""
        host = self.host_allocator
        count = ffi.new("iree_host_size_t*")
        infos = ffi.new("iree_hal_driver_info_t**")
        check_status(lib.iree_hal_driver_registry_enumerate(
            self.driver_registry, host, count, infos))
        try:
            return [DriverInfo(from_string_view(infos[0][i].driver_name),
                               from_string_view(infos[0][i].full_name))
                    for i in range(count[0])]
        finally:
            lib.iree_allocator_free(host, infos[0])

    def query_devices(self, driver: str) -> list[DeviceInfo]:
        """The devices `driver` can create: iree_hal_driver_query_available_devices."""
        view, owner = string_view(driver)
        host = self.host_allocator
        out_driver = ffi.new("iree_hal_driver_t**")
        check_status(lib.iree_hal_driver_registry_try_create(
            self.driver_registry, view, host, out_driver))
        try:
            count = ffi.new("iree_host_size_t*")
            infos = ffi.new("iree_hal_device_info_t**")
            check_status(lib.iree_hal_driver_query_available_devices(
                out_driver[0], host, count, infos))
            try:
                return [DeviceInfo(driver, int(infos[0][i].device_id),
                                   from_string_view(infos[0][i].path),
                                   from_string_view(infos[0][i].name))
                        for i in range(count[0])]
            finally:
                lib.iree_allocator_free(host, infos[0])
        finally:
            lib.iree_hal_driver_release(out_driver[0])


class Device(Handle):
    """An `iree_hal_device_t`. Thread-safe; share one across sessions.

    `Device(instance, uri="local-task")` creates one (iree_hal_create_device
    with any URI it accepts); `Device.from_handle(ptr, retain=..., instance=None)`
    adopts a raw `iree_hal_device_t*`.
    """

    _release_fn = lib.iree_hal_device_release
    _retain_fn = lib.iree_hal_device_retain
    __slots__ = ("instance",)
    instance: Instance | None

    def __init__(self, instance: Instance, uri: str = "local-task"):
        if not isinstance(instance, Instance):
            raise TypeError(f"Device(instance, uri): instance must be an ireec.Instance, "
                            f"not {type(instance).__name__}")
        if not isinstance(uri, str):
            raise TypeError(f"Device(instance, uri): uri must be a str, not "
                            f"{type(uri).__name__}")
        view, owner = string_view(uri)
        out = ffi.new("iree_hal_device_t**")
        check_status(lib.iree_hal_create_device(
            instance.driver_registry, view, instance.host_allocator, out))
        self._own(out[0], parent=instance)
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


_default_instance: Instance | None = None
_default_lock = threading.Lock()


def default_instance() -> Instance:
    """A process-wide Instance for module-level helpers."""
    global _default_instance
    with _default_lock:
        if _default_instance is None:
            _default_instance = Instance()
        return _default_instance


def query_drivers() -> list[DriverInfo]:
    """The HAL drivers this runtime provides."""
    return default_instance().query_drivers()


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
