"""Real programs, compiled at test time, run through the raw layer."""

from __future__ import annotations

import numpy as np
import pytest

from ireec import NotFoundError, check_status, ffi, lib

from locations import EXAMPLES_DIR
from raw_support import call, runtime_session

DEVICES = ["local-task", "local-sync"]


@pytest.mark.parametrize("device_uri", DEVICES)
def test_static_shape_multiply(program, device_uri):
    with runtime_session(program("simple_mul"), device_uri) as (_, device, session):
        a = np.array([1.0, 1.1, 1.2, 1.3], np.float32)
        b = np.array([10.0, 100.0, 1000.0, 10000.0], np.float32)
        (result,) = call(session, device, "module.simple_mul", a, b)
    np.testing.assert_array_equal(result, a * b)
    assert result.tolist() == pytest.approx([10.0, 110.0, 1200.0, 13000.0])


@pytest.mark.parametrize("length", [1, 4, 7, 1000])
def test_dynamic_shape_jax_export(compile_mlir, length):
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir")
    a = np.arange(length, dtype=np.float32) + 0.5
    b = np.full(length, 3.0, np.float32)
    with runtime_session(vmfb) as (_, device, session):
        (result,) = call(session, device, "jit_mul.main", a, b)
    assert result.shape == (length,)
    np.testing.assert_array_equal(result, a * b)


def test_i32_tensors(program):
    with runtime_session(program("int_ops")) as (_, device, session):
        a = np.array([1, -2, 3, 40000], np.int32)
        b = np.array([5, 6, -7, 40000], np.int32)
        c = np.array([100, 200, 300, 1], np.int32)
        (result,) = call(session, device, "module.mul_add", a, b, c)
    assert result.dtype == np.int32
    # 40000 * 40000 wraps in i32, as it does in the compiled program.
    assert result.tolist() == [105, 188, 279, (40000 * 40000 + 1 + 2**31) % 2**32 - 2**31]


def test_i32_scalars(program):
    with runtime_session(program("int_ops")) as (_, _device, session):
        inputs = ffi.new("iree_vm_list_t**")
        outputs = ffi.new("iree_vm_list_t**")
        host = lib.iree_runtime_session_host_allocator(session)
        undefined = lib.iree_vm_make_undefined_type_def()
        check_status(lib.iree_vm_list_create(undefined, 2, host, inputs))
        check_status(lib.iree_vm_list_create(undefined, 1, host, outputs))
        try:
            for v in (40, 2):
                value = ffi.new("iree_vm_value_t*", lib.iree_vm_value_make_i32(v))
                check_status(lib.iree_vm_list_push_value(inputs[0], value))
            check_status(lib.iree_runtime_session_call_by_name(
                session, lib.iree_make_cstring_view(b"module.add_scalars"),
                inputs[0], outputs[0]))
            result = ffi.new("iree_vm_value_t*")
            check_status(lib.iree_vm_list_get_value(outputs[0], 0, result))
            assert result.type == lib.IREE_VM_VALUE_TYPE_I32
            assert result.i32 == 42
        finally:
            lib.iree_vm_list_release(inputs[0])
            lib.iree_vm_list_release(outputs[0])


def test_two_results(program):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.full((2, 3), 2.0, np.float32)
    with runtime_session(program("two_results")) as (_, device, session):
        total, product = call(session, device, "module.sum_and_product", a, b)
    assert total.shape == product.shape == (2, 3)
    assert total.tolist() == [[2, 3, 4], [5, 6, 7]]
    assert product.tolist() == [[0, 2, 4], [6, 8, 10]]


def test_unknown_function_is_not_found(program):
    with runtime_session(program("simple_mul")) as (_, _device, session):
        call_ = ffi.new("iree_runtime_call_t*")
        with pytest.raises(NotFoundError, match="no_such_function"):
            check_status(lib.iree_runtime_call_initialize_by_name(
                session, lib.iree_make_cstring_view(b"module.no_such_function"), call_))
