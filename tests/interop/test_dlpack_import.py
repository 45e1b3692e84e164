"""DLPack import: `BufferView.from_dlpack(device, obj)` for numpy arrays, for a
producer offering only `__dlpack__` (versioned and legacy capsules), and for
JAX arrays; zero-copy shown by aliasing (a write to the producer's memory
seen through the view), copies where IREE's alignment, strides or a
read-only flag call for them, and typed errors for other devices and data
types. On both CPU drivers."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import ireec

import jax
import jax.numpy as jnp


class Producer:
    """A DLPack producer and nothing else: no buffer protocol, no __array__.
    `legacy` producers take no max_version (and give a legacy capsule);
    `device` overrides what __dlpack_device__ says."""

    def __init__(self, array, legacy=False, device=None):
        self._array = array
        self.legacy = legacy
        self.device = device
        self.capsules = 0

    def __dlpack__(self, *, stream=None, max_version=None, **kwargs):
        if self.legacy and max_version is not None:
            raise TypeError("__dlpack__() got an unexpected keyword argument 'max_version'")
        self.capsules += 1
        if max_version is None:
            return self._array.__dlpack__()
        return self._array.__dlpack__(max_version=max_version)

    def __dlpack_device__(self):
        return self.device or self._array.__dlpack_device__()


def values(view):
    return view.to_numpy().tolist()


@pytest.mark.parametrize("legacy", [False, True], ids=["versioned", "legacy"])
def test_zero_copy_from_a_dlpack_only_producer(device, legacy):
    array = ireec.empty_aligned((2, 3), np.float32)
    array[:] = np.arange(6).reshape(2, 3)
    producer = Producer(array, legacy=legacy)
    with ireec.BufferView.from_dlpack(device, producer) as view:
        assert view.zero_copy and view.zero_copy_fallback is None
        assert (view.shape, view.dtype) == ((2, 3), np.float32)
        array[1, 2] = 42  # the producer's memory is the buffer's
        assert values(view) == [[0, 1, 2], [3, 4, 42]]
        assert producer.capsules == 1
    # The producer's memory stays valid for it after IREE let go.
    gc.collect()
    assert array[1, 2] == 42


def test_zero_copy_false_copies(device):
    array = ireec.empty_aligned((4,), np.int32)
    array[:] = [1, 2, 3, 4]
    with ireec.BufferView.from_dlpack(device, array, zero_copy=False) as view:
        array[0] = 9
        assert values(view) == [1, 2, 3, 4] and not view.zero_copy


@pytest.mark.parametrize("make, reason", [
    (lambda: np.arange(12, dtype=np.float32)[1:], "not aligned"),
    (lambda: ireec.empty_aligned((4, 6), np.float32)[:, ::2], "not C-contiguous"),
    (lambda: np.zeros(0, np.float32), "empty"),
])
def test_copies_where_it_must(device, make, reason):
    array = make()
    array[...] = np.arange(array.size, dtype=array.dtype).reshape(array.shape)
    with ireec.BufferView.from_dlpack(device, Producer(array)) as view:
        assert not view.zero_copy and reason in view.zero_copy_fallback
        assert values(view) == array.tolist()


def test_read_only_tensor_is_copied(device):
    array = ireec.empty_aligned((3,), np.float64)
    array[:] = [1.5, 2.5, 3.5]
    array.flags.writeable = False  # numpy exports it flagged read-only (DLPack 1.x)
    with ireec.BufferView.from_dlpack(device, array) as view:
        assert not view.zero_copy and "read-only" in view.zero_copy_fallback
        assert values(view) == [1.5, 2.5, 3.5]


def test_reversed_strides(device):
    array = np.arange(6, dtype=np.int16).reshape(2, 3)[::-1, ::-1]
    with ireec.BufferView.from_dlpack(device, array) as view:
        assert values(view) == [[5, 4, 3], [2, 1, 0]]


def test_jax_arrays_zero_copy(device):
    x = jnp.arange(16, dtype=jnp.float32) * 2
    with ireec.BufferView.from_dlpack(device, x) as view:
        assert values(view) == (np.arange(16) * 2).tolist()
        if view.zero_copy:  # XLA's CPU buffers are 64-byte aligned
            assert view.to_numpy(copy=None).ctypes.data == x.unsafe_buffer_pointer()
        else:
            pytest.fail(f"a JAX CPU array was copied: {view.zero_copy_fallback}")
    # And back into JAX, without a copy either way.
    with ireec.BufferView.from_dlpack(device, x) as view:
        back = jnp.from_dlpack(view)
        assert back.unsafe_buffer_pointer() == x.unsafe_buffer_pointer()


@pytest.mark.parametrize("dtype", [jnp.bfloat16, jnp.float16, jnp.int8, jnp.bool_,
                                   jnp.uint32, jnp.complex64])
def test_jax_dtypes(device, dtype):
    x = (jnp.arange(6) % 3).astype(dtype).reshape(2, 3)
    with ireec.BufferView.from_dlpack(device, x) as view:
        assert ireec.element_type_name(view.element_type) == {
            jnp.bfloat16: "bf16", jnp.float16: "f16", jnp.int8: "i8", jnp.bool_: "i1",
            jnp.uint32: "ui32", jnp.complex64: "cf64"}[dtype]
        np.testing.assert_array_equal(view.to_numpy(), np.asarray(x))


def test_bf16_without_numpy_dtype(device):
    # A bf16 tensor from a producer numpy cannot read: imported by its DLPack
    # type alone.
    bits = np.array([0x3F80, 0x4000, 0xC040], np.uint16)  # 1, 2, -3 in bf16
    with ireec.BufferView.from_dlpack(device, _RetypedProducer(bits, code=4)) as view:
        assert ireec.element_type_name(view.element_type) == "bf16"
        assert view.to_numpy().astype(np.float32).tolist() == [1.0, 2.0, -3.0]


class _RetypedProducer:
    """numpy's capsule for `array` with its DLPack type code patched to
    `code` (as a producer of a type numpy lacks would make it)."""

    def __init__(self, array, code):
        self.array, self.code = array, code

    def __dlpack__(self, **kwargs):
        import ctypes
        capsule = self.array.__dlpack__()
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
        tensor = get(capsule, b"dltensor")
        # DLTensor: data (8), device (8), ndim (4), then dtype's code byte.
        ctypes.c_uint8.from_address(tensor + 20).value = self.code
        return capsule

    def __dlpack_device__(self):
        return (1, 0)


def test_other_devices_are_refused(device):
    producer = Producer(np.zeros(3, np.float32), device=(2, 0))
    with pytest.raises(BufferError, match="kDLCUDA 0; ireec imports host memory"):
        ireec.BufferView.from_dlpack(device, producer)
    assert producer.capsules == 0


def test_unsupported_dtypes_are_refused(device):
    producer = _RetypedProducer(np.zeros(3, np.uint8), code=17)  # fp4 (e2m1)
    with pytest.raises(TypeError, match="kDLFloat4_e2m1fn, 8 bits"):
        ireec.BufferView.from_dlpack(device, producer)


def test_not_a_producer(device):
    with pytest.raises(TypeError, match="__dlpack__"):
        ireec.BufferView.from_dlpack(device, [1, 2, 3])


def test_deleter_runs_when_done(device):
    # The producer's deleter runs once ireec and IREE are done with it: a
    # numpy array exported to DLPack is referenced by its capsule's tensor
    # until then.
    import sys
    array = ireec.empty_aligned((8,), np.float32)
    before = sys.getrefcount(array)
    view = ireec.BufferView.from_dlpack(device, array)
    assert sys.getrefcount(array) > before
    view.close()
    gc.collect()
    assert sys.getrefcount(array) == before


def test_a_capsule_is_taken_once(device):
    array = ireec.empty_aligned((2,), np.float32)
    capsule = array.__dlpack__()

    class Same:
        def __dlpack__(self, **kwargs):
            return capsule

        def __dlpack_device__(self):
            return (1, 0)

    with ireec.BufferView.from_dlpack(device, Same()):
        pass
    with pytest.raises(TypeError, match="not an unused DLPack capsule"):
        ireec.BufferView.from_dlpack(device, Same())


def test_producer_errors_propagate(device):
    class Failing:
        def __dlpack__(self, **kwargs):
            raise BufferError("cannot export: the tensor is being written")

        def __dlpack_device__(self):
            return (1, 0)

    with pytest.raises(BufferError, match="being written"):
        ireec.BufferView.from_dlpack(device, Failing())


def test_views_of_jax_memory_alive_at_exit(program):
    # Zero-copy views of JAX arrays, one in a call's arguments, still alive
    # when the interpreter exits: the process exits cleanly (IREE keeps
    # what it was lent; no producer's deleter runs during teardown).
    from child_process import run_python

    source = f"""
import jax.numpy as jnp, numpy as np, ireec
instance = ireec.Instance()
device = instance.create_device("local-task")
session = ireec.Session(instance, device)
session.load_module({str(program("simple_mul"))!r})
x = jnp.arange(4, dtype=jnp.float32)
kept = ireec.BufferView.from_dlpack(device, x)
(result,) = session.call("module.simple_mul", kept, x)
print(kept.zero_copy, result.to_numpy().tolist())
"""
    result = run_python("-c", source).check()
    assert result.stdout == "True [0.0, 1.0, 4.0, 9.0]\n"
