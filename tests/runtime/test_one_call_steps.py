"""ireec's one-call steps (csrc/runtime/session_invoke.c, buffer_view_io.c):
pushing host copies, invoking with results handed over, dense mapped reads;
their guards and statuses when driven directly, and that calls going through
them return what the general paths return."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec import ffi, lib
from ireec.vm.list import VmList
from ireec.vm.ref import RefTypes
from ireec import InvalidArgumentError, check_status


@pytest.fixture
def session(instance, device, program):
    session = ireec.Session(instance, device)
    session.load_module(program("simple_mul"))
    return session


def _list_size(vm_list: VmList) -> int:
    return lib.iree_vm_list_size(vm_list.handle)


def test_push_buffer_view_copy_checks_the_byte_count(device):
    inputs = VmList.create(1)
    dims = ffi.new("iree_hal_dim_t[]", [4])
    data = np.arange(4, dtype=np.float32)
    with pytest.raises(InvalidArgumentError, match="needs 16 bytes, 12 were given"):
        check_status(lib.ireec_vm_list_push_buffer_view_copy(
            inputs.handle, device.handle, device.allocator.handle, 1, dims,
            lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32, ffi.from_buffer(data), 12))
    assert _list_size(inputs) == 0
    check_status(lib.ireec_vm_list_push_buffer_view_copy(
        inputs.handle, device.handle, device.allocator.handle, 1, dims,
        lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32, ffi.from_buffer(data), 16))
    assert _list_size(inputs) == 1


def test_one_call_steps_refuse_null_arguments(device):
    dims = ffi.new("iree_hal_dim_t[]", [4])
    with pytest.raises(InvalidArgumentError, match="must not be NULL"):
        check_status(lib.ireec_vm_list_push_buffer_view_copy(
            ffi.NULL, device.handle, device.allocator.handle, 1, dims,
            lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32, ffi.NULL, 0))
    with pytest.raises(InvalidArgumentError, match="must not be NULL"):
        check_status(lib.ireec_vm_list_push_ref_object_retain(ffi.NULL, ffi.NULL, 0))
    with pytest.raises(InvalidArgumentError, match="must not be NULL"):
        check_status(lib.ireec_hal_buffer_view_map_read_dense(ffi.NULL, ffi.NULL, 0))
    inputs = VmList.create(1)
    count = ffi.new("iree_host_size_t*", 7)
    check_status(lib.ireec_vm_list_push_ref_object_retain(
        inputs.handle, ffi.NULL, RefTypes.load().buffer_view))
    with pytest.raises(InvalidArgumentError, match="must not be NULL"):
        check_status(lib.ireec_runtime_session_invoke(
            ffi.NULL, ffi.NULL, inputs.handle, False, ffi.NULL, 0, ffi.NULL, count))
    # Even a refused call leaves nothing behind.
    assert count[0] == 0 and _list_size(inputs) == 0


def test_failed_invoke_empties_both_lists(session, device):
    function = session.function("module.simple_mul")
    inputs, outputs = VmList.create(2), VmList.create(1)
    views = ffi.new("iree_hal_buffer_view_t*[1]")
    count = ffi.new("iree_host_size_t*")
    # One argument where the function takes two: IREE refuses the call.
    check_status(lib.ireec_vm_list_push_ref_object_retain(
        inputs.handle, ffi.NULL, RefTypes.load().buffer_view))
    check_status(lib.ireec_vm_list_push_ref_object_retain(
        outputs.handle, ffi.NULL, RefTypes.load().buffer_view))
    with pytest.raises(ireec.IreeError):
        check_status(lib.ireec_runtime_session_invoke(
            session.handle, function.handle, inputs.handle, False, outputs.handle, 1, views, count))
    assert _list_size(inputs) == 0 and _list_size(outputs) == 0
    assert views[0] == ffi.NULL and count[0] == 0


def test_invoke_hands_out_buffer_views_and_empties_the_lists(session, device):
    function = session.function("module.simple_mul")
    inputs, outputs = VmList.create(2), VmList.create(1)
    views = ffi.new("iree_hal_buffer_view_t*[1]")
    count = ffi.new("iree_host_size_t*")
    a = np.array([1, 2, 3, 4], np.float32)
    dims = ffi.new("iree_hal_dim_t[]", [4])
    for _ in range(2):
        check_status(lib.ireec_vm_list_push_buffer_view_copy(
            inputs.handle, device.handle, device.allocator.handle, 1, dims,
            lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32, ffi.from_buffer(a), a.nbytes))
    check_status(lib.ireec_runtime_session_invoke(
        session.handle, function.handle, inputs.handle, False, outputs.handle, 1, views, count))
    assert count[0] == 1 and views[0] != ffi.NULL
    assert _list_size(inputs) == 0 and _list_size(outputs) == 0
    # The reference is the caller's: the wrapper takes it over.
    result = ireec.BufferView.from_handle(views[0], device=device)
    assert result.to_numpy().tolist() == [1, 4, 9, 16]


def test_map_read_dense_leaves_other_lengths_to_the_general_path(device):
    view = ireec.BufferView.from_numpy(device, np.arange(6, dtype=np.int32))
    target = np.empty(5, np.int32)
    status = lib.ireec_hal_buffer_view_map_read_dense(
        view.handle, ffi.from_buffer(target), target.nbytes)
    assert lib.iree_status_code(status) == lib.IREE_STATUS_OUT_OF_RANGE
    lib.iree_status_ignore(status)
    target = np.empty(6, np.int32)
    check_status(lib.ireec_hal_buffer_view_map_read_dense(
        view.handle, ffi.from_buffer(target), target.nbytes))
    assert target.tolist() == [0, 1, 2, 3, 4, 5]


def test_non_contiguous_and_swapped_arguments(session):
    base = np.arange(8, dtype=np.float32)
    strided = base[::2]
    swapped = np.array([1, 2, 3, 4], dtype=">f4")
    (result,) = session.call("module.simple_mul", strided, swapped)
    assert result.to_numpy().tolist() == [0, 4, 12, 24]


def test_prepared_call_on_another_device_closed_raises(session, instance):
    other = instance.create_device("local-task")
    call = session.function("module.simple_mul").prepare(other)
    a = np.ones(4, np.float32)
    (result,) = call(a, a)
    assert result.to_numpy().tolist() == [1, 1, 1, 1]
    other.close()
    with pytest.raises(ireec.ClosedError):
        call(a, a)
