"""DLPack on IREE's cuda driver: CUDA tensors (kDLCUDA) in and out without a
copy, through the allocator's import and export of device allocations.
Marked `cuda`: run where there is a CUDA device, deselected elsewhere
(tests/conftest.py). Every step but the CUDA calls also runs on CPU devices
(tests/hal/test_dlpack_device_memory.py). ireec is its own producer and
consumer here; torch (else JAX) is the other library, and one of them with
CUDA is needed on the machine."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import ireec

from dlpack_support import exported_memory, f32
from gpu_support import CUDA_FLAGS
from locations import PROGRAMS_DIR

A = f32([1, 2, 3, 4])
CUDA = 2

pytestmark = pytest.mark.cuda


@pytest.fixture(scope="module")
def device(instance):
    with instance.create_device("cuda") as device:
        yield device


@pytest.fixture(scope="module")
def session(instance, device, compile_mlir):
    with ireec.Session(instance, device) as session:
        session.load_module(compile_mlir(PROGRAMS_DIR / "simple_mul.mlir",
                                         target_flags=CUDA_FLAGS))
        yield session


@pytest.fixture(scope="module")
def other_library():
    """(name, make(values) -> a CUDA tensor of float32 values,
    to_list(tensor), pointer(tensor), from_dlpack) of torch, else JAX."""
    try:
        import torch
        if torch.cuda.is_available():
            return ("torch", lambda v: torch.tensor(v, dtype=torch.float32, device="cuda"),
                    lambda t: t.cpu().tolist(), lambda t: t.data_ptr(), torch.from_dlpack)
    except ImportError:
        pass
    try:
        import jax
        import jax.numpy as jnp
        gpu = jax.devices("gpu")[0]
        return ("jax", lambda v: jax.device_put(jnp.asarray(v, jnp.float32), gpu),
                lambda t: np.asarray(t).tolist(),
                lambda t: t.unsafe_buffer_pointer(), jnp.from_dlpack)
    except (ImportError, RuntimeError) as error:
        pytest.fail(f"a CUDA build of torch or JAX is needed (pip install torch, or "
                    f"'jax[cuda12]'): {error}")


def test_views_on_cuda_are_cuda_tensors(session, device):
    kind, ordinal = device_dlpack = ireec.BufferView.from_numpy(device, A).__dlpack_device__()
    assert kind == CUDA and ordinal >= 0
    (product,) = session.call("module.simple_mul", A, A)
    assert product.__dlpack_device__() == device_dlpack
    # Asked for the host, it is host memory.
    assert np.from_dlpack(product, device="cpu").tolist() == [1, 4, 9, 16]


def test_ireec_to_ireec_in_place(session, device):
    with ireec.BufferView.from_numpy(device, A) as view:
        where, pointer = exported_memory(view)
        assert where[0] == CUDA
        again = ireec.BufferView.from_dlpack(device, view)
        assert again.zero_copy and exported_memory(again) == (where, pointer)
        (product,) = session.call("module.simple_mul", again, view)
        assert product.to_numpy().tolist() == [1, 4, 9, 16]
        again.close()


def test_results_of_pools_are_copied_unless_copy_is_false(session, device):
    (product,) = session.call("module.simple_mul", A, A)
    try:
        product.__dlpack__(max_version=(1, 1), copy=False)
    except BufferError as error:
        assert "--cuda_async_allocations=false" in str(error)
    again = ireec.BufferView.from_dlpack(device, product)
    assert again.to_numpy().tolist() == [1, 4, 9, 16]


def test_the_other_library_in_and_out_without_a_copy(session, device, other_library):
    name, make, to_list, pointer, from_dlpack = other_library
    tensor = make([1, 2, 3, 4])
    view = ireec.BufferView.from_dlpack(device, tensor)
    assert view.zero_copy, view.zero_copy_fallback
    assert exported_memory(view)[1] == pointer(tensor)
    back = from_dlpack(view)
    assert pointer(back) == pointer(tensor) and to_list(back) == [1, 2, 3, 4]
    # As call arguments, and a result out to the other library.
    (product,) = session.call("module.simple_mul", tensor, view)
    assert to_list(from_dlpack(product)) == [1, 4, 9, 16]
    del view, back, product
    gc.collect()
    assert to_list(tensor) == [1, 2, 3, 4]  # handed back intact
