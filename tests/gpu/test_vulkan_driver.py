"""IREE's own vulkan and cuda drivers in ireec's registry: lent by IREE's
official runtime wheel, seen by every route (the raw registry,
iree_hal_create_device, iree_runtime_instance_*, Device, load_module), and
the devices IREE's Vulkan driver hides listed by the URI that creates them.
(Calls on the device: test_vulkan_calls.py; the tools: test_vulkan_tools.py;
refusals: test_borrowed_driver_checks.py.)"""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec import check_status, ffi, lib

from child_process import run_python


def _names(infos, count):
    return [ffi.string(infos[i].driver_name.data, infos[i].driver_name.size).decode()
            for i in range(count)]


def test_the_default_registry_lists_cuda_and_vulkan_in_iree_order():
    registry = lib.iree_hal_driver_registry_default()
    count = ffi.new("iree_host_size_t*")
    infos = ffi.new("iree_hal_driver_info_t**")
    # The instance made by ireec registers every driver in the default registry.
    ireec.Instance()
    check_status(lib.iree_hal_driver_registry_enumerate(
        registry, lib.iree_allocator_system(), count, infos))
    try:
        assert _names(infos[0], count[0]) == [
            "cuda", "hip", "local-sync", "local-task", "vulkan"]
    finally:
        lib.iree_allocator_free(lib.iree_allocator_system(), infos[0])


def test_instance_and_module_level_listings_have_them(instance):
    names = [d.name for d in instance.query_drivers()]
    assert "vulkan" in names and "cuda" in names
    assert [d.name for d in ireec.query_drivers()] == names
    full = {d.name: d.full_name for d in instance.query_drivers()}
    assert "IREE's own" in full["vulkan"] and "iree-base-runtime 3.9.0" in full["cuda"]


