"""Dangerous input through the Pythonic layer: each case runs in its own child
process, which must end normally with a Python exception that says what was
wrong. A crash (a signal), a hang, or an exception that does not name the
problem fails the case.

Each child also proves it is still usable afterwards: it runs a fresh call on
a fresh device and reports the result.
"""

from __future__ import annotations

import json

import pytest

from child_process import expect_error, run_session_case
from locations import PROGRAMS_DIR

VMVX_FLAGS = ("--iree-hal-target-device=local",
              "--iree-hal-local-target-device-backends=vmvx")
ASYNC_FLAGS = ("--iree-execution-model=async-external",)
# A guard against a child that hangs (one of the failures looked for); it
# does not measure anything.
CHILD_TIMEOUT = 120


@pytest.fixture(scope="module")
def programs(compile_mlir, program):
    return {
        "mul": str(program("simple_mul")),
        "async": str(compile_mlir(PROGRAMS_DIR / "async_ops.mlir", *ASYNC_FLAGS)),
        # Compiled for a GPU this runtime's local-task device is not.
        "cuda": str(compile_mlir(PROGRAMS_DIR / "simple_mul.mlir",
                                 target_flags=("--iree-hal-target-device=cuda",))),
        "gather_sync": str(compile_mlir(PROGRAMS_DIR / "gather.mlir", target_flags=VMVX_FLAGS)),
        "gather_async": str(compile_mlir(PROGRAMS_DIR / "gather.mlir", *ASYNC_FLAGS,
                                         target_flags=VMVX_FLAGS)),
        "blocking": str(program("blocking")),
        "blocking_async": str(compile_mlir(PROGRAMS_DIR / "blocking.mlir", *ASYNC_FLAGS)),
    }


# The child: `case()` is the dangerous code, run as a session case; its
# exception (or its return value) is reported, then a fresh device runs
# simple_mul (on a new instance: the case may have closed the first one).
FRESH_CALL = '''
renewed = ireec.Instance()
fresh = ireec.Session(renewed, renewed.create_device(P["uri"]))
fresh.load_module(P["mul"])
print(json.dumps(fresh.call("module.simple_mul", a, a)[0].to_numpy().tolist()), flush=True)
'''


def run_case(programs, uri: str, body: str) -> dict:
    """Runs `body` as case() in a child whose `device` is a `uri` device."""
    outcome = run_session_case({**programs, "uri": uri}, body, after=FRESH_CALL,
                               timeout=CHILD_TIMEOUT)
    # The process still works after the case.
    assert [json.loads(line) for line in outcome["after"]] == [[0.0, 1.0, 4.0, 9.0]]
    return outcome


