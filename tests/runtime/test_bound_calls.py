"""Bound calls (PreparedCall.bind) and results read into caller arrays
(`out=`): the values they produce, what they keep and release, and the
errors for arrays that do not fit."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import ireec
from ireec import ffi, lib
from ireec.hal._zero_copy import lent_array_count
from ireec import check_status

from device_buffers import device_only_view
from locations import PROGRAMS_DIR


# Every test also runs on a device with a discrete GPU's memory.
@pytest.fixture(scope="module")
def device(host_or_discrete_device):
    return host_or_discrete_device


@pytest.fixture(scope="module")
def session(session_with):
    return session_with("simple_mul", "dynamic")


@pytest.fixture(scope="module")
def two_results(session_with):
    return session_with("two_results")  # its module is also named "module"


@pytest.fixture(scope="module")
def async_session(instance, device, compile_mlir):
    session = ireec.Session(instance, device)
    session.load_module(compile_mlir(PROGRAMS_DIR / "async_ops.mlir",
                                     "--iree-execution-model=async-external"))
    return session


A = np.array([1, 2, 3, 4], np.float32)
B = np.array([10, 20, 30, 40], np.float32)
PRODUCT = [10, 40, 90, 160]


def test_bound_call_repeats_with_its_arguments(session):
    bound = session.function("module.simple_mul").prepare().bind(A, B)
    for _ in range(3):
        (result,) = bound()
        assert isinstance(result, ireec.BufferView)
        assert result.to_numpy().tolist() == PRODUCT


def test_bound_numpy_arguments_are_copied_when_bound(session, device):
    lhs = A.copy()
    bound = session.function("module.simple_mul").prepare().bind(lhs, B)
    lhs[:] = 0
    assert bound()[0].to_numpy().tolist() == PRODUCT
    # An imported array is the argument itself: later writes are seen.
    shared = ireec.empty_aligned(4, np.float32)
    shared[:] = A
    view = ireec.BufferView.from_numpy(device, shared, zero_copy=True)
    assert view.zero_copy
    bound = session.function("module.simple_mul").prepare().bind(view, B)
    shared[:] = [2, 2, 2, 2]
    assert bound()[0].to_numpy().tolist() == [20, 40, 60, 80]


def test_bound_call_reads_into_its_out_array(session):
    out = np.full(4, -1, np.float32)
    bound = session.function("module.simple_mul").prepare().bind(A, B, out=out)
    (result,) = bound()
    assert result is out
    assert out.tolist() == PRODUCT
    out[:] = 0
    assert bound()[0] is out and out.tolist() == PRODUCT


def test_out_entries_of_none_return_as_usual(session):
    doubled = np.zeros(3, np.float32)
    bound = session.function("dynamic.double_and_sum").prepare().bind(
        np.array([1, 2, 3], np.float32), out=[doubled, None])
    for _ in range(2):
        result, total = bound()
        assert result is doubled and doubled.tolist() == [2, 4, 6]
        assert total == 6.0
    # The other way round: the tensor returned, the scalar cannot have an array.
    with pytest.raises(TypeError, match="result 1 of dynamic.double_and_sum is not a buffer view"):
        session.function("dynamic.double_and_sum").prepare().bind(
            np.ones(3, np.float32), out=[None, np.zeros(1, np.float32)])


def test_two_results_into_two_arrays(two_results):
    session = two_results
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.full((2, 3), 2, np.float32)
    total, product = np.empty((2, 3), np.float32), np.empty((2, 3), np.float32)
    results = session.call("module.sum_and_product", a, b, out=(total, product))
    assert results[0] is total and results[1] is product
    assert total.tolist() == [[2, 3, 4], [5, 6, 7]]
    assert product.tolist() == [[0, 2, 4], [6, 8, 10]]
    bound = session.function("module.sum_and_product").prepare().bind(
        a, b, out=[None, product])
    view, same = bound()
    assert same is product and isinstance(view, ireec.BufferView)
    assert view.to_numpy().tolist() == [[2, 3, 4], [5, 6, 7]]


@pytest.mark.parametrize("call", ["session", "function", "prepared"])
def test_calls_read_into_out(session, call):
    out = np.zeros(4, np.float32)
    if call == "session":
        results = session.call("module.simple_mul", A, B, out=out)
    elif call == "function":
        results = session.function("module.simple_mul")(A, B, out=out)
    else:
        results = session.function("module.simple_mul").prepare()(A, B, out=[out])
    assert results == [out] and results[0] is out
    assert out.tolist() == PRODUCT


def test_bound_call_takes_out_per_call_too(session):
    bound = session.function("module.simple_mul").prepare().bind(A, B)
    out = np.zeros(4, np.float32)
    assert bound(out=out)[0] is out and out.tolist() == PRODUCT


def test_an_out_array_of_another_layout_names_both(session):
    function = session.function("module.simple_mul")
    with pytest.raises(ireec.InvalidArgumentError) as caught:
        function(A, B, out=np.zeros(4, np.int32))
    assert "the buffer view is 4xf32; the target is 4xi32" in str(caught.value)
    assert "result 0 of module.simple_mul" in "".join(caught.value.__notes__)
    with pytest.raises(ValueError, match="the buffer view is 4xf32; the target is 2x2xf32"):
        function(A, B, out=np.zeros((2, 2), np.float32))
    # A dynamic result whose shape is not the bound array's.
    bound = session.function("dynamic.dyn_add").prepare().bind(
        np.ones((2, 3), np.float32), np.ones((2, 3), np.float32),
        out=np.zeros((3, 2), np.float32))
    with pytest.raises(ValueError, match="the buffer view is 2x3xf32; the target is 3x2xf32"):
        bound()


def test_unusable_out_arrays_are_refused(session):
    function = session.function("module.simple_mul")
    with pytest.raises(ValueError, match="C-contiguous and writeable"):
        function(A, B, out=np.zeros(8, np.float32)[::2])
    read_only = np.zeros(4, np.float32)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="C-contiguous and writeable"):
        function.prepare().bind(A, B, out=read_only)
    with pytest.raises(ValueError, match="non-native byte order"):
        function(A, B, out=np.zeros(4, ">f4"))
    with pytest.raises(TypeError, match="must be a numpy array"):
        function(A, B, out=[[0.0] * 4])
    with pytest.raises(TypeError, match="out must be a numpy array or a list or tuple"):
        function(A, B, out="result")
    with pytest.raises(ValueError, match="out has 2 entries for the 1 result of module.simple_mul"):
        function.prepare().bind(A, B, out=[np.zeros(4, np.float32)] * 2)
    # None of that left anything half-done: the next call is right.
    assert function(A, B)[0].to_numpy().tolist() == PRODUCT


def test_bound_async_function_waits_for_its_fence(async_session):
    bound = async_session.function("async_ops.async_mul").prepare().bind(A, B)
    for _ in range(3):
        assert bound()[0].to_numpy().tolist() == PRODUCT
    out = np.zeros(4, np.float32)
    bound = async_session.function("async_ops.async_mul").prepare().bind(A, B, out=out)
    assert bound()[0] is out and out.tolist() == PRODUCT


def test_closed_bound_calls_and_sessions_raise(instance, device, program):
    session = ireec.Session(instance, device)
    session.load_module(program("simple_mul"))
    bound = session.function("module.simple_mul").prepare().bind(A, B)
    with bound:
        assert bound()[0].to_numpy().tolist() == PRODUCT
    with pytest.raises(ireec.ClosedError):
        bound()
    bound = session.function("module.simple_mul").prepare().bind(A, B, out=np.zeros(4, np.float32))
    session.close()
    with pytest.raises(ireec.ClosedError):
        bound()
    bound.close()


def test_bound_call_shared_by_threads(session):
    bound = session.function("module.simple_mul").prepare().bind(A, B)
    failures = []

    def run():
        try:
            for _ in range(200):
                if bound()[0].to_numpy().tolist() != PRODUCT:
                    failures.append("wrong result")
        except Exception as error:  # reported below, with the thread's error
            failures.append(repr(error))

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


# -- the C functions behind them, driven directly -----------------------------


def _host_array(array: np.ndarray, element_type: int):
    target = ffi.new("ireec_host_array_t*")
    dims = ffi.new("iree_hal_dim_t[]", max(1, array.ndim))
    dims[0:array.ndim] = array.shape
    data = ffi.from_buffer(array)
    target.data, target.data_length = data, array.nbytes
    target.element_type, target.shape_rank, target.shape = element_type, array.ndim, dims
    return target, (dims, data)


def test_read_into_stages_unmappable_buffers_through_the_device(device):
    values = np.array([[1.5, -2.0, 3.25], [4.0, 0.5, -8.0]], np.float32)
    view = device_only_view(device, values)
    assert not view.mappable
    out = np.zeros((2, 3), np.float32)
    target, keep = _host_array(out, lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32)
    check_status(lib.ireec_hal_buffer_view_read_into(view.handle, device.handle, target))
    assert out.tolist() == values.tolist()
    with pytest.raises(ireec.UnavailableError, match="not host-mappable and no device"):
        check_status(lib.ireec_hal_buffer_view_read_into(view.handle, ffi.NULL, target))


def test_c_read_paths_refuse_null_arguments(session):
    with pytest.raises(ireec.InvalidArgumentError, match="must not be NULL"):
        check_status(lib.ireec_hal_buffer_view_read_into(ffi.NULL, ffi.NULL, ffi.NULL))
    count = ffi.new("iree_host_size_t*", 9)
    with pytest.raises(ireec.InvalidArgumentError, match="must not be NULL"):
        check_status(lib.ireec_runtime_session_invoke_into(
            session.handle, session.function("module.simple_mul").handle, ffi.NULL, False,
            ffi.NULL, ffi.NULL, 0, ffi.NULL, count))
    assert count[0] == 0


def test_import_refuses_a_length_that_is_not_the_views(device):
    array = ireec.empty_aligned(4, np.float32)
    dims = ffi.new("iree_hal_dim_t[]", [4])
    params = ffi.new("iree_hal_buffer_params_t*", {
        "type": lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL | lib.IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE,
        "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
        "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT})
    out = ffi.new("iree_hal_buffer_view_t**")
    before = lent_array_count()
    with pytest.raises(ireec.InvalidArgumentError, match="needs 16 bytes, 12 were given"):
        check_status(lib.ireec_hal_buffer_view_import_host_allocation(
            device.allocator.handle, params[0], 1, dims, lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32,
            ffi.from_buffer(array), 12, lib.iree_hal_buffer_release_callback_null(),
            lib.iree_allocator_system(), out))
    assert out[0] == ffi.NULL and lent_array_count() == before


@pytest.mark.parametrize("how", ["call", "bound", "bound with out"])
def test_async_results_are_read_into_out_once_complete(async_session, how):
    # Big enough that the work is still running when the call returns: the
    # arrays must be filled after the signal fence, not when the call returns.
    a = np.arange(1 << 22, dtype=np.float32)
    expected = a + a
    out = np.zeros_like(a)
    function = async_session.function("async_ops.async_add_dyn")
    for _ in range(3):
        out[:] = 0
        if how == "call":
            (result,) = function(a, a, out=out)
        elif how == "bound":
            (result,) = function.prepare().bind(a, a)(out=out)
        else:
            (result,) = function.prepare().bind(a, a, out=out)()
        assert result is out
        np.testing.assert_array_equal(out, expected)
