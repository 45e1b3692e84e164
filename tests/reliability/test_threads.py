"""Threads: sessions on one device called concurrently give right answers, a
session shared by threads is serialized, and IREE work runs without the GIL
(so other Python threads run while a call computes or waits)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import ireec

from child_process import run_python
from locations import PROGRAMS_DIR

# Guards against a deadlock (one of the failures looked for); they measure
# nothing.
JOIN_TIMEOUT = 120


def run_threads(target, count: int) -> list:
    """Runs target(index) on `count` threads started together; returns their
    return values, re-raising the first exception any of them raised."""
    barrier = threading.Barrier(count)
    results: list = [None] * count
    errors: list = []

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = target(index)
        except BaseException as error:  # reported to the test below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(JOIN_TIMEOUT)
        assert not thread.is_alive(), "a thread did not finish (deadlock?)"
    if errors:
        raise errors[0]
    return results


def test_sessions_sharing_a_device_called_from_threads(instance, device, program):
    vmfb = program("simple_mul")

    def worker(index: int) -> int:
        with ireec.Session(instance, device) as session:
            session.load_module(vmfb)
            call = session.function("module.simple_mul")
            rng = np.random.default_rng(index)
            for _ in range(300):
                a = rng.standard_normal(4).astype(np.float32)
                b = rng.standard_normal(4).astype(np.float32)
                np.testing.assert_array_equal(call(a, b)[0].to_numpy(), a * b)
        return index

    assert run_threads(worker, 6) == list(range(6))


def test_one_session_and_one_prepared_call_shared_by_threads(instance, device, program):
    # Different functions and a shared prepared call, interleaved: the
    # session's lock serializes them, so the shared VM lists and scratch
    # values never mix one thread's arguments or results with another's.
    with ireec.Session(instance, device) as session:
        session.load_module(program("simple_mul"))
        session.load_module(program("dynamic"))
        shared = session.function("module.simple_mul").prepare()

        def worker(index: int) -> int:
            rng = np.random.default_rng(100 + index)
            for step in range(300):
                a = rng.standard_normal(4).astype(np.float32)
                if (step + index) % 3 == 0:
                    np.testing.assert_array_equal(shared(a, a)[0].to_numpy(), a * a)
                elif (step + index) % 3 == 1:
                    length = int(rng.integers(1, 64))
                    x = rng.standard_normal(length).astype(np.float32)
                    doubled, total = session.call("dynamic.double_and_sum", x)
                    np.testing.assert_array_equal(doubled.to_numpy(), x + x)
                    assert total == pytest.approx(float(x.sum()), rel=1e-4, abs=1e-4)
                else:
                    with pytest.raises(ireec.InvalidArgumentError, match="shape dimension 0"):
                        shared(a, np.ones(5, np.float32))
            return index

        assert run_threads(worker, 4) == list(range(4))


def test_threads_sharing_a_session_are_serialized(instance, device, program, compile_mlir):
    with ireec.Session(instance, device) as session:
        session.load_module(program("simple_mul"))
        session.load_module(compile_mlir(PROGRAMS_DIR / "scalars.mlir",
                                         "--iree-input-demote-f64-to-f32=false"))
        prepared = session.function("module.simple_mul").prepare()

        def worker(seed: int) -> int:
            rng = np.random.default_rng(seed)
            for i in range(150):
                a = rng.standard_normal(4).astype(np.float32)
                b = rng.standard_normal(4).astype(np.float32)
                # One shared prepared call, one-off calls and scalar calls,
                # all on the same session at once.
                (shared,) = prepared(a, b)
                (oneoff,) = session.call("module.simple_mul", b, b)
                (echoed,) = session.call("scalars.identity_i32", 1000 * seed + i)
                np.testing.assert_array_equal(shared.to_numpy(), a * b)
                np.testing.assert_array_equal(oneoff.to_numpy(), b * b)
                assert echoed == 1000 * seed + i
            return seed

        assert run_threads(worker, 4) == list(range(4))


# The child: a thread blocks inside iree_runtime_session_call (the program
# waits for a fence, in the HAL module), while the main thread keeps running
# Python, makes a call of its own on another session of the same device, and
# only then signals the fence. Were the GIL held across the blocked call, the
# main thread could never signal and the child would hang (caught by the
# parent's timeout).
BLOCKED_CALL = '''
import json, sys, threading, time
import numpy as np
import ireec

instance = ireec.Instance()
device = instance.create_device("local-task")
blocked_session = ireec.Session(instance, device)
blocked_session.load_module(sys.argv[1])
other_session = ireec.Session(instance, device)
other_session.load_module(sys.argv[1])
semaphore = ireec.Semaphore(device)
events = []
result = {}

def blocked():
    events.append("call started")
    out = blocked_session.call("blocking.await_then_double", semaphore.fence(1),
                               np.arange(4, dtype=np.float32))
    events.append("call returned")
    result["blocked"] = out[0].to_numpy().tolist()

thread = threading.Thread(target=blocked)
thread.start()
# Wait (in Python, with the GIL) until the thread is inside the call; the
# call cannot return before the signal below.
while not events:
    time.sleep(0.001)
time.sleep(0.05)
x = np.ones((3, 3), np.float32)
result["other"] = other_session.call("blocking.matmul", x, x)[0].to_numpy().tolist()
events.append("main ran a call")
semaphore.signal(1)
thread.join()
print(json.dumps({"events": events, **result}))
'''


def run_child(source: str, *args: str) -> dict:
    return run_python("-c", source, *args, timeout=JOIN_TIMEOUT).check().json_line()


def test_gil_is_released_while_a_call_waits_inside_iree(program):
    out = run_child(BLOCKED_CALL, str(program("blocking")))
    assert out["events"] == ["call started", "main ran a call", "call returned"]
    assert out["blocked"] == [0.0, 2.0, 4.0, 6.0]
    assert out["other"] == [[3.0] * 3] * 3


# Two threads each call a compute-heavy function that first signals the
# other thread's fence and then waits for its own: each call can only return
# after the other has started, so both are inside IREE at once (at the later
# of the two signals), and then both multiply. With the GIL held across a
# call, the first thread would wait for ever holding it and the child hang.
HANDOFF = '''
import json, sys, threading
import numpy as np
import ireec

instance = ireec.Instance()
device = instance.create_device("local-task")
fence_a = ireec.Semaphore(device).fence(1)
fence_b = ireec.Semaphore(device).fence(1)
size = 384
x = np.full((size, size), 0.5, np.float32)
order = []
results = {}

def worker(name, signal, wait):
    session = ireec.Session(instance, device)
    session.load_module(sys.argv[1])
    order.append(name + " started")
    out = session.call("blocking.handoff", signal, wait, x, x)[0].to_numpy()
    order.append(name + " returned")
    results[name] = [float(out.min()), float(out.max()), list(out.shape)]

threads = [threading.Thread(target=worker, args=("a", fence_b, fence_a)),
           threading.Thread(target=worker, args=("b", fence_a, fence_b))]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps({"order": order, "results": results}))
'''


def test_compute_heavy_calls_from_two_threads_overlap(program):
    out = run_child(HANDOFF, str(program("blocking")))
    expected = [384 * 0.25, 384 * 0.25, [384, 384]]
    assert out["results"] == {"a": expected, "b": expected}
    # Both started before either returned.
    assert sorted(out["order"][:2]) == ["a started", "b started"]
