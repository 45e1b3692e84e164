"""A program's tensor traces (flow.tensor.trace: the HAL module's
hal.buffer_view.trace) given to a Python callback through the Session
(`Session(..., trace=callback)`, the HAL module's debug sink) instead of
stderr: what it receives, what its exceptions do, and its lifetime."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import ireec
from ireec.runtime import debug_sink

from child_process import run_python

X = np.array([1.0, 2.0, 3.0], np.float32)


@pytest.fixture(scope="module")
def traced(program):
    return program("traced")


def test_the_callback_gets_each_trace_key_and_views(instance, device, traced):
    seen = []

    def trace(key, views):
        seen.append((key, [view.to_numpy().tolist() for view in views],
                     [view.device for view in views], views))

    session = ireec.Session(instance, device, trace=trace)
    session.load_module(traced)
    (doubled,) = session.call("traced.double", X)
    assert doubled.to_numpy().tolist() == [2.0, 4.0, 6.0]
    assert [(key, values) for key, values, _, _ in seen] == [
        ("input", [[1.0, 2.0, 3.0]]),
        ("doubled", [[2.0, 4.0, 6.0], [1.0, 2.0, 3.0]]),
    ]
    assert all(d is session.device for _, _, devices, _ in seen for d in devices)
    # The views hold their own references: kept past the call, still readable.
    kept = seen[1][3]
    session.close()
    assert kept[0].to_numpy().tolist() == [2.0, 4.0, 6.0]


def test_an_exception_in_the_callback_is_what_the_call_raises(instance, device, traced):
    class Stop(Exception):
        pass

    keys = []

    def trace(key, views):
        keys.append(key)
        if key == "doubled":
            raise Stop(f"stopped at {key}")

    session = ireec.Session(instance, device, trace=trace)
    session.load_module(traced)
    with pytest.raises(Stop, match="stopped at doubled") as raised:
        session.call("traced.double", X)
    assert "while invoking native function hal.buffer_view.trace" in raised.value.__notes__[0]
    assert keys == ["input", "doubled"]
    # The session keeps working.
    keys.clear()
    with pytest.raises(Stop):
        session.call("traced.double", X)
    assert keys == ["input", "doubled"]


def test_the_callback_goes_with_the_session(instance, device, traced):
    gc.collect()  # (sessions of other tests)
    before = debug_sink.live_sink_count()
    session = ireec.Session(instance, device, trace=lambda key, views: None)
    assert debug_sink.live_sink_count() == before + 1
    session.load_module(traced)
    session.call("traced.double", X)
    session.close()
    gc.collect()
    assert debug_sink.live_sink_count() == before
    with pytest.raises(TypeError, match="trace must be callable"):
        ireec.Session(instance, device, trace="stderr")
    assert debug_sink.live_sink_count() == before


def test_without_a_callback_traces_print_to_stderr(traced):
    result = run_python(
        "-c", "import sys, numpy as np, ireec\n"
        "instance = ireec.Instance()\n"
        "session = ireec.Session(instance, instance.create_device('local-sync'))\n"
        "session.load_module(sys.argv[1])\n"
        "session.call('traced.double', np.array([1, 2, 3], np.float32))\n",
        str(traced))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ("=== input ===\n3xf32=1 2 3\n\n"
                             "=== doubled ===\n3xf32=2 4 6\n3xf32=1 2 3\n\n")
