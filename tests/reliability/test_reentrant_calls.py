"""A call of a function started while a call of the same function is in
progress on the same thread: from a gc callback (the collector runs
between any two steps of a call that allocates), or a signal handler.
Sessions are reentrant (their lock is), so both calls run; each gets right
values, on every call path: the general path (arguments converted in
Python), results read into `out` lists, coarse-fences calls, the calls made
in C, bound calls.

Each case runs in a child: the collector runs after every allocation
(threshold 1), and its callback makes the nested call, as a program whose
finalizers or callbacks call back into ireec does.
"""

from __future__ import annotations

import json

import pytest

from child_process import run_python
from locations import PROGRAMS_DIR

ASYNC_FLAGS = ("--iree-execution-model=async-external",)
# Only a guard against a child that hangs; nothing is timed.
CHILD_TIMEOUT = 300

PRELUDE = '''
import gc, json, signal, sys
import numpy as np
import ireec

P = json.loads(sys.argv[1])
instance = ireec.Instance()
device = instance.create_device(P["uri"])
session = ireec.Session(instance, device)
session.load_module(P["mul"])
session.load_module(P["async"])
strided = np.arange(8, dtype=np.float32)[::2]  # [0, 2, 4, 6], not contiguous
a = np.ascontiguousarray(strided)
b = np.full(4, 2, np.float32)
EXPECTED = [0.0, 4.0, 8.0, 12.0]
prepared = session.function("module.simple_mul").prepare()
bound = prepared.bind(a, b)
bound_into = prepared.bind(a, b, out=[np.empty(4, np.float32)])

def async_call():
    results, fence = session.call_async("async_ops.async_mul", strided, b)
    fence.wait()
    return results[0].to_numpy().tolist()

CALLS = {
    "general path": lambda: session.call("module.simple_mul", strided, b)[0].to_numpy().tolist(),
    "out list": lambda: session.call("module.simple_mul", a, b,
                                     out=[np.empty(4, np.float32)])[0].tolist(),
    "call_async": async_call,
    "coarse-fences call": lambda: session.call("async_ops.async_mul", strided,
                                               b)[0].to_numpy().tolist(),
    "call in C": lambda: session.call("module.simple_mul", a, b)[0].to_numpy().tolist(),
    "bound call": lambda: bound()[0].to_numpy().tolist(),
    "bound call into out": lambda: bound_into()[0].tolist(),
}
call = CALLS[P["call"]]
'''

# Each call's outcome, by whether it was the outer or the nested one.
RECORD = '''
outcomes = {"outer": [], "nested": []}

def record(which):
    try:
        outcomes[which].append("right" if call() == EXPECTED else "wrong")
    except Exception as error:
        outcomes[which].append(f"{type(error).__name__}: {error}"[:300])
'''

NESTED_FROM_GC = PRELUDE + RECORD + '''

nesting = False
def during_collection(phase, info):
    global nesting
    if phase == "start" and not nesting:
        nesting = True
        try:
            record("nested")
        finally:
            nesting = False

gc.callbacks.append(during_collection)
gc.set_threshold(1)
for _ in range(P["count"]):
    record("outer")
gc.set_threshold(700)
gc.callbacks.remove(during_collection)
print(json.dumps(outcomes))
'''

PATHS = ["general path", "out list", "call_async", "coarse-fences call", "call in C",
         "bound call", "bound call into out"]


@pytest.fixture(scope="module")
def programs(program, compile_mlir):
    return {"mul": str(program("simple_mul")),
            "async": str(compile_mlir(PROGRAMS_DIR / "async_ops.mlir", *ASYNC_FLAGS))}


def summary(outcomes: list[str]) -> dict[str, int]:
    counted: dict[str, int] = {}
    for outcome in outcomes:
        counted[outcome] = counted.get(outcome, 0) + 1
    return counted


@pytest.mark.parametrize("path", PATHS)
def test_a_call_nested_in_the_same_call_gives_both_right_values(programs, cpu_driver, path):
    outcomes = run_python("-c", NESTED_FROM_GC, json.dumps(
        {**programs, "uri": cpu_driver, "call": path, "count": 200}),
        timeout=CHILD_TIMEOUT).check().json_line()
    assert summary(outcomes["outer"]) == {"right": 200}
    nested = summary(outcomes["nested"])
    assert set(nested) == {"right"}, nested


NESTED_FROM_SIGNALS = PRELUDE + RECORD + '''

signal.signal(signal.SIGALRM, lambda signum, frame: record("nested"))
signal.setitimer(signal.ITIMER_REAL, 200e-6, 200e-6)
for _ in range(P["count"]):
    record("outer")
signal.setitimer(signal.ITIMER_REAL, 0)
print(json.dumps(outcomes))
'''


@pytest.mark.parametrize("path", ["general path", "call_async", "bound call into out"])
def test_calls_from_a_signal_handler_during_calls_give_right_values(programs, path):
    outcomes = run_python("-c", NESTED_FROM_SIGNALS, json.dumps(
        {**programs, "uri": "local-task", "call": path, "count": 1000}),
        timeout=CHILD_TIMEOUT).check().json_line()
    assert summary(outcomes["outer"]) == {"right": 1000}
    assert set(summary(outcomes["nested"])) <= {"right"}, summary(outcomes["nested"])


CLOSED_BY_A_NESTED_CALL = PRELUDE + '''
# The outer call's PreparedCall (or Session) is closed from a collection in
# the middle of the call: the call raises ClosedError, nothing crashes, and
# the session (or a new one) still works.
outcomes = []
target = {"call": prepared, "session": session}[P["close"]]
def close_it(phase, info):
    if phase == "start":
        gc.callbacks.remove(close_it)
        target.close()

gc.callbacks.append(close_it)
gc.set_threshold(1)
try:
    prepared(strided, b)
    outcomes.append("returned")
except ireec.ClosedError as error:
    outcomes.append("ClosedError")
gc.set_threshold(700)
if P["close"] == "call":
    outcomes.append(session.call("module.simple_mul", strided, b)[0].to_numpy().tolist())
else:
    fresh = ireec.Session(instance, device)
    fresh.load_module(P["mul"])
    outcomes.append(fresh.call("module.simple_mul", strided, b)[0].to_numpy().tolist())
print(json.dumps(outcomes))
'''


@pytest.mark.parametrize("closed", ["call", "session"])
def test_closing_the_call_or_session_from_within_its_call(programs, cpu_driver, closed):
    outcomes = run_python("-c", CLOSED_BY_A_NESTED_CALL, json.dumps(
        {**programs, "uri": cpu_driver, "call": "general path", "close": closed}),
        timeout=CHILD_TIMEOUT).check().json_line()
    assert outcomes == ["ClosedError", [0.0, 4.0, 8.0, 12.0]]
