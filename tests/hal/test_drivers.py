"""Each device URI: a working device, or a clear, typed failure."""

from __future__ import annotations

import pytest

import ireec
from ireec import check_status, ffi, lib

from raw_support import new_device, new_instance


@pytest.fixture
def instance():
    instance = new_instance()
    yield instance
    lib.iree_runtime_instance_release(instance)


def registered_drivers(instance):
    registry = lib.iree_runtime_instance_driver_registry(instance)
    host = lib.iree_runtime_instance_host_allocator(instance)
    count = ffi.new("iree_host_size_t*")
    infos = ffi.new("iree_hal_driver_info_t**")
    check_status(lib.iree_hal_driver_registry_enumerate(registry, host, count, infos))
    try:
        return {
            ffi.unpack(infos[0][i].driver_name.data, infos[0][i].driver_name.size).decode():
            ffi.unpack(infos[0][i].full_name.data, infos[0][i].full_name.size).decode()
            for i in range(count[0])
        }
    finally:
        lib.iree_allocator_free(host, infos[0])


def string(view) -> str:
    return ffi.unpack(view.data, view.size).decode()


def test_registry_lists_the_drivers(instance):
    drivers = registered_drivers(instance)
    assert set(drivers) == {"cuda", "hip", "local-task", "local-sync", "vulkan"}
    # local-sync is the synchronous driver and says so.
    assert "calling thread" in drivers["local-sync"]
    assert "task system" in drivers["local-task"]


@pytest.mark.parametrize("uri", ["local-task", "local-sync", "local-task://"])
def test_local_devices(instance, uri):
    device = new_device(instance, uri)
    try:
        assert string(lib.iree_hal_device_id(device)).startswith(uri.split(":")[0])
        assert lib.iree_hal_device_allocator(device) != ffi.NULL
    finally:
        lib.iree_hal_device_release(device)


def test_local_sync_describes_its_one_inline_device(instance):
    registry = lib.iree_runtime_instance_driver_registry(instance)
    host = lib.iree_runtime_instance_host_allocator(instance)
    driver = ffi.new("iree_hal_driver_t**")
    check_status(lib.iree_hal_driver_registry_try_create(
        registry, lib.iree_make_cstring_view(b"local-sync"), host, driver))
    try:
        count = ffi.new("iree_host_size_t*")
        infos = ffi.new("iree_hal_device_info_t**")
        check_status(lib.iree_hal_driver_query_available_devices(driver[0], host, count, infos))
        try:
            assert count[0] == 1
            assert string(infos[0][0].name) == "default"
        finally:
            lib.iree_allocator_free(host, infos[0])
        builder = ffi.new("iree_string_builder_t*")
        lib.iree_string_builder_initialize(host, builder)
        try:
            check_status(lib.iree_hal_driver_dump_device_info(driver[0], 0, builder))
            dump = ffi.string(lib.iree_string_builder_buffer(builder)).decode()
        finally:
            lib.iree_string_builder_deinitialize(builder)
        assert "inline on the thread submitting work" in dump
        # embedded-elf, system-library and vmvx: every loader, as IREE's tools.
        assert "executable loaders: 3" in dump
    finally:
        lib.iree_hal_driver_release(driver[0])


def test_local_sync_refuses_unknown_uri_parameters(instance):
    with pytest.raises(ireec.InvalidArgumentError) as info:
        new_device(instance, "local-sync://?speed=fast")
    assert "'speed'" in info.value.message
    assert "known parameters" in info.value.message


def test_local_sync_has_one_device(instance):
    with pytest.raises(ireec.NotFoundError) as info:
        new_device(instance, "local-sync://1")
    assert "'default'" in info.value.message
    device = new_device(instance, "local-sync://default")
    lib.iree_hal_device_release(device)


def test_default_device(instance):
    device = ffi.new("iree_hal_device_t**")
    check_status(lib.iree_runtime_instance_try_create_default_device(
        instance, lib.iree_make_cstring_view(b"local-task"), device))
    try:
        assert string(lib.iree_hal_device_id(device[0])) == "local-task"
    finally:
        lib.iree_hal_device_release(device[0])


def test_hip_without_a_hip_runtime_is_unavailable(instance):
    with pytest.raises(ireec.UnavailableError) as info:
        new_device(instance, "hip")
    assert "UNAVAILABLE" in info.value.message


@pytest.mark.parametrize("uri", ["metal", "metal://0", "webgpu", "no-such-driver"])
def test_other_drivers_are_not_found(instance, uri):
    with pytest.raises(ireec.NotFoundError) as info:
        new_device(instance, uri)
    message = info.value.message
    assert uri.split(":")[0] in message
    for available in ("cuda", "hip", "local-sync", "local-task", "vulkan"):
        assert available in message


def test_empty_uri_is_invalid(instance):
    with pytest.raises(ireec.InvalidArgumentError):
        new_device(instance, "")


def test_null_registry_is_invalid():
    device = ffi.new("iree_hal_device_t**")
    with pytest.raises(ireec.InvalidArgumentError):
        check_status(lib.iree_hal_create_device(
            ffi.NULL, lib.iree_make_cstring_view(b"local-task"),
            lib.iree_allocator_system(), device))
