"""Port of IREE's HAL CTS executable_cache_test.h: creating a cache, the
formats it refuses, and preparing an executable, with executables of each
CPU backend."""

from __future__ import annotations

from ireec.hal import ExecutableCache


def test_create(device):
    cache = ExecutableCache(device, "default")
    assert cache.device is device
    cache.close()


def test_cant_prepare_unknown_format(device):
    assert not ExecutableCache(device).can_prepare_format("FOO?", 0)


def test_prepare_executable(device, executable_data):
    data, executable_format = executable_data("absolute_2xf32")
    cache = ExecutableCache(device)
    assert cache.can_prepare_format(executable_format)
    executable = cache.prepare_executable(data, executable_format)
    assert executable.export_count == 1
    executable.close()
    cache.close()
