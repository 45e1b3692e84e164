"""The buffer protocol on BufferView: `memoryview(view)` over the buffer's
mapped memory (the right format, shape and itemsize; writeable where the
host may write), the mapping held while the memoryview lives, and a
BufferError saying why and what to call instead for memory the host cannot
map. On host memory and on a discrete GPU's (memory=discrete)."""

from __future__ import annotations

import array
import gc

import numpy as np
import pytest

import ireec

FORMATS = {np.float32: "f", np.float64: "d", np.float16: "e", np.int8: "b",
           np.uint8: "B", np.int16: "h", np.uint16: "H", np.int32: "i", np.uint32: "I",
           np.bool_: "?", np.complex64: "Zf", np.complex128: "Zd"}


def call_result(device, program, a, b):
    session = ireec.Session(ireec.Instance(), device)
    session.load_module(program("simple_mul"))
    (result,) = session.call("module.simple_mul", a, b)
    return session, result


@pytest.mark.parametrize("dtype", list(FORMATS))
def test_format_shape_and_values(device, dtype):
    values = (np.arange(6) % 2 if dtype is np.bool_ else np.arange(6)).astype(dtype)
    with ireec.BufferView(device, values.reshape(2, 3)) as view:
        with memoryview(view) as mv:
            assert mv.format == FORMATS[dtype]
            assert (mv.shape, mv.ndim, mv.itemsize) == ((2, 3), 2, values.itemsize)
            assert mv.nbytes == values.nbytes and mv.c_contiguous
            assert np.asarray(mv).tolist() == values.reshape(2, 3).tolist()
            assert mv.tobytes() == values.tobytes()


def test_int64_native_format(device):
    with ireec.BufferView(device, np.array([1, -2], np.int64)) as view:
        with memoryview(view) as mv:
            assert mv.itemsize == 8 and mv.format in ("l", "q")
            assert mv.tolist() == [1, -2]


def test_result_round_trips_and_writes_through(device, program):
    session, result = call_result(device, program, np.arange(4, dtype=np.float32),
                                  np.full(4, 2, np.float32))
    with session, result:
        mv = memoryview(result)
        assert mv.tolist() == [0, 2, 4, 6]
        if mv.readonly:
            pytest.fail("a local device's result is host-coherent and writeable")
        mv[1] = 10.5  # the buffer itself changes
        assert result.to_numpy().tolist() == [0, 10.5, 4, 6]
        (again,) = session.call("module.simple_mul", result, result)
        assert again.to_numpy().tolist() == [0, 110.25, 16, 36]
        mv.release()


def test_mapping_outlives_close(device):
    view = ireec.BufferView(device, np.array([7, 8, 9], np.int32))
    mv = memoryview(view)
    view.close()
    gc.collect()
    assert mv.tolist() == [7, 8, 9]  # still mapped: the memoryview holds it
    mv.release()
    with pytest.raises(ireec.ClosedError):
        memoryview(view)


def test_read_only_request_and_writable_refusal(device):
    with ireec.BufferView(device, np.zeros(3, np.float32)) as view:
        mv = memoryview(view).toreadonly()
        with pytest.raises(TypeError):
            mv[0] = 1.0
        assert np.frombuffer(view, np.float32).tolist() == [0, 0, 0]


def test_empty_and_scalar_views(device):
    with ireec.BufferView(device, np.zeros((0, 3), np.float32)) as empty:
        assert memoryview(empty).shape == (0, 3)
    with ireec.BufferView(device, np.array(2.5, np.float64)) as scalar:
        mv = memoryview(scalar)
        assert (mv.shape, mv.ndim) == ((), 0) and mv.tolist() == 2.5


def test_bf16_has_no_format(device):
    import ml_dtypes  # in the [test] extra
    with ireec.BufferView(device, np.ones(2, ml_dtypes.bfloat16)) as view:
        with pytest.raises(BufferError, match=r"bf16 has no buffer-protocol format.*to_numpy"):
            memoryview(view)
        assert view.to_numpy().astype(np.float32).tolist() == [1, 1]


def test_non_mappable_memory_is_refused_with_what_to_call(instance, program):
    with instance.create_device("local-task://?memory=discrete") as device:
        session, result = call_result(device, program, np.ones(4, np.float32),
                                      np.full(4, 3, np.float32))
        with session, result:
            assert not result.mappable
            with pytest.raises(BufferError) as raised:
                memoryview(result)
            message = str(raised.value)
            assert "not HOST_VISIBLE" in message and "to_numpy()" in message
            # What it says to call works; numpy falls back to it by itself.
            assert result.to_numpy().tolist() == [3, 3, 3, 3]
            assert np.asarray(result).tolist() == [3, 3, 3, 3]


def test_buffer_protocol_consumers(device):
    # Objects that take any buffer: bytes(), array.array, numpy, struct.
    with ireec.BufferView(device, np.array([1, 2, 3], np.int32)) as view:
        assert bytes(view) == np.array([1, 2, 3], np.int32).tobytes()
        ints = array.array("i")
        ints.frombytes(memoryview(view).cast("B"))
        assert ints.tolist() == [1, 2, 3]
        assert np.frombuffer(view, np.int32).tolist() == [1, 2, 3]


def test_memoryviews_outlive_everything_in_a_child(program):
    # Memoryviews of a call's result and of an upload, kept past closing the
    # views, the session, the device and the instance: still readable, and
    # the process exits cleanly (the mappings hold their buffers).
    from child_process import run_python

    source = f"""
import gc, numpy as np, ireec
instance = ireec.Instance()
device = instance.create_device("local-task")
session = ireec.Session(instance, device)
session.load_module({str(program("simple_mul"))!r})
(result,) = session.call("module.simple_mul", np.arange(4, dtype=np.float32),
                         np.full(4, 3, np.float32))
upload = ireec.BufferView(device, np.arange(3, dtype=np.int64))
views = [memoryview(result), memoryview(upload)]
for obj in (result, upload, session, device, instance):
    obj.close()
del result, upload, session, device, instance
gc.collect()
print(views[0].tolist(), views[1].tolist())
"""
    result = run_python("-c", source).check()
    assert result.stdout == "[0.0, 3.0, 6.0, 9.0] [0, 1, 2]\n"
