"""Runtime instances (iree/runtime/instance.h)."""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING

from .. import _cext
from .._core.handle import Handle, use
from .._core.library import ffi, lib
from ..hal.device import Device
from ..hal.driver import DeviceInfo, DriverInfo, enumerate_drivers, query_available_devices

if TYPE_CHECKING:
    from ..types import CData


class Instance(Handle, _cext.InstanceHandle):
    """An `iree_runtime_instance_t` with all available drivers.

    Thread-safe. Every instance shares the process's one VM instance (HAL type
    registration is process-wide), so creating several is cheap and safe.
    Wraps iree_runtime_instance_create.
    """

    __slots__ = ()

    def __init__(self) -> None:
        options = ffi.new("iree_runtime_instance_options_t*")
        lib.iree_runtime_instance_options_initialize(options)
        lib.iree_runtime_instance_options_use_all_available_drivers(options)
        self._create(None, None, lib.iree_runtime_instance_create, options,
                     lib.iree_allocator_system())

    @property
    def host_allocator(self) -> CData:
        """iree_runtime_instance_host_allocator."""
        with use(self) as (instance,):
            return lib.iree_runtime_instance_host_allocator(instance)

    @property
    def vm_instance(self) -> CData:
        """iree_runtime_instance_vm_instance (borrowed)."""
        with use(self) as (instance,):
            return lib.iree_runtime_instance_vm_instance(instance)

    @property
    def driver_registry(self) -> CData:
        """iree_runtime_instance_driver_registry (borrowed)."""
        with use(self) as (instance,):
            return lib.iree_runtime_instance_driver_registry(instance)

    def create_device(self, uri: str = "local-task") -> "Device":
        """`Device(self, uri)`: iree_hal_create_device with any URI it
        accepts, e.g. "local-task".

        The CPU drivers take URI parameters (docs/devices.md), e.g.
        "local-task://?memory=discrete" or
        "local-task://?topology_group_count=1&worker_spin_us=50"."""
        return Device(self, uri)

    def query_drivers(self) -> list[DriverInfo]:
        """iree_hal_driver_registry_enumerate of the instance's registry
        (iree_runtime_instance_driver_registry)."""
        with use(self) as (instance,):
            return enumerate_drivers(lib.iree_runtime_instance_driver_registry(instance),
                                     lib.iree_runtime_instance_host_allocator(instance))

    def query_devices(self, driver: str) -> list[DeviceInfo]:
        """The devices `driver` can create: iree_hal_driver_query_available_devices
        (the driver from iree_runtime_instance_driver_registry)."""
        with use(self) as (instance,):
            return query_available_devices(
                lib.iree_runtime_instance_driver_registry(instance), driver,
                lib.iree_runtime_instance_host_allocator(instance))


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


def _forget_default_instance() -> None:
    # A forked child abandons the parent's objects (ireec/_core/fork.py); it
    # makes its own default instance when it needs one.
    global _default_instance
    _default_instance = None


os.register_at_fork(after_in_child=_forget_default_instance)