# (id, case body, expected exception class (or a base), message fragments)
CASES = [
    # --- module files --------------------------------------------------------------------
    ("truncated-header", "session.load_module(MUL[:8])",
     "InvalidArgumentError", "FlatBuffer data is not present or less than 16 bytes (8 total)"),
    ("truncated-half", "session.load_module(MUL[:len(MUL) // 2])",
     "InvalidArgumentError", "FlatBuffer length prefix out of bounds"),
    ("empty-file", """
        open("empty.vmfb", "wb").close()
        session.load_module("empty.vmfb")""",
     "InvalidArgumentError", "less than 16 bytes (0 total)"),
    ("empty-bytes", "session.load_module(b'')", "ValueError", "load_module got no bytes"),
    ("garbage", "session.load_module(bytes(range(256)) * 16)",
     "InvalidArgumentError", "FlatBuffer length prefix out of bounds"),
    ("flipped-length-prefix", """
        data = bytearray(MUL); data[0] ^= 0xFF
        session.load_module(bytes(data))""",
     "InvalidArgumentError", "FlatBuffer length prefix out of bounds"),
    ("missing-file", "session.load_module('no-such-module.vmfb')",
     "NotFoundError", "failed to open file", "no-such-module.vmfb"),
    ("not-a-module-source", "session.load_module(42)",
     "TypeError", "load_module takes a path"),
    ("module-for-another-device", "session.load_module(P['cuda'])",
     "IncompatibleError", "INCOMPATIBLE", "the module needs a 'cuda' device",
     "this session has ['local-"),
    # --- names ---------------------------------------------------------------------------
    ("unknown-function", """
        session.load_module(P["mul"])
        session.call("module.no_such_function", a, a)""",
     "NotFoundError", "no function `no_such_function` exported by module"),
    ("unknown-module", """
        session.load_module(P["mul"])
        session.call("nomodule.f", a)""",
     "NotFoundError", "module 'nomodule'", "not registered"),
    ("unqualified-name", """
        session.load_module(P["mul"])
        session.call("simple_mul", a, a)""",
     "InvalidArgumentError", "not fully-qualified"),
    ("function-name-not-str", "session.function(3)",
     "TypeError", "function name must be a str"),
    # --- arguments -----------------------------------------------------------------------
    ("wrong-element-type", """
        session.load_module(P["mul"])
        session.call("module.simple_mul", a.astype(np.int32), a)""",
     "InvalidArgumentError", "input0 element type mismatch; expected f32", "have i32"),
    ("wrong-rank", """
        session.load_module(P["mul"])
        session.call("module.simple_mul", a.reshape(2, 2), a)""",
     "InvalidArgumentError", "input0 shape rank mismatch; expected 1 but have 2"),
    ("wrong-shape", """
        session.load_module(P["mul"])
        session.call("module.simple_mul", a, np.ones(5, np.float32))""",
     "InvalidArgumentError", "input1 shape dimension 0 mismatch; expected 4 but have 5"),
    ("too-few-arguments", """
        session.load_module(P["mul"])
        session.call("module.simple_mul", a)""",
     "TypeError", "module.simple_mul takes 2 arguments (ref, ref), got 1"),
    ("too-many-arguments", """
        session.load_module(P["mul"])
        session.call("module.simple_mul", a, a, a)""",
     "TypeError", "takes 2 arguments (ref, ref), got 3"),
    ("int-for-a-buffer-view", """
        session.load_module(P["mul"])
        session.call("module.simple_mul", 3, a)""",
     "ValueError", "argument 1 of module.simple_mul is declared tensor<4xf32>",
     "given a scalar"),
    ("object-for-a-buffer-view", """
        session.load_module(P["mul"])
        session.call("module.simple_mul", a, "text")""",
     "TypeError", "argument 2 of module.simple_mul takes a tensor", "got str"),
    ("none-for-a-buffer-view", """
        session.load_module(P["mul"])
        session.call("module.simple_mul", None, a)""",
     "InvalidArgumentError", "ref is null", "hal.buffer_view.assert"),
    ("closed-buffer-view-argument", """
        session.load_module(P["mul"])
        view = ireec.BufferView.from_numpy(device, a)
        view.close()
        session.call("module.simple_mul", view, a)""",
     "ClosedError", "BufferView is closed"),
    # --- lifetimes -----------------------------------------------------------------------
    ("call-after-session-close", """
        session.load_module(P["mul"])
        function = session.function("module.simple_mul")
        session.close()
        function(a, a)""",
     "ClosedError", "Session is closed"),
    ("prepared-call-after-close", """
        session.load_module(P["mul"])
        call = session.function("module.simple_mul").prepare()
        call.close()
        call(a, a)""",
     "ClosedError", "is closed"),
    ("load-after-session-close", """
        session.close()
        session.load_module(P["mul"])""",
     "ClosedError", "Session is closed"),
    ("session-on-closed-device", """
        device.close()
        ireec.Session(instance, device)""",
     "ClosedError", "Device is closed"),
    ("device-from-closed-instance", """
        instance.close()
        instance.create_device("local-task")""",
     "ClosedError", "Instance is closed"),
    ("buffer-view-after-close", """
        view = ireec.BufferView.from_numpy(device, a)
        view.close()
        view.to_numpy()""",
     "ClosedError", "BufferView is closed"),
    ("fence-after-close", """
        fence = ireec.Fence()
        fence.close()
        fence.wait()""",
     "ClosedError", "Fence is closed"),
    ("semaphore-after-close", """
        semaphore = ireec.Semaphore(device)
        semaphore.close()
        semaphore.signal(1)""",
     "ClosedError", "Semaphore is closed"),
    # --- devices -------------------------------------------------------------------------
    ("missing-driver", "instance.create_device('metal')",
     "NotFoundError", "no HAL driver 'metal' is registered; available drivers:", "local-task"),
    ("driver-without-runtime", "instance.create_device('hip')",
     "UnavailableError", "HIP runtime library"),
    ("empty-device-uri", "instance.create_device('')",
     "InvalidArgumentError", "empty device URI"),
    ("device-path-not-supported", "instance.create_device('local-task://7')",
     "NotFoundError", "device paths not yet implemented"),
    # --- waits ---------------------------------------------------------------------------
    ("fence-wait-times-out", "ireec.Semaphore(device).fence(1).wait(timeout=0.05)",
     "DeadlineExceededError", "fence not reached within 0.05 s"),
    ("semaphore-wait-times-out", "ireec.Semaphore(device).wait(1, timeout=0.05)",
     "TimeoutError", "semaphore value 1 not reached within 0.05 s"),
    ("failed-wait-fence-keeps-its-reason", """
        session.load_module(P["async"])
        fence = ireec.Semaphore(device).fence(1)
        fence.fail("the producer ran out of input")
        session.call_async("async_ops.async_mul", a, a, wait=fence)""",
     "AbortedError", "the producer ran out of input"),
    ("failed-fence-awaited-inside-a-call", """
        session.load_module(P["blocking"])
        fence = ireec.Semaphore(device).fence(1)
        fence.fail("upstream stage failed")
        session.call("blocking.await_then_double", fence, a)""",
     "AbortedError", "upstream stage failed", "hal.fence.await"),
]