def test_iree_hal_create_device_makes_a_vulkan_device(vulkan_uri):
    # The raw route a C sample ported line by line takes.
    options = ffi.new("iree_runtime_instance_options_t*")
    lib.iree_runtime_instance_options_initialize(options)
    lib.iree_runtime_instance_options_use_all_available_drivers(options)
    instance = ffi.new("iree_runtime_instance_t**")
    check_status(lib.iree_runtime_instance_create(options, lib.iree_allocator_system(),
                                                  instance))
    try:
        device = ffi.new("iree_hal_device_t**")
        uri = vulkan_uri.encode()
        check_status(lib.iree_hal_create_device(
            lib.iree_runtime_instance_driver_registry(instance[0]),
            lib.iree_make_string_view(uri, len(uri)),
            lib.iree_runtime_instance_host_allocator(instance[0]), device))
        try:
            view = lib.iree_hal_device_id(device[0])
            assert ffi.string(view.data, view.size) == b"vulkan"
            # The device's allocator is IREE's Vulkan allocator: a buffer
            # made there holds what is written into it.
            allocator = lib.iree_hal_device_allocator(device[0])
            params = ffi.new("iree_hal_buffer_params_t*", {
                "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
                "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT})
            buffer = ffi.new("iree_hal_buffer_t**")
            check_status(lib.iree_hal_allocator_allocate_buffer(allocator, params[0], 64,
                                                                buffer))
            data = ffi.new("uint8_t[64]", list(range(64)))
            check_status(lib.iree_hal_device_transfer_h2d(
                device[0], data, buffer[0], 0, 64, lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
                lib.iree_infinite_timeout()))
            back = ffi.new("uint8_t[64]")
            check_status(lib.iree_hal_device_transfer_d2h(
                device[0], buffer[0], 0, back, 64, lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
                lib.iree_infinite_timeout()))
            assert list(back) == list(range(64))
            lib.iree_hal_buffer_release(buffer[0])
        finally:
            lib.iree_hal_device_release(device[0])
    finally:
        lib.iree_runtime_instance_release(instance[0])


def test_hidden_devices_are_listed_with_the_uri_that_creates_them(instance, vulkan_uri):
    devices = instance.query_devices("vulkan")
    assert vulkan_uri in [d.uri for d in devices]
    for info in devices:
        # IREE's device path: the deviceUUID, 8-4-4-4-12 hex digits.
        parts = info.path.split("-")
        assert [len(p) for p in parts] == [8, 4, 4, 4, 12]
        int("".join(parts), 16)
        assert info.name
        with instance.create_device(info.uri) as device:
            assert device.id == "vulkan"


def test_a_device_listed_beyond_iree_is_created_by_its_id(instance, vulkan_uri):
    # IREE's own driver (the wheel's Python API) lists only what it does not
    # hide; ireec's listing adds the rest with ids of its own, which create
    # them through the driver API too.
    from ireec.hal._borrowed_drivers import extension
    official = extension().create_hal_driver("vulkan").query_available_devices()
    official_paths = {d["path"] for d in official}
    for info in instance.query_devices("vulkan"):
        if info.path in official_paths:
            continue
        driver = ireec.hal.driver.create_driver(instance.driver_registry, "vulkan",
                                                instance.host_allocator)
        try:
            device = ffi.new("iree_hal_device_t**")
            check_status(lib.iree_hal_driver_create_device_by_id(
                driver.handle, info.device_id, 0, ffi.NULL, instance.host_allocator,
                device))
            view = lib.iree_hal_device_id(device[0])
            assert ffi.string(view.data, view.size) == b"vulkan"
            lib.iree_hal_device_release(device[0])
        finally:
            driver.close()


def test_the_default_vulkan_device_error_names_the_devices_there_are(instance, vulkan_uri):
    # On a machine whose only Vulkan device IREE hides (lavapipe), IREE's
    # "vulkan" finds no device; the error says which URI does.
    visible = [d for d in instance.query_devices("vulkan") if d.device_id % 2 == 0]
    if visible:
        with instance.create_device("vulkan") as device:
            assert device.id == "vulkan"
        return
    with pytest.raises(ireec.NotFoundError) as raised:
        instance.create_device("vulkan")
    assert f"a device there is: {vulkan_uri}" in str(raised.value)
    assert "0 visible" in str(raised.value)


def test_load_module_takes_a_vulkan_uri(vulkan_program, vulkan_uri):
    module = ireec.load_module(vulkan_program("simple_mul"), device=vulkan_uri)
    product = module.simple_mul(np.arange(4, dtype=np.float32), np.full(4, 2, np.float32))
    assert product.to_numpy().tolist() == [0, 2, 4, 6]


def test_a_c_program_has_no_lender(build_c_program):
    # Without ireec's Python package nothing lends IREE's drivers: the
    # registry still lists them, and creating one says why it cannot.
    program = build_c_program(r"""
        #include <stdio.h>
        #include "iree/runtime/api.h"
        int main(void) {
          iree_runtime_instance_options_t options;
          iree_runtime_instance_options_initialize(&options);
          iree_runtime_instance_options_use_all_available_drivers(&options);
          iree_runtime_instance_t* instance = NULL;
          IREE_CHECK_OK(iree_runtime_instance_create(&options, iree_allocator_system(),
                                                     &instance));
          iree_hal_device_t* device = NULL;
          iree_status_t status = iree_runtime_instance_try_create_default_device(
              instance, iree_make_cstring_view("vulkan"), &device);
          printf("%s\n", iree_status_code_string(iree_status_code(status)));
          iree_status_fprint(stdout, status);
          iree_status_ignore(status);
          iree_runtime_instance_release(instance);
          return 0;
        }
        """, "no_lender")
    result = program.run().check()
    first, rest = result.stdout.split("\n", 1)
    assert first == "UNAVAILABLE"
    assert "nothing lends it in this process" in rest
    assert "iree-base-runtime" in rest


def test_drivers_outlive_the_python_objects_they_came_from(vulkan_uri):
    # The lent driver holds its own reference: made, used after the
    # official extension's object is gone, and released at exit cleanly.
    result = run_python("-c", f"""
import gc, numpy as np, ireec
inst = ireec.Instance()
devices = [inst.create_device({vulkan_uri!r}) for _ in range(3)]
gc.collect()
for d in devices:
    v = ireec.BufferView.from_numpy(d, np.arange(5, dtype=np.int32))
    assert v.to_numpy().tolist() == [0, 1, 2, 3, 4]
print("ok")
""")
    assert result.check().stdout == "ok\n"
    assert result.stderr == ""


def test_a_cycle_holding_a_device_and_its_results_releases_the_device_last(
        vulkan_program, vulkan_uri):
    # Garbage collection clears a cycle's objects in any order; a Vulkan
    # buffer released after its device's last reference (and so after the
    # Vulkan driver was unloaded with the device's instance) would call into
    # unloaded code. The device's reference goes after its children's.
    result = run_python("-c", f"""
import gc, numpy as np, ireec
gc.disable()
for order in range(6):
    inst = ireec.Instance()
    device = inst.create_device({vulkan_uri!r})
    session = ireec.Session(inst, device)
    session.load_module({str(vulkan_program("simple_mul"))!r})
    (view,) = session.call("module.simple_mul", np.ones(4, np.float32), np.ones(4, np.float32))
    members = [device, session, view, inst]
    members = members[order % 4:] + members[:order % 4]
    if order >= 4:
        members.reverse()
    box = {{"members": members}}
    box["self"] = box
    del inst, device, session, view, members, box
    gc.collect()
print("ok")
""")
    assert result.check().stdout == "ok\n"


def test_a_fence_outliving_its_vulkan_semaphore_keeps_the_device(vulkan_uri):
    # IREE's Vulkan semaphores do not keep their device: one used after the
    # device went calls into a destroyed VkDevice. A Fence keeps its
    # semaphores' device, so a wait nobody signals, failed at exit, finds
    # the device still there.
    result = run_python("-c", f"""
import gc, numpy as np, ireec
instance = ireec.Instance()
gpu = instance.create_device({vulkan_uri!r})
semaphore = ireec.Semaphore(gpu, 0)
fence = ireec.Fence.at(semaphore, 1)
cpu = instance.create_device("local-task")
target = cpu.allocator.allocate_buffer(16)
cpu.queue_fill(target, 0, 16, np.uint32(1), wait=fence, signal=[])
del semaphore, target
gpu.close()
del gpu
gc.collect()
print(fence.query())
""")
    assert result.check().stdout == "False\n"


@pytest.mark.parametrize("made", [
    "fence = ireec.Fence(2); fence.insert(semaphore, 1)",
    "fence = ireec.Fence(2); fence.insert(cpu_semaphore, 1); fence.insert(semaphore, 1)",
    "fence = ireec.Fence(2); fence.insert(cpu_semaphore, 1); "
    "fence.extend(ireec.Fence.at(semaphore, 1))",
])
def test_a_fence_given_a_vulkan_semaphore_later_keeps_its_device(vulkan_uri, made):
    # The same through insert and extend, into a fence made without the
    # Vulkan device (empty, or on another device's semaphore).
    result = run_python("-c", f"""
import gc, ireec
instance = ireec.Instance()
gpu = instance.create_device({vulkan_uri!r})
cpu = instance.create_device("local-task")
semaphore = ireec.Semaphore(gpu, 0)
cpu_semaphore = ireec.Semaphore(cpu, 1)
{made}
del semaphore
gpu.close()
del gpu
gc.collect()
print(fence.query(), len(fence))
""", timeout=120)
    assert result.check().stdout == ("False 2\n" if "cpu_semaphore" in made else "False 1\n")
