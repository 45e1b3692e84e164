"""Fences, semaphores and async calls: programs compiled with
--iree-execution-model=async-external called both ways, chained calls waited
on once, timeouts, failures, and Ctrl-C during a wait."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import ireec
from ireec import lib

from conftest import EXAMPLES_DIR, PROGRAMS_DIR

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


# --- semaphores ---------------------------------------------------------------------


def test_semaphore_timeline(device):
    semaphore = ireec.Semaphore(device, initial_value=5)
    assert semaphore.query() == 5 and semaphore.value == 5
    semaphore.wait(5, timeout=0)  # already reached
    semaphore.signal(9)
    assert semaphore.query() == 9
    semaphore.wait(7)
    with pytest.raises(ireec.OutOfRangeError, match="monotonically increasing"):
        semaphore.signal(3)


def test_semaphore_wait_timeout(device):
    semaphore = ireec.Semaphore(device)
    with pytest.raises(ireec.DeadlineExceededError, match="semaphore value 1 not reached within 0.01 s") as raised:
        semaphore.wait(1, timeout=0.01)
    assert isinstance(raised.value, TimeoutError)
    assert raised.value.code_name == "DEADLINE_EXCEEDED"
    with pytest.raises(TimeoutError):
        semaphore.wait(1, timeout=0)


def test_semaphore_wait_signaled_from_another_thread(device):
    semaphore = ireec.Semaphore(device)
    reached = []
    waiter = threading.Thread(target=lambda: reached.append(semaphore.wait(3) or semaphore.query()))
    waiter.start()
    semaphore.signal(1)
    semaphore.signal(3)
    waiter.join()
    assert reached == [3]


def test_semaphore_fail(device):
    semaphore = ireec.Semaphore(device)
    semaphore.fail("device fell over", code=lib.IREE_STATUS_CANCELLED)
    with pytest.raises(ireec.CancelledError, match="device fell over"):
        semaphore.query()
    with pytest.raises(ireec.CancelledError, match="device fell over"):
        semaphore.wait(1)
    with pytest.raises(ValueError, match="non-OK"):
        semaphore.fail("x", code=lib.IREE_STATUS_OK)
    with pytest.raises(TypeError, match="message must be a str"):
        semaphore.fail(b"x")


# --- fences -----------------------------------------------------------------------------


def test_fence_at_query_signal_wait(device):
    semaphore = ireec.Semaphore(device)
    fence = semaphore.fence(2)
    assert len(fence) == 1 and fence.query() is False
    semaphore.signal(1)
    assert fence.query() is False
    fence.signal()  # advances every semaphore to its value
    assert semaphore.query() == 2 and fence.query() is True
    fence.wait()
    fence.wait(timeout=0)
    fence.wait(timeout=float("inf"))


def test_fence_wait_timeout(device):
    fence = ireec.Semaphore(device).fence(1)
    with pytest.raises(ireec.DeadlineExceededError, match="fence not reached within 0.02 s") as raised:
        fence.wait(timeout=0.02)
    assert isinstance(raised.value, TimeoutError)
    with pytest.raises(TimeoutError):
        fence.wait(timeout=0)
    with pytest.raises(ValueError, match="NaN"):
        fence.wait(timeout=float("nan"))


def test_fence_insert_extend_join(device):
    s1 = ireec.Semaphore(device)
    s2 = ireec.Semaphore(device)
    fence = ireec.Fence(capacity=2)
    assert fence.query() is True  # nothing to reach
    fence.insert(s1, 3)
    fence.insert(s1, 1)  # the same semaphore keeps the larger value
    assert [(s.handle, v) for s, v in fence.timepoints] == [(s1.handle, 3)]
    other = ireec.Fence.at(s2, 4)
    fence.extend(other)
    assert [(s.handle, v) for s, v in fence.timepoints] == [(s1.handle, 3), (s2.handle, 4)]
    with pytest.raises(ireec.ResourceExhaustedError, match="capacity 2 reached"):
        fence.insert(ireec.Semaphore(device), 1)
    joined = ireec.Fence.join([ireec.Fence.at(s1, 5), other])
    assert sorted(v for _, v in joined.timepoints) == [4, 5]
    s1.signal(5)
    assert fence.query() is False and joined.query() is False
    s2.signal(4)
    assert fence.query() is True and joined.query() is True
    empty = ireec.Fence.join([])
    assert isinstance(empty, ireec.Fence) and empty.timepoint_count == 0
    empty.wait(timeout=0)


def test_fence_fail(device):
    semaphore = ireec.Semaphore(device)
    fence = semaphore.fence(1)
    fence.fail("no result today")
    with pytest.raises(ireec.AbortedError, match="no result today"):
        fence.wait()
    with pytest.raises(ireec.AbortedError, match="no result today"):
        fence.query()


def test_fence_argument_errors(device):
    fence = ireec.Fence(1)
    with pytest.raises(TypeError, match="semaphore must be an ireec.Semaphore, not NoneType"):
        fence.insert(None, 1)
    with pytest.raises(TypeError, match="other must be an ireec.Fence, not int"):
        fence.extend(3)
    with pytest.raises(TypeError, match=r"fences\[1\] must be an ireec.Fence"):
        ireec.Fence.join([fence, "x"])
    with pytest.raises(TypeError, match="semaphore must be an ireec.Semaphore"):
        ireec.Fence.at(device, 1)
    with pytest.raises(ValueError, match="capacity"):
        ireec.Fence(-1)
    with pytest.raises(ValueError, match="capacity"):
        ireec.Fence(70000)
    fence.close()
    with pytest.raises(ireec.ClosedError):
        fence.wait()
    with pytest.raises(ireec.ClosedError):
        ireec.Fence.join([fence])


def test_fence_and_semaphore_wrap_raw_handles(device):
    semaphore = ireec.Semaphore(device)
    fence = semaphore.fence(1)
    # Wrapping a borrowed pointer adds a reference of its own.
    again = ireec.Fence.from_handle(fence.handle, retain=True)
    fence.close()
    semaphore.signal(1)
    assert again.query() is True
    with pytest.raises(ValueError, match="non-NULL"):
        ireec.Fence.from_handle(ireec.ffi.NULL)


# --- Ctrl-C -------------------------------------------------------------------------------

# Waits on things that are never reached, one after another. A watcher thread
# announces each wait once the main thread is inside it (seen in its stack),
# and the parent answers with SIGINT; each wait must end in KeyboardInterrupt.
CHILD = textwrap.dedent('''
    import sys, threading, time
    import numpy as np
    import ireec

    main = threading.main_thread().ident

    def announce_when_waiting(what):
        def watch():
            while True:
                frame = sys._current_frames().get(main)
                while frame is not None and frame.f_code.co_name != "_sliced_wait":
                    frame = frame.f_back
                if frame is not None:
                    print("waiting", what, flush=True)
                    return
                time.sleep(0.001)
        threading.Thread(target=watch, daemon=True).start()

    instance = ireec.Instance()
    device = instance.create_device(sys.argv[2])
    session = ireec.Session(instance, device)
    session.load_module(sys.argv[1])
    a = np.ones(4, np.float32)
    never = ireec.Semaphore(device)

    waits = {
        "fence": lambda: never.fence(1).wait(),
        "semaphore": lambda: never.wait(1),
        "call_async": lambda: session.call_async("async_ops.async_mul", a, a,
                                                 wait=never.fence(1)),
    }
    for what, wait in waits.items():
        announce_when_waiting(what)
        try:
            wait()
            print("returned", what, flush=True)
        except KeyboardInterrupt:
            print("interrupted", what, flush=True)
    # Still usable after the interruptions.
    print("result", session.call("async_ops.async_mul", a, a)[0].to_numpy().tolist(), flush=True)
''')


def test_ctrl_c_interrupts_waits(async_vmfb, tmp_path, cpu_driver):
    # On local-sync too: a call_async whose wait fence is pending waits for
    # it first, interruptibly, instead of blocking inside the submission.
    script = tmp_path / "wait_forever.py"
    script.write_text(CHILD)
    child = subprocess.Popen([sys.executable, str(script), str(async_vmfb), cpu_driver],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONUNBUFFERED": "1"})
    # Only a guard against a wait that never ends (the failure this test
    # looks for); nothing here measures how long anything took.
    guard = threading.Timer(120, child.kill)
    guard.start()
    try:
        for what in ("fence", "semaphore", "call_async"):
            assert child.stdout.readline() == f"waiting {what}\n"
            child.send_signal(signal.SIGINT)
            assert child.stdout.readline() == f"interrupted {what}\n", \
                f"the {what} wait did not end on SIGINT"
        assert child.stdout.readline() == "result [1.0, 1.0, 1.0, 1.0]\n"
        out, err = child.communicate()
    finally:
        guard.cancel()
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err


def test_example_async_fences():
    run = subprocess.run([sys.executable, str(EXAMPLES_DIR / "async_fences.py")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "pipeline.scale: signature 0rrrr_r, model coarse-fences"
    assert lines[1].split() == ["call,", "x", "*", "2:", "4xf32=2", "4", "6", "8"]
    assert lines[2].endswith(" 4xf32=6 12 18 24")
    assert lines[3].endswith(" True")
    assert lines[4].endswith(" 4xf32=2 4 6 8")
    assert lines[5].endswith("DeadlineExceededError: DEADLINE_EXCEEDED; fence not reached within 0.05 s")
