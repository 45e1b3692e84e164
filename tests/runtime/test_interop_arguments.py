"""Tensor arguments beyond numpy arrays and BufferViews, through every call
form (Session.call, a module function, a prepared call, a bound call): JAX
arrays and other DLPack producers, buffer-protocol objects (memoryview,
array.array), and Python scalars and nested lists typed by the function's
`iree.abi.declaration`; and what is refused, naming the argument and the
declared type. On both CPU drivers."""

from __future__ import annotations

import array

import numpy as np
import pytest

import ireec

import jax.numpy as jnp

F64_FLAGS = ("--iree-input-demote-f64-to-f32=false",)


@pytest.fixture(scope="module")
def session(instance, device, program):
    """A session with simple_mul (its module is "module") and scalars."""
    session = ireec.Session(instance, device)
    session.load_module(program("simple_mul"))
    session.load_module(program("scalars", *F64_FLAGS))
    return session


@pytest.fixture(scope="module")
def session_of(instance, device, program):
    """session_of("int_ops"): a session with that program alone."""
    def make(name):
        session = ireec.Session(instance, device)
        session.load_module(program(name))
        return session
    return make


class DLPackOnly:
    """A producer offering DLPack and nothing else."""

    def __init__(self, array):
        self._array = array

    def __dlpack__(self, **kwargs):
        return self._array.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


FOUR = [1.0, 2.0, 3.0, 4.0]
TENS = [10.0, 20.0, 30.0, 40.0]
PRODUCT = [10.0, 40.0, 90.0, 160.0]

ARGUMENTS = {
    "jax": lambda v: jnp.array(v, jnp.float32),
    "dlpack only": lambda v: DLPackOnly(np.array(v, np.float32)),
    "memoryview": lambda v: memoryview(np.array(v, np.float32)),
    "array.array": lambda v: array.array("f", v),
    "list": list,
    "tuple": tuple,
    "list of ints": lambda v: [int(x) for x in v],
}


@pytest.mark.parametrize("kind", list(ARGUMENTS))
def test_session_call(session, kind):
    make = ARGUMENTS[kind]
    (result,) = session.call("module.simple_mul", make(FOUR), make(TENS))
    assert result.to_numpy().tolist() == PRODUCT


@pytest.mark.parametrize("kind", ["jax", "list", "memoryview"])
def test_prepared_bound_and_out(session, kind):
    make = ARGUMENTS[kind]
    function = session.function("module.simple_mul")
    with function.prepare() as prepared:
        (result,) = prepared(make(FOUR), make(TENS))
        assert result.to_numpy().tolist() == PRODUCT
        out = np.empty(4, np.float32)
        prepared(make(FOUR), make(TENS), out=out)
        assert out.tolist() == PRODUCT
        with prepared.bind(make(FOUR), make(TENS)) as bound:
            assert bound()[0].to_numpy().tolist() == PRODUCT
            assert bound()[0].to_numpy().tolist() == PRODUCT


def test_mixed_with_numpy_and_buffer_views(session, device):
    with ireec.BufferView(device, np.array(TENS, np.float32)) as view:
        (result,) = session.call("module.simple_mul", jnp.array(FOUR), view)
        assert result.to_numpy().tolist() == PRODUCT
        (result,) = session.call("module.simple_mul", np.array(FOUR, np.float32), [10] * 4)
        assert result.to_numpy().tolist() == [10, 20, 30, 40]


def test_nested_lists_and_jax_results_back_into_jax(session_of):
    a = [[1, 2, 3], [4, 5, 6]]
    total, product = session_of("two_results").call("module.sum_and_product", a,
                                                    jnp.full((2, 3), 2.0))
    assert total.to_numpy().tolist() == [[3, 4, 5], [6, 7, 8]]
    assert jnp.from_dlpack(product).tolist() == [[2, 4, 6], [8, 10, 12]]


def test_scalars_for_0d_tensors(session):
    (result,) = session.call("scalars.add_to_0d", 3.0, 0.5)
    assert result.to_numpy().tolist() == 3.5
    (result,) = session.call("scalars.add_to_0d", jnp.float32(1.25), 1)
    assert result.to_numpy().tolist() == 2.25


def test_integer_tensors(session_of):
    (result,) = session_of("int_ops").call("module.mul_add", [1, 2, 3, 4], [2] * 4,
                                           array.array("i", [1, 1, 1, 1]))
    assert result.to_numpy().tolist() == [3, 5, 7, 9]
    assert result.dtype == np.int32


def test_load_module_functions(instance, device, program):
    module = ireec.load_module(program("simple_mul"), device=device)
    assert module.simple_mul(jnp.array(FOUR), TENS).to_numpy().tolist() == PRODUCT


@pytest.mark.parametrize("args, error, fragments", [
    (([[1, 2], [3]], FOUR), ValueError,
     ["argument 1 of module.simple_mul", "tensor<4xf32>", "not rectangular"]),
    (([1, 2, 3], FOUR), ValueError,
     ["argument 1 of module.simple_mul is declared tensor<4xf32>", "given 3 elements"]),
    (([FOUR], FOUR), ValueError,
     ["argument 1 of module.simple_mul is declared tensor<4xf32>",
      "given shape 1x4 (4 elements)"]),
    ((FOUR, ["a", "b", "c", "d"]), TypeError,
     ["argument 2 of module.simple_mul", "not numbers"]),
    ((FOUR, 2.0), ValueError, ["argument 2 of module.simple_mul is declared tensor<4xf32>",
                               "given a scalar"]),
    ((FOUR, object()), TypeError, ["argument 2 of module.simple_mul takes a tensor"]),
])
def test_refusals_name_argument_and_declared_type(session, args, error, fragments):
    with pytest.raises(error) as raised:
        session.call("module.simple_mul", *args)
    for fragment in fragments:
        assert fragment in str(raised.value), str(raised.value)


def test_floats_for_integer_tensors_refused(session_of):
    session = session_of("int_ops")
    with pytest.raises(TypeError, match="declared tensor<4xi32>; it was given floating"):
        session.call("module.mul_add", [1.5, 2, 3, 4], [1] * 4, [1] * 4)
    with pytest.raises(ireec.InvalidArgumentError, match="declared tensor<4xi32>; a value given does not"):
        session.call("module.mul_add", [2**40, 2, 3, 4], [1] * 4, [1] * 4)


def test_buffers_keep_their_format(session):
    # A buffer of bytes is an array of uint8: of the declared shape, the
    # runtime refuses its element type as for a numpy array; of another
    # shape, it is refused before.
    with pytest.raises(ireec.InvalidArgumentError, match="element type"):
        session.call("module.simple_mul", bytes(4), FOUR)
    with pytest.raises(ValueError, match="declared tensor<4xf32>; it was given 16"):
        session.call("module.simple_mul", bytes(16), FOUR)


def test_jax_arrays_on_a_non_cpu_device_are_refused(session):
    class OnGpu(DLPackOnly):
        def __dlpack_device__(self):
            return (2, 1)
    with pytest.raises(BufferError, match="kDLCUDA 1"):
        session.call("module.simple_mul", OnGpu(np.ones(4, np.float32)), FOUR)
