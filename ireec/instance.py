"""Instances and devices."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ._handles import Handle
from ._library import ffi, lib
from ._strings import from_string_view, string_view
from .errors import check_status


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
        """A URI that creates this device with Instance.create_device."""
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

    def __init__(self):
        options = ffi.new("iree_runtime_instance_options_t*")
        lib.iree_runtime_instance_options_initialize(options)
        lib.iree_runtime_instance_options_use_all_available_drivers(options)
        out = ffi.new("iree_runtime_instance_t**")
        check_status(lib.iree_runtime_instance_create(
            options, lib.iree_allocator_system(), out))
        super().__init__(out[0])

    @property
    def host_allocator(self):
        """iree_runtime_instance_host_allocator."""
        return lib.iree_runtime_instance_host_allocator(self.handle)

    @property
    def vm_instance(self):
        """iree_runtime_instance_vm_instance (borrowed)."""
        return lib.iree_runtime_instance_vm_instance(self.handle)

    @property
    def driver_registry(self):
        """iree_runtime_instance_driver_registry (borrowed)."""
        return lib.iree_runtime_instance_driver_registry(self.handle)

    def create_device(self, uri: str = "local-task") -> "Device":
        """iree_hal_create_device: any URI it accepts, e.g. "local-task"."""
        view, owner = string_view(uri)
        out = ffi.new("iree_hal_device_t**")
        check_status(lib.iree_hal_create_device(
            self.driver_registry, view, self.host_allocator, out))
        return Device(out[0], instance=self)

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
    """An `iree_hal_device_t`. Thread-safe; share one across sessions."""

    _release_fn = lib.iree_hal_device_release
    _retain_fn = lib.iree_hal_device_retain
    __slots__ = ("instance",)

    def __init__(self, ptr, *, instance: Instance | None = None, retain: bool = False):
        super().__init__(ptr, retain=retain, keep_alive=(instance,))
        self.instance = instance

    @property
    def id(self) -> str:
        """iree_hal_device_id, e.g. "local-task"."""
        return from_string_view(lib.iree_hal_device_id(self.handle))

    @property
    def allocator(self):
        """iree_hal_device_allocator (borrowed)."""
        return lib.iree_hal_device_allocator(self.handle)

    @property
    def host_allocator(self):
        return lib.iree_hal_device_host_allocator(self.handle)

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
