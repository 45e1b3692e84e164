"""fork() with live objects: a forked child refuses the objects it inherits
(saying why) and exits normally, new objects work in it, and the parent's
keep working; multiprocessing pools (fork and spawn) beside a live device.
Each case runs in a child process with a bounded time."""

from __future__ import annotations

import textwrap

import pytest

from child_process import FORKED_USES, returned, run_python, run_session_case

# A guard against a child that hangs (one of the failures looked for), not a
# measurement: every case ends in a second or two.
CHILD_TIMEOUT = 60


@pytest.fixture(scope="module")
def programs(program):
    return {"mul": str(program("simple_mul"))}


def test_forked_child_refuses_inherited_objects_and_exits(programs):
    outcome = run_session_case(programs, FORKED_USES + textwrap.dedent("""
        session.load_module(P["mul"])
        result = session.call("module.simple_mul", a, a)[0]
        function = session.function("module.simple_mul")
        prepared = function.prepare()
        bound = prepared.bind(a, a)
        semaphore = ireec.Semaphore(device, 0)
        fence = ireec.Fence.at(semaphore, 1)
        exported = np.asarray(result)
        uses = {
            "call": lambda: session.call("module.simple_mul", a, a),
            "function": lambda: function(a, a),
            "prepared": lambda: prepared(a, a),
            "bound": lambda: bound(),
            "load": lambda: session.load_module(P["mul"]),
            "to_numpy": lambda: result.to_numpy(),
            "str": lambda: str(result),
            "wait": lambda: fence.wait(1),
            "signal": lambda: semaphore.signal(1),
            "device": lambda: device.allocator,
            "new-session": lambda: ireec.Session(instance, device),
        }
        def new_objects():
            # New objects in the child work.
            fresh = ireec.Session(ireec.Instance(), ireec.Device(ireec.Instance(), "local-task"))
            fresh.load_module(P["mul"])
            return {"exported": exported.tolist(),
                    "fresh": fresh.call("module.simple_mul", a, a)[0].to_numpy().tolist()}

        exit_code, report = forked_uses(uses, new_objects)
        # The parent's objects still work.
        report["parent"] = [bound()[0].to_numpy().tolist(), result.to_numpy().tolist()]
        return [exit_code, report]"""), timeout=CHILD_TIMEOUT)
    exit_code, report = returned(outcome)
    assert exit_code == 0, report
    squares = [0.0, 1.0, 4.0, 9.0]
    assert report.pop("exported") == squares
    assert report.pop("fresh") == squares
    assert report.pop("parent") == [squares, squares]
    # Every use is refused; those that go through `.handle` say why.
    assert len(report) == 11 and set(report.values()) <= {"inherited", "closed"}, report
    for name in ("device", "signal", "wait", "new-session", "to_numpy", "str"):
        assert report[name] == "inherited", report


MULTIPROCESSING_SCRIPT = '''
import multiprocessing as mp, sys
import numpy as np
import ireec

MUL = sys.argv[2]
a = np.arange(4, dtype=np.float32)
session = None

def plain(x):
    return x * x

def fresh_call(x):
    s = ireec.Session(ireec.Instance(), ireec.Device(ireec.Instance(), "local-task"))
    s.load_module(MUL)
    return s.call("module.simple_mul", a, np.full(4, x, np.float32))[0].to_numpy().tolist()

def inherited_call(x):
    try:
        session.call("module.simple_mul", a, a)
    except ireec.ClosedError as error:
        return "inherited" if "across fork()" in str(error) else str(error)
    return "no error"

if __name__ == "__main__":
    method = sys.argv[1]
    session = ireec.Session(ireec.Instance(), ireec.Device(ireec.Instance(), "local-task"))
    session.load_module(MUL)
    results = []
    with mp.get_context(method).Pool(2) as pool:
        results.append(pool.map(plain, [1, 2, 3]))
        results.append(pool.map(fresh_call, [1, 2]))
        if method == "fork":
            results.append(pool.map(inherited_call, [1, 2]))
    results.append(session.call("module.simple_mul", a, a)[0].to_numpy().tolist())
    print(results)
'''


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_multiprocessing_pools_with_a_live_device(programs, tmp_path, method):
    script = tmp_path / "pool.py"
    script.write_text(MULTIPROCESSING_SCRIPT)
    child = run_python(script, method, programs["mul"], cwd=tmp_path,
                       timeout=CHILD_TIMEOUT).check()
    expected = [[1, 4, 9], [[0.0, 1.0, 2.0, 3.0], [0.0, 2.0, 4.0, 6.0]]]
    if method == "fork":
        expected.append(["inherited", "inherited"])
    expected.append([0.0, 1.0, 4.0, 9.0])
    assert child.stdout.strip() == repr(expected)
