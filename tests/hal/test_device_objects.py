"""Every object made on a device names it as `device`, the same way
(ireec/hal/_device_object.py: the first object it holds a use of), and
holds a use of it, so the Device outlives it."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import ireec
from ireec.hal import (
    Allocator,
    BufferUsage,
    CommandBuffer,
    Event,
    ExecutableCache,
    File,
    MemoryType,
)
from ireec.hal._device_object import DeviceObject

from cts_support import compile_executable

HOST_TYPE = MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE
USAGE = BufferUsage.DEFAULT | BufferUsage.MAPPING


@pytest.fixture(scope="module")
def executable_data(tmp_path_factory):
    return compile_executable("absolute_2xf32", "llvm-cpu", tmp_path_factory.mktemp("exe"))


def _made_on(device, executable_data):
    """{what: an object made on `device`}."""
    allocator = device.allocator
    buffer = allocator.allocate_buffer(16, memory_type=HOST_TYPE, usage=USAGE)
    view = ireec.BufferView(device, np.arange(4, dtype=np.float32))
    semaphore = ireec.Semaphore(device)
    other = ireec.Semaphore(device)
    cache = ExecutableCache(device)
    made = {
        "device.allocator": allocator,
        "Allocator.allocate_buffer": buffer,
        "Buffer.subspan": buffer.subspan(4, 8),
        "Buffer.allocated_buffer": buffer.subspan(4, 8).allocated_buffer,
        "BufferView": view,
        "BufferView.buffer": view.buffer,
        "BufferView.from_buffer": ireec.BufferView.from_buffer(None, buffer, (4,), np.float32),
        "Device.queue_alloca": device.queue_alloca(16),
        "Semaphore": semaphore,
        "Semaphore.fence": semaphore.fence(1),
        "Fence.at": ireec.Fence.at(semaphore, 1),
        "Fence.join": ireec.Fence.join([semaphore.fence(1), other.fence(2)]),
        "CommandBuffer": CommandBuffer(device),
        "Event": Event(device),
        "ExecutableCache": cache,
        "ExecutableCache.prepare_executable": cache.prepare_executable(executable_data),
        "File.from_memory": File.from_memory(device, bytearray(16)),
        "Device.allocator.import_buffer": allocator.import_buffer(
            ireec.empty_aligned(16, np.uint8)),
    }
    return made


def test_every_object_made_on_a_device_names_it(device, executable_data):
    for what, obj in _made_on(device, executable_data).items():
        assert isinstance(obj, DeviceObject), what
        assert obj.device is device, what


def test_what_is_made_on_no_device_names_none(device):
    heap = Allocator.create_heap()
    assert heap.device is None
    assert heap.allocate_buffer(16, memory_type=HOST_TYPE, usage=USAGE).device is None
    assert ireec.Fence(1).device is None
    semaphores = [ireec.Semaphore(device), ireec.Semaphore(ireec.Device(device.instance))]
    # Timepoints of two devices: no one device.
    assert ireec.Fence.join([s.fence(1) for s in semaphores]).device is None


def test_the_device_outlives_what_is_made_on_it(instance, cpu_driver, executable_data):
    device = instance.create_device(cpu_driver)
    made = _made_on(device, executable_data)
    device.close()
    assert device.closed and not device._released
    for obj in made.values():
        assert obj.device is device
        obj.close()
    del made, obj
    gc.collect()
    assert device._released
