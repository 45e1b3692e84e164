"""Port of IREE's HAL CTS executable_cache_test.h: creating a cache, the
formats it refuses, and preparing an executable, with executables of each
backend of the device's driver."""

from __future__ import annotations

from ireec.hal import ExecutableCache

from cts_exclusions import driver_of
from cts_support import WITHOUT_EXPORT_REFLECTION


def test_create(device):
    cache = ExecutableCache(device, "default")
    assert cache.device is device
    cache.close()


def test_cant_prepare_unknown_format(device):
    assert not ExecutableCache(device).can_prepare_format("FOO?", 0)


def test_prepare_executable(device, device_name, executable_data):
    data, executable_format = executable_data("absolute_2xf32")
    cache = ExecutableCache(device)
    assert cache.can_prepare_format(executable_format)
    executable = cache.prepare_executable(data, executable_format)
    reflects = driver_of(device_name) not in WITHOUT_EXPORT_REFLECTION
    assert executable.export_count == (1 if reflects else 0)
    executable.close()
    cache.close()
