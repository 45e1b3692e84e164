"""DLPack on IREE's Vulkan driver (lavapipe in CI), on both kinds of memory:
Vulkan devices are not CUDA devices, so their views export host memory
(kDLCPU; mapped where the host can map it, else read back by the device)
and tensors of device memory are refused before their producer is asked,
neither taken nor handed to IREE's Vulkan allocator (whose device
allocations are VkDeviceMemory handles, not a CUDA tensor's pointers).
Host memory is imported as on CPU devices."""

from __future__ import annotations

import numpy as np
import pytest

import ireec

from dlpack_support import CountingProducer, f32

A = f32([1, 2, 3, 4])


@pytest.fixture(scope="module", params=["host", "discrete"])
def device(instance, vulkan_uri, request):
    uri = vulkan_uri if request.param == "host" else f"{vulkan_uri}?memory=discrete"
    with instance.create_device(uri) as device:
        yield device


@pytest.fixture(scope="module")
def session(instance, device, vulkan_program):
    with ireec.Session(instance, device) as session:
        session.load_module(vulkan_program("simple_mul"))
        yield session


def test_views_export_host_memory(session):
    (product,) = session.call("module.simple_mul", A, A)
    assert product.__dlpack_device__() == (1, 0)
    assert np.from_dlpack(product).tolist() == [1, 4, 9, 16]
    assert np.from_dlpack(product, copy=True).tolist() == [1, 4, 9, 16]


def test_host_tensors_are_imported(session, device):
    producer = CountingProducer(ireec.empty_aligned(4, np.float32))
    producer.array[:] = [5, 6, 7, 8]
    with ireec.BufferView.from_dlpack(device, producer) as view:
        (product,) = session.call("module.simple_mul", view, A)
        assert product.to_numpy().tolist() == [5, 12, 21, 32]


def test_device_memory_is_refused_before_it_is_taken(session, device):
    producer = CountingProducer(ireec.empty_aligned(4, np.float32), device=(2, 0))
    with pytest.raises(BufferError, match="kDLCUDA 0; ireec imports host memory"):
        ireec.BufferView.from_dlpack(device, producer)
    with pytest.raises(BufferError, match="kDLCUDA 0") as raised:
        session.call("module.simple_mul", producer, A)
    assert "while importing argument 1" in "".join(raised.value.__notes__)
    assert producer.streams == [] and producer.deleted == 0
