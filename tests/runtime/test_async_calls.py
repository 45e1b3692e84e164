"""Async calls: programs compiled with --iree-execution-model=async-external
called both ways, chained calls waited on once, calls waiting for the
caller's fence, failures; and examples/async_fences.py. (Semaphores and
fences themselves: tests/hal/test_semaphores_and_fences.py; Ctrl-C during a
wait: tests/reliability/test_ctrl_c.py.)"""

from __future__ import annotations

import threading

import numpy as np
import pytest

import ireec

from child_process import run_python
from locations import EXAMPLES_DIR, PROGRAMS_DIR

ASYNC_FLAGS = ("--iree-execution-model=async-external",)


@pytest.fixture(scope="module")
def async_vmfb(compile_mlir):
    return compile_mlir(PROGRAMS_DIR / "async_ops.mlir", *ASYNC_FLAGS)


@pytest.fixture
def session(instance, device, async_vmfb):
    with ireec.Session(instance, device) as session:
        session.load_module(async_vmfb)
        yield session


A = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
B = np.array([10.0, 20.0, 30.0, 40.0], np.float32)


# --- async programs -------------------------------------------------------------


def test_async_function_reflection(session):
    fn = session.function("async_ops.async_mul")
    assert fn.model == "coarse-fences" and fn.uses_fences
    # Two tensors, then the wait and signal fences the caller never passes.
    assert fn.signature == "0rrrr_r"
    assert fn.arg_kinds == "rr"
    assert fn.attributes["iree.abi.declaration"].startswith("async func @async_mul(")


@pytest.mark.parametrize("uri", ["local-task", "local-sync"])
def test_async_program_called_synchronously(instance, async_vmfb, uri):
    with ireec.Session(instance, instance.create_device(uri)) as session:
        session.load_module(async_vmfb)
        (product,) = session.call("async_ops.async_mul", A, B)
        # call() made the fences and waited on the signal one: ready now.
        assert product.to_numpy().tolist() == [10, 40, 90, 160]
        (total,) = session.call("async_ops.async_add_dyn", np.arange(7, dtype=np.float32),
                                np.ones(7, np.float32))
        assert total.to_numpy().tolist() == [1, 2, 3, 4, 5, 6, 7]


def test_async_wrong_argument_count_does_not_count_fences(session):
    with pytest.raises(TypeError, match=r"async_ops.async_mul takes 2 arguments \(ref, ref\), got 4"):
        session.call("async_ops.async_mul", A, B, None, None)


def test_call_async_returns_results_and_signal_fence(session):
    results, signal_fence = session.call_async("async_ops.async_mul", A, B)
    assert isinstance(signal_fence, ireec.Fence)
    assert signal_fence.timepoint_count == 1
    signal_fence.wait()
    assert signal_fence.query() is True
    ((semaphore, value),) = signal_fence.timepoints
    assert value == 1 and semaphore.query() == 1  # a fresh semaphore's 0 -> 1
    assert results[0].to_numpy().tolist() == [10, 40, 90, 160]


def test_chained_async_calls_waited_on_once(session):
    mul = session.function("async_ops.async_mul")
    (p1,), f1 = mul.call_async(A, B)
    # Each call waits for the previous one's fence and consumes its result.
    (p2,), f2 = mul.call_async(p1, B, wait=f1)
    (total,), f3 = session.call_async("async_ops.async_add_dyn", p2, p1, wait=f2)
    f3.wait()
    assert f1.query() and f2.query()
    expected = (A * B) * B + A * B
    np.testing.assert_array_equal(total.to_numpy(), expected)
    np.testing.assert_array_equal(p2.to_numpy(), (A * B) * B)


def test_chain_of_prepared_async_calls(session):
    prepared = session.function("async_ops.async_mul").prepare()
    twos = np.full(4, 2.0, np.float32)
    value, fence = [A], None
    fences = []
    for _ in range(20):
        value, fence = prepared.call_async(value[0], twos, wait=fence)
        fences.append(fence)
    ireec.Fence.join(fences).wait()
    np.testing.assert_array_equal(value[0].to_numpy(), A * 2.0**20)


def test_call_async_waits_for_the_callers_fence(session, device):
    upstream = ireec.Semaphore(device)
    wait = upstream.fence(1)
    # Whoever signals first, the program may only start once the fence is
    # reached, so the results are right either way.
    threading.Thread(target=upstream.signal, args=(1,)).start()
    (product,), signal_fence = session.call_async("async_ops.async_mul", A, B, wait=wait)
    signal_fence.wait()
    assert upstream.query() == 1
    assert product.to_numpy().tolist() == [10, 40, 90, 160]


def test_failed_wait_fence_fails_the_call(session, device):
    upstream = ireec.Semaphore(device)
    upstream.fail("upstream step failed")
    with pytest.raises(ireec.AbortedError, match="upstream step failed"):
        session.call_async("async_ops.async_mul", A, B, wait=upstream.fence(1))
    # The session is unharmed.
    assert session.call("async_ops.async_mul", A, B)[0].to_numpy().tolist() == [10, 40, 90, 160]


def test_call_async_of_a_sync_function(instance, device, program):
    with ireec.Session(instance, device) as session:
        session.load_module(program("simple_mul"))
        done = ireec.Fence(0)
        (product,), fence = session.call_async("module.simple_mul", A, B, wait=done)
        # Ran to completion: the fence returned is empty, hence reached.
        assert fence.timepoint_count == 0 and fence.query()
        assert product.to_numpy().tolist() == [10, 40, 90, 160]


def test_call_async_wait_must_be_a_fence(session):
    with pytest.raises(TypeError, match="wait must be an ireec.Fence or None, not int"):
        session.call_async("async_ops.async_mul", A, B, wait=1)


def test_example_async_fences():
    run = run_python(EXAMPLES_DIR / "async_fences.py").check()
    lines = run.stdout.splitlines()
    assert lines[0] == "pipeline.scale: signature 0rrrr_r, model coarse-fences"
    assert lines[1].split() == ["call,", "x", "*", "2:", "4xf32=2", "4", "6", "8"]
    assert lines[2].endswith(" 4xf32=6 12 18 24")
    assert lines[3].endswith(" True")
    assert lines[4].endswith(" 4xf32=2 4 6 8")
    assert lines[5].endswith("DeadlineExceededError: DEADLINE_EXCEEDED; fence not reached within 0.05 s")
