"""CPU devices with discrete-GPU memory (`local-task://?memory=discrete`):
DEVICE_LOCAL results the host cannot map, read back right by every path, and
the template sample failing exactly as on CUDA."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec import check_status, ffi, lib

from child_process import run_ireec, run_python
from locations import EXAMPLES_DIR

DISCRETE = "local-task://?memory=discrete"
CUDA_MESSAGE = ("PERMISSION_DENIED; buffer memory type is not compatible with the "
                "requested operation; buffer has DEVICE_LOCAL, operation requires "
                "HOST_VISIBLE")
A = np.array([1, 2, 3, 4], np.float32)
B = np.array([10, 20, 30, 40], np.float32)
PRODUCT = [10, 40, 90, 160]


@pytest.fixture(scope="module", params=[DISCRETE, "local-sync://?memory=discrete"])
def device(instance, request):
    with instance.create_device(request.param) as device:
        yield device


@pytest.fixture(scope="module")
def session(session_with):
    return session_with("simple_mul")


def assert_device_only(view):
    assert view.memory_type & lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL == \
        lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL
    assert not view.memory_type & lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
    assert not view.mappable


# -- the memory ------------------------------------------------------------------

def test_results_land_in_memory_the_host_cannot_map(session):
    (result,) = session.call("module.simple_mul", A, B)
    with result:
        assert_device_only(result)
        assert result.describe_memory().startswith("DEVICE_LOCAL; ")
        for mode in (lib.IREE_HAL_MAPPING_MODE_SCOPED, lib.IREE_HAL_MAPPING_MODE_PERSISTENT):
            mapping = ffi.new("iree_hal_buffer_mapping_t*")
            with pytest.raises(ireec.PermissionDeniedError) as e:
                check_status(lib.iree_hal_buffer_map_range(
                    result.buffer.handle, mode, lib.IREE_HAL_MEMORY_ACCESS_READ, 0, 16, mapping))
            assert CUDA_MESSAGE in str(e.value)


def test_inputs_from_numpy_are_device_local_too(device):
    with ireec.BufferView.from_numpy(device, A) as view:
        assert_device_only(view)
        np.testing.assert_array_equal(view.to_numpy(), A)


def test_host_visible_requests_get_mappable_memory(device):
    params = ffi.new("iree_hal_buffer_params_t*", {
        "type": lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL | lib.IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE,
        "usage": lib.IREE_HAL_BUFFER_USAGE_TRANSFER | lib.IREE_HAL_BUFFER_USAGE_MAPPING,
    })
    buffer = ffi.new("iree_hal_buffer_t**")
    check_status(lib.iree_hal_allocator_allocate_buffer(device.allocator.handle, params[0], 16,
                                                        buffer))
    try:
        assert lib.iree_hal_buffer_memory_type(buffer[0]) & lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
        data = np.array([7, 8, 9, 10], np.int32)
        check_status(lib.iree_hal_buffer_map_write(buffer[0], 0, ffi.from_buffer(data), 16))
        back = np.zeros(4, np.int32)
        check_status(lib.iree_hal_buffer_map_read(buffer[0], 0, ffi.from_buffer(back), 16))
        np.testing.assert_array_equal(back, data)
    finally:
        lib.iree_hal_buffer_release(buffer[0])


def test_heaps_say_device_local_first(device):
    count = ffi.new("iree_host_size_t*")
    heaps = ffi.new("iree_hal_allocator_memory_heap_t[4]")
    check_status(lib.iree_hal_allocator_query_memory_heaps(device.allocator.handle, 4, heaps,
                                                           count))
    assert count[0] == 2
    assert heaps[0].type == lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL
    assert not heaps[0].allowed_usage & lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED
    assert heaps[1].type & lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE


# -- reading it back ---------------------------------------------------------------

def test_readback_and_formatting(session):
    (result,) = session.call("module.simple_mul", A, B)
    with result:
        np.testing.assert_array_equal(result.to_numpy(), PRODUCT)
        assert str(result) == "4xf32=10 40 90 160"
        assert result.format(2) == "4xf32=10 40..."
        with pytest.raises(ValueError, match="not HOST_VISIBLE"):
            result.to_numpy(copy=False)
        np.testing.assert_array_equal(np.asarray(result), PRODUCT)


def test_out_arrays(session):
    out = np.zeros(4, np.float32)
    assert session.call("module.simple_mul", A, B, out=out)[0] is out
    np.testing.assert_array_equal(out, PRODUCT)


def test_bound_calls(session):
    fn = session.function("module.simple_mul")
    (view,) = fn.prepare().bind(A, B)()
    with view:
        assert_device_only(view)
        np.testing.assert_array_equal(view.to_numpy(), PRODUCT)
    out = np.zeros(4, np.float32)
    bound = fn.prepare().bind(A, B, out=out)
    for _ in range(3):
        out[:] = 0
        bound()
        np.testing.assert_array_equal(out, PRODUCT)


def test_results_feed_further_calls_on_the_device(session):
    (first,) = session.call("module.simple_mul", A, B)
    with first:
        (second,) = session.call("module.simple_mul", first, first)
        with second:
            np.testing.assert_array_equal(second.to_numpy(), np.square(PRODUCT))


def test_copies_to_and_from_a_host_memory_device(instance, session, device):
    (result,) = session.call("module.simple_mul", A, B)
    with result, instance.create_device("local-task") as host_device:
        with result.to_device(host_device) as copy:
            assert copy.mappable
            np.testing.assert_array_equal(copy.to_numpy(copy=False), PRODUCT)
            with copy.to_device(device) as back:
                assert_device_only(back)
                np.testing.assert_array_equal(back.to_numpy(), PRODUCT)


def queue_and_wait(device, operation, *args):
    """Runs iree_hal_device_queue_<operation>(device, ANY, no waits, signal,
    *args) and waits for its signal."""
    semaphore = ffi.new("iree_hal_semaphore_t**")
    check_status(lib.iree_hal_semaphore_create(
        device.handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, 0,
        lib.IREE_HAL_SEMAPHORE_FLAG_DEFAULT, semaphore))
    try:
        value = ffi.new("uint64_t*", 1)
        signal = ffi.new("iree_hal_semaphore_list_t*", {
            "count": 1, "semaphores": semaphore, "payload_values": value})
        check_status(getattr(lib, f"iree_hal_device_queue_{operation}")(
            device.handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY,
            lib.iree_hal_semaphore_list_empty(), signal[0], *args))
        check_status(lib.iree_hal_semaphore_wait(
            semaphore[0], 1, lib.iree_infinite_timeout(), lib.IREE_HAL_WAIT_FLAG_DEFAULT))
    finally:
        lib.iree_hal_semaphore_release(semaphore[0])


def test_queue_copy_fill_and_update_on_discrete_buffers(device):
    with ireec.BufferView.from_numpy(device, A) as source, \
            ireec.BufferView.from_numpy(device, B) as target:
        # Elements 1..2 of the source over elements 2..3 of the target.
        queue_and_wait(device, "copy", source.buffer.handle, 4, target.buffer.handle, 8, 8,
                       lib.IREE_HAL_COPY_FLAG_NONE)
        np.testing.assert_array_equal(target.to_numpy(), [10, 20, 2, 3])
        pattern = ffi.new("float*", -1.5)
        queue_and_wait(device, "fill", target.buffer.handle, 0, 4, pattern, 4,
                       lib.IREE_HAL_FILL_FLAG_NONE)
        np.testing.assert_array_equal(target.to_numpy(), [-1.5, 20, 2, 3])
        update = np.array([7, 8], np.float32)
        queue_and_wait(device, "update", ffi.from_buffer(update), 0, target.buffer.handle, 4, 8,
                       lib.IREE_HAL_UPDATE_FLAG_NONE)
        np.testing.assert_array_equal(target.to_numpy(), [-1.5, 7, 8, 3])


# -- device parameters ---------------------------------------------------------------

@pytest.mark.parametrize("uri, message", [
    ("local-task://?memory=gpu", "device parameter 'memory' is 'gpu'; expected 'host'"),
    ("local-sync://?memory=", "device parameter 'memory' is ''"),
    ("local-task://?color=blue",
     "unknown local-task device parameter 'color'; known parameters: memory"),
    ("local-sync://?topology_group_count=1",
     "unknown local-sync device parameter 'topology_group_count'; known parameters: memory"),
])
def test_bad_parameters_are_refused(instance, uri, message):
    with pytest.raises(ireec.InvalidArgumentError, match=message):
        instance.create_device(uri)


def test_memory_host_is_the_usual_memory(instance):
    with instance.create_device("local-task://?memory=host") as device:
        with ireec.BufferView.from_numpy(device, A) as view:
            assert view.mappable


# -- the template sample, as the user ran it on CUDA ---------------------------------

JIT_MUL = EXAMPLES_DIR / "jit_mul.mlir"
MAPPABLE = "--iree-hal-external-resources-mappable=true"
CUDA_LIKE_STDOUT = "\n * \n\n = \n"
MAPPABLE_STDOUT = "\n * \n\n = \n4xf32=10 110 1200 13000"


@pytest.fixture(scope="module")
def c_sample(build_c_program):
    return build_c_program(EXAMPLES_DIR / "hello_world.c", "hello_world")


@pytest.fixture(scope="module", params=["c", "python"])
def sample(request, c_sample):
    """sample(*args) runs the C or the Python template sample to its end."""
    if request.param == "c":
        return c_sample.run
    return lambda *args: run_python(EXAMPLES_DIR / "hello_world.py", *args)


def test_sample_fails_as_on_cuda(sample, compile_mlir):
    result = sample(DISCRETE, compile_mlir(JIT_MUL))
    assert result.returncode == 7  # IREE_STATUS_PERMISSION_DENIED
    assert result.stdout == CUDA_LIKE_STDOUT
    assert CUDA_MESSAGE in result.stderr


def test_sample_with_mappable_results_prints_what_the_user_saw(sample, compile_mlir):
    result = sample(DISCRETE, compile_mlir(JIT_MUL, MAPPABLE))
    assert result.returncode == 0, result.stderr
    assert result.stdout == MAPPABLE_STDOUT
    assert result.stderr == ""


def test_c_sample_on_host_memory_prints_everything(c_sample, compile_mlir):
    result = c_sample.run("local-sync", compile_mlir(JIT_MUL))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("4xf32=1 1.1 1.2 1.3\n * \n4xf32=10 100 1000 10000\n = \n"
                             "4xf32=10 110 1200 13000")


def test_dump_devices_shows_the_heaps():
    result = run_ireec("dump-devices", DISCRETE).check()
    assert f"# --device={DISCRETE}\n" in result.stdout
    assert ("  [0] type DEVICE_LOCAL\n      usage TRANSFER|DISPATCH\n"
            "      max allocation unlimited, min alignment 64 B\n"
            "  [1] type DEVICE_LOCAL|HOST_VISIBLE|HOST_COHERENT\n") in result.stdout