@pytest.mark.parametrize("body, error, fragments",
                         [pytest.param(body, error, fragments, id=name)
                          for name, body, error, *fragments in CASES])
def test_dangerous_case_raises(programs, cpu_driver, body, error, fragments):
    expect_error(run_case(programs, cpu_driver, body), error, *fragments)


def test_closing_everything_twice_is_harmless(programs, cpu_driver):
    outcome = run_case(programs, cpu_driver, """
        session.load_module(P["mul"])
        result = session.call("module.simple_mul", a, a)[0]
        fence = ireec.Fence()
        call = session.function("module.simple_mul").prepare()
        for thing in (result, fence, call, session, device, instance):
            thing.close()
            thing.close()
        return [session.closed, device.closed, instance.closed, result.closed, fence.closed]
    """)
    assert outcome == {**outcome, "raised": None, "value": [True] * 5}


def test_results_outlive_everything_they_came_from(programs, cpu_driver):
    outcome = run_case(programs, cpu_driver, """
        session.load_module(P["mul"])
        result = session.call("module.simple_mul", a, a)[0]
        session.close(); device.close(); instance.close()
        gc.collect()
        return result.to_numpy().tolist()
    """)
    assert outcome["value"] == [0.0, 1.0, 4.0, 9.0]


def test_failed_call_leaves_no_stale_results(programs, cpu_driver):
    # The next call on the same prepared call must see its own results, and
    # the raw outputs list of a failed call is empty, so popping from it is
    # an error rather than a read of freed memory.
    outcome = run_case(programs, cpu_driver, """
        session.load_module(P["mul"])
        call = session.function("module.simple_mul").prepare()
        try:
            call(a, np.ones(5, np.float32))
        except ireec.InvalidArgumentError:
            pass
        after = call(a, np.full(4, 2, np.float32))[0].to_numpy().tolist()
        raw = ffi.new("iree_runtime_call_t*")
        ireec.check_status(lib.iree_runtime_call_initialize_by_name(
            session.handle, lib.iree_make_cstring_view(b"module.simple_mul"), raw))
        try:
            ireec.check_status(lib.iree_runtime_call_invoke(raw, 0))
        except ireec.IreeError:
            pass
        out = ffi.new("iree_hal_buffer_view_t**")
        try:
            ireec.check_status(lib.iree_runtime_call_outputs_pop_front_buffer_view(raw, out))
        finally:
            lib.iree_runtime_call_deinitialize(raw)
        return after
    """)
    expect_error(outcome, "OutOfRangeError", "no outputs left to pop")


@pytest.mark.parametrize("make, release", [
    pytest.param("data = bytearray(MUL); view = data", "del data, view",
                 id="bytearray-deleted"),
    pytest.param("data = bytes(MUL); view = memoryview(data)", "view.release(); del data",
                 id="memoryview-released"),
    pytest.param("data = np.frombuffer(MUL, np.uint8).copy(); data.flags.writeable = False; "
                 "view = data", "del data, view", id="read-only-numpy-deleted"),
])
def test_module_bytes_released_by_python_while_loaded(programs, cpu_driver, make, release):
    # The session copies or pins what it was given, so dropping every Python
    # reference to the bytes leaves the module working.
    outcome = run_case(programs, cpu_driver, f"""
        {make}
        session.load_module(view)
        {release}
        gc.collect()
        return session.call("module.simple_mul", a, a)[0].to_numpy().tolist()
    """)
    assert outcome["raised"] is None, outcome
    assert outcome["value"] == [0.0, 1.0, 4.0, 9.0]


