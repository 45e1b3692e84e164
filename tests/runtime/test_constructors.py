"""Objects built one way: each class's constructor creates its C object,
`Cls.from_handle(ptr, retain=...)` adopts a raw pointer; copies and pickles
are refused."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import ireec
from ireec import ffi, lib

# -- constructors create ----------------------------------------------------------------


def test_device_is_created_from_an_instance_and_a_uri(instance):
    with ireec.Device(instance, "local-task") as device:
        assert device.id == "local-task"
        assert device.instance is instance
    with ireec.Device(instance) as device:  # local-task by default
        assert device.id == "local-task"


@pytest.mark.parametrize("args,message", [
    (("local-task",), "instance must be an ireec.Instance, not str"),
    ((None, "local-task"), "instance must be an ireec.Instance, not NoneType"),
])
def test_device_refuses_what_is_not_an_instance(args, message):
    with pytest.raises(TypeError, match=message):
        ireec.Device(*args)


def test_device_refuses_a_uri_that_is_not_a_string(instance):
    with pytest.raises(TypeError, match="uri must be a str, not int"):
        ireec.Device(instance, 3)


def test_device_of_an_unknown_driver_is_an_iree_error(instance):
    with pytest.raises(ireec.IreeError):
        ireec.Device(instance, "no-such-driver")


def test_semaphore_is_created_on_a_device(device):
    with ireec.Semaphore(device) as semaphore:
        assert semaphore.query() == 0
    with ireec.Semaphore(device, initial_value=7) as semaphore:
        assert semaphore.query() == 7
        semaphore.signal(9)
        assert semaphore.value == 9


def test_semaphore_refuses_what_is_not_a_device(device):
    with pytest.raises(TypeError, match="device must be an ireec.Device, not int"):
        ireec.Semaphore(3)
    with pytest.raises(TypeError, match="device must be an ireec.Device"):
        ireec.Semaphore(device.handle)


def test_fence_is_created_empty(device):
    with ireec.Fence() as fence:
        assert fence.timepoint_count == 0
        assert fence.query() is True
        with ireec.Semaphore(device) as semaphore:
            fence.insert(semaphore, 2)
            assert fence.query() is False
            semaphore.signal(2)
            assert fence.query() is True
    with pytest.raises(ValueError, match="fence capacity"):
        ireec.Fence(-1)


def test_buffer_view_is_created_from_an_array(device):
    array = np.arange(6, dtype=np.int32).reshape(2, 3)
    with ireec.BufferView(device, array) as view:
        assert view.shape == (2, 3)
        np.testing.assert_array_equal(view.to_numpy(), array)
        assert view.zero_copy is False
        assert view.zero_copy_fallback is None
        assert view.device is device


def test_buffer_view_constructor_imports_like_from_numpy(device):
    array = ireec.empty_aligned((4,), np.float32)
    array[:] = [1, 2, 3, 4]
    with ireec.BufferView(device, array, zero_copy=True) as view:
        assert view.zero_copy is True
        array[0] = 10
        np.testing.assert_array_equal(view.to_numpy(), [10, 2, 3, 4])
    unaligned = np.zeros(17, np.uint8)[1:]
    with ireec.BufferView(device, unaligned, zero_copy=True) as view:
        assert view.zero_copy is False
        assert "aligned" in view.zero_copy_fallback


def test_buffer_view_refuses_what_is_not_a_device():
    with pytest.raises(TypeError, match="ireec.Device"):
        ireec.BufferView("local-task", np.zeros(2))


# -- from_handle adopts -----------------------------------------------------------------


def test_from_handle_with_retain_outlives_the_original(instance):
    device = ireec.Device(instance, "local-task")
    adopted = ireec.Device.from_handle(device.handle, retain=True)
    device.close()
    assert adopted.id == "local-task"
    adopted.close()

    semaphore = ireec.Semaphore(adopted_device := ireec.Device(instance), 3)
    again = ireec.Semaphore.from_handle(semaphore.handle, retain=True)
    semaphore.close()
    assert again.query() == 3
    again.close()

    fence = ireec.Fence(2)
    again = ireec.Fence.from_handle(fence.handle, retain=True)
    fence.close()
    assert again.query() is True

    view = ireec.BufferView(adopted_device, np.array([5, 6], np.int16))
    again = ireec.BufferView.from_handle(view.handle, retain=True, device=adopted_device)
    view.close()
    np.testing.assert_array_equal(again.to_numpy(), [5, 6])

    again_instance = ireec.Instance.from_handle(instance.handle, retain=True)
    again_instance.close()
    assert not instance.closed


def test_from_handle_without_retain_takes_over_the_reference(instance):
    out = ffi.new("iree_hal_semaphore_t**")
    with ireec.Device(instance) as device:
        ireec.check_status(lib.iree_hal_semaphore_create(
            device.handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, 4,
            lib.IREE_HAL_SEMAPHORE_FLAG_DEFAULT, out))
        with ireec.Semaphore.from_handle(out[0]) as semaphore:
            assert semaphore.query() == 4


def test_session_from_handle(instance, device, program):
    session = ireec.Session(instance, device)
    session.load_module(program("simple_mul"))
    adopted = ireec.Session.from_handle(session.handle, retain=True)
    session.close()
    assert adopted.device.id == device.id
    a = np.array([1, 2, 3, 4], np.float32)
    result = adopted.call("module.simple_mul", a, a)[0].to_numpy()
    np.testing.assert_array_equal(result, a * a)
    adopted.close()


@pytest.mark.parametrize("cls", [ireec.Instance, ireec.Device, ireec.Session,
                                 ireec.Semaphore, ireec.Fence, ireec.BufferView])
def test_from_handle_refuses_null_and_other_types(cls):
    # A BufferView checks the pointer's type first (a void* NULL is a TypeError).
    null = ffi.cast("iree_hal_buffer_view_t*", 0) if cls is ireec.BufferView else ffi.NULL
    with pytest.raises(ValueError, match="non-NULL"):
        cls.from_handle(null)
    with pytest.raises(TypeError):
        cls.from_handle(ffi.new("int*"))
    with pytest.raises(TypeError):
        cls.from_handle(12345)


# -- one owner per reference ------------------------------------------------------------


def test_copies_and_pickles_are_refused(instance, device):
    for obj in (ireec.Device(instance), ireec.Semaphore(device), ireec.Fence(),
                ireec.Session(instance, device), ireec.BufferView(device, np.zeros(2))):
        with pytest.raises(TypeError, match="cannot be copied"):
            copy.copy(obj)
        with pytest.raises(TypeError, match="cannot be copied"):
            copy.deepcopy(obj)
        with pytest.raises(TypeError, match="cannot be pickled"):
            pickle.dumps(obj)
        obj.close()
