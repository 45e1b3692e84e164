"""HAL drivers and the devices they can create (iree/hal/driver.h,
iree/hal/driver_registry.h)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import _cext
from . import _borrowed_drivers  # noqa: F401  (lends cuda and vulkan to the registry)
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import from_string_view, string_view

if TYPE_CHECKING:
    from ..types import CData


@dataclass(frozen=True)
class DriverInfo:
    """A driver a registry provides (iree_hal_driver_info_t)."""

    name: str
    full_name: str


@dataclass(frozen=True)
class DeviceInfo:
    """A device a driver can create (iree_hal_device_info_t)."""

    driver: str
    device_id: int
    path: str
    name: str

    @property
    def uri(self) -> str:
        """A URI that creates this device with Device(instance, uri)."""
        return f"{self.driver}://{self.path}" if self.path else self.driver


def enumerate_drivers(registry: CData, host_allocator: CData) -> list[DriverInfo]:
    """iree_hal_driver_registry_enumerate."""
    count = ffi.new("iree_host_size_t*")
    infos = ffi.new("iree_hal_driver_info_t**")
    check_status(lib.iree_hal_driver_registry_enumerate(
        registry, host_allocator, count, infos))
    try:
        return [DriverInfo(from_string_view(infos[0][i].driver_name),
                           from_string_view(infos[0][i].full_name))
                for i in range(count[0])]
    finally:
        lib.iree_allocator_free(host_allocator, infos[0])


def create_driver(registry: CData, driver: str, host_allocator: CData) -> _cext.DriverHandle:
    """iree_hal_driver_registry_try_create: the driver named `driver`, made
    straight into the handle returned (close() releases it)."""
    view, owner = string_view(driver)
    made = _cext.DriverHandle()
    made._create(None, None, lib.iree_hal_driver_registry_try_create, registry, view,
                 host_allocator)
    return made


def query_available_devices(registry: CData, driver: str,
                            host_allocator: CData) -> list[DeviceInfo]:
    """The devices `driver` of `registry` can create:
    iree_hal_driver_registry_try_create, then
    iree_hal_driver_query_available_devices."""
    made = create_driver(registry, driver, host_allocator)
    try:
        count = ffi.new("iree_host_size_t*")
        infos = ffi.new("iree_hal_device_info_t**")
        with use(made) as (driver_ptr,):
            check_status(lib.iree_hal_driver_query_available_devices(
                driver_ptr, host_allocator, count, infos))
        try:
            return [DeviceInfo(driver, int(infos[0][i].device_id),
                               from_string_view(infos[0][i].path),
                               from_string_view(infos[0][i].name))
                    for i in range(count[0])]
        finally:
            lib.iree_allocator_free(host_allocator, infos[0])
    finally:
        made.close()


def parse_driver_flags(*flags: str) -> None:
    """Sets flags of IREE's own GPU drivers (`--cuda_*`, `--vulkan_*`, e.g.
    "--cuda_async_allocations=false"), which IREE's official runtime lends
    ireec's registry: its drivers read them when a device is created.
    Process-wide, as in IREE's tools (whose command lines take the same
    flags); an unknown flag or value raises IREE's InvalidArgumentError."""
    for flag in flags:
        if not isinstance(flag, str):
            raise TypeError(f"flags are str, not {type(flag).__name__}")
    _borrowed_drivers.parse_flags(list(flags))