def test_mapped_module_file_cannot_be_closed_while_loaded(programs, cpu_driver):
    outcome = run_case(programs, cpu_driver, """
        mapped = mmap.mmap(os.open(P["mul"], os.O_RDONLY), 0, access=mmap.ACCESS_READ)
        session.load_module(mapped)
        try:
            mapped.close()
        finally:
            print(session.call("module.simple_mul", a, a)[0].to_numpy().tolist())
    """)
    expect_error(outcome, "BufferError", "exported pointers exist")
    assert outcome["stdout"] == ["[0.0, 1.0, 4.0, 9.0]"]


@pytest.mark.parametrize("model", ["gather_sync", "gather_async"])
def test_failed_dispatch_reports_the_device_state_and_a_new_device_recovers(programs, model):
    # An index past the table makes the VMVX dispatch fail on the device.
    # IREE then aborts all later work on that device (on every session), and
    # keeps the root cause to itself: the error says so, Device.check and
    # Device.failed report it, and a new device works.
    outcome = run_case(programs, "local-task", f"""
        session.load_module(P[{model!r}])
        table = np.arange(4, dtype=np.float32)
        print("healthy before:", device.failed)
        print("in range:", session.call("gather.pick", table, np.array([2], np.int32))[0].to_numpy().tolist())
        try:
            results, fence = session.call_async("gather.pick", table, np.array([1 << 20], np.int32))
            fence.wait()
        except ireec.AbortedError as error:
            print("failed call:", str(error).splitlines()[0], "|", " ".join(getattr(error, "__notes__", [])))
        print("failed after:", device.failed)
        other = ireec.Session(instance, device)
        other.load_module(P["mul"])
        try:
            other.call("module.simple_mul", a, a)
        except ireec.AbortedError as error:
            print("other session:", " ".join(error.__notes__))
        try:
            device.check()
        except ireec.AbortedError as error:
            print("check:", error)
        renewed = instance.create_device("local-task")
        again = ireec.Session(instance, renewed)
        again.load_module(P[{model!r}])
        return again.call("gather.pick", table, np.array([3], np.int32))[0].to_numpy().tolist()
    """)
    assert outcome["raised"] is None, outcome
    assert outcome["value"] == [3.0]
    out = outcome["stdout"]
    assert out[0] == "healthy before: False"
    assert out[1] == "in range: [2.0]"
    assert out[2].startswith("failed call: ABORTED")
    # The first failure already says how to find out what happened.
    assert ("Device.check()" in out[2]) or ("has failed" in out[2]), out[2]
    assert out[3] == "failed after: True"
    assert out[4].startswith("other session: device 0 of this session ('local-task') has failed")
    assert "Create a new device" in out[4]
    assert out[5].startswith("check: ABORTED; device 'local-task' has failed")


@pytest.mark.parametrize("model", ["gather_sync", "gather_async"])
def test_failed_dispatch_on_local_sync_reports_its_cause_and_the_device_goes_on(programs, model):
    # local-sync runs each submission by itself on the caller's thread: the
    # failed dispatch fails that call's semaphores with its own status, the
    # call raises it (the root cause, unlike local-task), and the device, its
    # other sessions and the same session keep working.
    outcome = run_case(programs, "local-sync", f"""
        session.load_module(P[{model!r}])
        table = np.arange(4, dtype=np.float32)
        try:
            results, fence = session.call_async("gather.pick", table, np.array([1 << 20], np.int32))
            fence.wait()
        except ireec.OutOfRangeError as error:
            print("failed call:", str(error).splitlines()[0])
        print("failed after:", device.failed)
        other = ireec.Session(instance, device)
        other.load_module(P["mul"])
        print("other session:", other.call("module.simple_mul", a, a)[0].to_numpy().tolist())
        return session.call("gather.pick", table, np.array([3], np.int32))[0].to_numpy().tolist()
    """)
    assert outcome["raised"] is None, outcome
    assert outcome["value"] == [3.0]
    out = outcome["stdout"]
    assert out[0].startswith("failed call:") and "out-of-bounds access detected" in out[0], out
    assert out[1:] == ["failed after: False", "other session: [0.0, 1.0, 4.0, 9.0]"]


def test_a_failed_wait_fence_does_not_fail_the_device(programs, cpu_driver):
    outcome = run_case(programs, cpu_driver, """
        session.load_module(P["async"])
        fence = ireec.Semaphore(device).fence(1)
        fence.fail("cancelled upstream")
        try:
            session.call_async("async_ops.async_mul", a, a, wait=fence)
        except ireec.AbortedError as error:
            print("notes:", getattr(error, "__notes__", []))
        return [device.failed, session.call("async_ops.async_mul", a, a)[0].to_numpy().tolist()]
    """)
    assert outcome["stdout"] == ["notes: []"]
    assert outcome["value"] == [False, [0.0, 1.0, 4.0, 9.0]]
