"""DLPack producers (JAX arrays, a producer offering only `__dlpack__`) where
the VM takes a ref: as elements of an ireec.vm.List and of Python lists
passed where a function declares a `!util.list`, copied into BufferViews
on the list's device, as numpy arrays are."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec.vm import List

import jax.numpy as jnp
from locations import PROGRAMS_DIR

# The program has f64 functions too.
KEEP_F64 = "--iree-input-demote-f64-to-f32=false"


class Producer:
    """A DLPack producer and nothing else (no buffer protocol, no
    __array__)."""

    def __init__(self, array):
        self._array = array

    def __dlpack__(self, *, stream=None, max_version=None, **kwargs):
        if max_version is None:
            return self._array.__dlpack__()
        return self._array.__dlpack__(max_version=max_version)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


@pytest.fixture(scope="module")
def session(instance, device, compile_mlir):
    session = ireec.Session(instance, device)
    session.load_module(compile_mlir(PROGRAMS_DIR / "vm_arguments.mlir", KEEP_F64))
    return session


def test_a_list_copies_dlpack_arrays_into_buffer_views(device):
    source = np.arange(6, dtype=np.int16).reshape(2, 3)
    items = List([jnp.array([1.5, -2.0], jnp.float32), Producer(source)], device=device)
    assert [items.type_at(i) for i in range(2)] == ["hal.buffer_view", "hal.buffer_view"]
    first, second = items
    assert (first.dtype, first.to_numpy().tolist()) == (np.float32, [1.5, -2.0])
    assert (second.shape, second.dtype) == ((2, 3), np.int16)
    source[0, 0] = 99  # a copy: the producer's memory is not the list's
    assert second.to_numpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    assert first.device is device and second.device is device


def test_a_dlpack_array_needs_a_device_to_go_into_a_list():
    with pytest.raises(TypeError, match="a DLPack array needs a device"):
        List([jnp.zeros(2)])


def test_dlpack_arrays_in_a_python_list_argument(session):
    (view,) = session.call("vmargs.get_view", [jnp.array([3.0, 4.0], jnp.float32)], 0)
    assert view.to_numpy().tolist() == [3.0, 4.0] and view.device is session.device
    # In a list of variants, beside a value.
    (doubled,) = session.call("vmargs.get_tensor",
                              [1, Producer(np.array([0.5, 1.5], np.float32))], 1)
    assert doubled.to_numpy().tolist() == [1.0, 3.0]
