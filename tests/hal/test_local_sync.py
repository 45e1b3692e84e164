"""local-sync is IREE's synchronous execution model: work runs on the
calling thread, so a local-sync device starts no threads however much it
runs (local-task, measured the same way, starts its workers), and a call's
results are complete when the call returns.

Threads are counted in a child process (/proc/self/task), so that nothing
else a test session runs can start or end threads in between.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import ireec

from child_process import run_python
from locations import PROGRAMS_DIR

ASYNC_FLAGS = ("--iree-execution-model=async-external",)

CHILD = r"""
import json, os, sys
import numpy as np
import ireec

def threads():
    return len(os.listdir("/proc/self/task"))

uri, sync_vmfb, async_vmfb, calls = sys.argv[1:5]
calls = int(calls)
instance = ireec.Instance()
a = np.array([1, 2, 3, 4], np.float32)
b = np.array([10, 20, 30, 40], np.float32)
before = threads()
device = instance.create_device(uri)
after_device = threads()
sync_session = ireec.Session(instance, device)
sync_session.load_module(sync_vmfb)
async_session = ireec.Session(instance, device)
async_session.load_module(async_vmfb)
sums = [0.0, 0.0]
for i in range(calls):
    (r,) = sync_session.call("module.simple_mul", a, b)
    sums[0] += float(r.to_numpy()[3])
    (r,) = async_session.call("async_ops.async_mul", a, b)
    sums[1] += float(r.to_numpy()[2])
print(json.dumps({"before": before, "after_device": after_device,
                  "after_calls": threads(), "sums": sums}))
"""


def count_threads(uri, sync_vmfb, async_vmfb, calls):
    result = run_python("-c", CHILD, uri, sync_vmfb, async_vmfb, calls, timeout=600)
    return json.loads(result.check().stdout)


@pytest.fixture(scope="module")
def vmfbs(program, compile_mlir):
    return program("simple_mul"), compile_mlir(PROGRAMS_DIR / "async_ops.mlir", *ASYNC_FLAGS)


def test_local_sync_starts_no_threads(vmfbs):
    counts = count_threads("local-sync", *vmfbs, calls=1000)
    assert counts["sums"] == [160.0 * 1000, 90.0 * 1000]
    assert counts["after_device"] == counts["before"]
    assert counts["after_calls"] == counts["before"]


def test_local_task_measured_the_same_way_starts_its_workers(vmfbs):
    # The measurement above can fail: the same child on local-task sees the
    # executor's worker threads.
    counts = count_threads("local-task", *vmfbs, calls=10)
    assert counts["sums"] == [160.0 * 10, 90.0 * 10]
    assert counts["after_calls"] > counts["before"]


def test_a_call_on_local_sync_is_complete_when_it_returns(program):
    instance = ireec.Instance()
    device = instance.create_device("local-sync")
    with ireec.Session(instance, device) as session:
        session.load_module(program("simple_mul"))
        (result,) = session.call("module.simple_mul", np.arange(4, dtype=np.float32),
                                 np.full(4, 3, np.float32))
        assert result.to_numpy().tolist() == [0, 3, 6, 9]
    assert device.id == "local-sync"


def test_local_sync_refuses_unknown_device_parameters():
    instance = ireec.Instance()
    with pytest.raises(ireec.InvalidArgumentError) as info:
        instance.create_device("local-sync://?workers=4")
    assert "unknown local-sync device parameter 'workers'" in info.value.message


def test_a_tiled_matmul_on_local_sync(program):
    # A larger dispatch: every workgroup of the tiled matmul runs on the one
    # calling thread, twice.
    instance = ireec.Instance()
    device = instance.create_device("local-sync")
    lhs = np.random.default_rng(0).standard_normal((1024, 1024), dtype=np.float32)
    rhs = np.random.default_rng(1).standard_normal((1024, 1024), dtype=np.float32)
    expected = lhs @ rhs
    with ireec.Session(instance, device) as session:
        session.load_module(program("blocking"))
        for _ in range(2):
            (result,) = session.call("blocking.matmul", lhs, rhs)
            np.testing.assert_allclose(result.to_numpy(), expected, rtol=1e-3, atol=1e-3)
