"""Hostile input, fork and out-of-range values: each case runs in a child
process with a timeout, and its verdict is the right result or a typed
exception naming what was wrong, never a signal, a hang or a wrong value.

The classes: module paths that are not regular files; module bytes someone
else can still write; shapes whose byte size overflows 64 bits; formatting
empty views with huge dimensions; fork() with live objects; out-of-range
codes, timeouts, sizes and flags. (The memcheck run is tests/test_memcheck.py.)
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from conftest import PROGRAMS_DIR, TESTS_DIR

# A guard against a child that hangs (one of the failures looked for), not a
# measurement: every case ends in a second or two.
CHILD_TIMEOUT = 60

PRELUDE = '''
import json, mmap, os, sys
import numpy as np
import ireec
from ireec import ffi, lib

P = json.loads(sys.argv[1])
instance = ireec.Instance()
device = ireec.Device(instance, "local-task")
session = ireec.Session(instance, device)
a = np.arange(4, dtype=np.float32)
'''

EPILOGUE = '''
try:
    value = case()
except Exception as error:
    print(json.dumps({"raised": type(error).__name__,
                      "mro": [c.__name__ for c in type(error).__mro__],
                      "message": str(error) + "\\n".join(getattr(error, "__notes__", []))}),
          flush=True)
else:
    print(json.dumps({"raised": None, "value": value}), flush=True)
'''


@pytest.fixture(scope="module")
def programs(program, compile_mlir):
    return {"mul": str(program("simple_mul")),
            "async": str(compile_mlir(PROGRAMS_DIR / "async_ops.mlir",
                                      "--iree-execution-model=async-external"))}


def _verdict(child: subprocess.CompletedProcess) -> None:
    assert child.returncode >= 0, (
        f"child killed by signal {signal.Signals(-child.returncode).name}\n"
        f"stdout:\n{child.stdout}\nstderr:\n{child.stderr}")


def run_case(programs, body: str, tmp_path) -> dict:
    """Runs `body` as the child's case(); its result or exception."""
    source = (PRELUDE + "def case():\n" + textwrap.indent(textwrap.dedent(body), "    ")
              + EPILOGUE)
    try:
        child = subprocess.run([sys.executable, "-c", source, json.dumps(programs)],
                               capture_output=True, text=True, timeout=CHILD_TIMEOUT,
                               cwd=tmp_path)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"child hung (no end within {CHILD_TIMEOUT} s)\n{e.stdout}\n{e.stderr}")
    _verdict(child)
    assert child.returncode == 0, child.stderr
    return json.loads(child.stdout.splitlines()[-1])


def raised(outcome: dict, error: str, *fragments: str) -> None:
    assert outcome["raised"] is not None, f"no exception; returned {outcome.get('value')!r}"
    assert error in outcome["mro"], outcome
    for fragment in fragments:
        assert fragment in outcome["message"], (fragment, outcome["message"])


def run_cli(args: list[str], tmp_path, stdin=None) -> subprocess.CompletedProcess:
    try:
        child = subprocess.run([sys.executable, "-m", "ireec", "run-module", *args],
                               capture_output=True, text=True, timeout=CHILD_TIMEOUT,
                               cwd=tmp_path, stdin=stdin)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"run-module hung (no end within {CHILD_TIMEOUT} s)\n{e.stderr}")
    _verdict(child)
    return child


# --- module paths that are not regular files -------------------------------------------

@pytest.mark.parametrize("kind", ["directory", "fifo", "char-device"])
def test_load_module_refuses_non_regular_files(programs, tmp_path, kind):
    path = {"directory": "'.'", "fifo": "'fifo'", "char-device": "'/dev/zero'"}[kind]
    expected = {"directory": "is a directory", "fifo": "is a FIFO",
                "char-device": "is a character device"}[kind]
    outcome = run_case(programs, f"""
        if not os.path.exists("fifo"):
            os.mkfifo("fifo")
        session.load_module({path})""", tmp_path)
    raised(outcome, "InvalidArgumentError", expected, "regular file")


@pytest.mark.parametrize("mode", ["preload", "mmap"])
@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_cli_refuses_non_regular_module_files(programs, tmp_path, kind, mode):
    target = tmp_path / kind
    os.mkdir(target) if kind == "directory" else os.mkfifo(target)
    child = run_cli([f"--module={target}", f"--module_mode={mode}", "--input=4xf32=1",
                     "--input=4xf32=1"], tmp_path)
    assert child.returncode == 1, child.stderr  # as iree-run-module's failures
    assert "INVALID_ARGUMENT; " in child.stderr
    assert {"directory": "is a directory", "fifo": "is a FIFO"}[kind] in child.stderr or (
        "is not a regular file" in child.stderr), child.stderr
    assert "Traceback" not in child.stderr


# --- shapes whose byte size overflows 64 bits ------------------------------------------

@pytest.mark.parametrize("shape, fragment", [
    ("(2**40, 2**40)", "exceeds 2^63-1"),
    ("(2**62, 4)", "exceeds 2^63-1"),
    ("(2**61, 2)", "bits overflow a 64-bit byte size"),
    ("(0, 2**62, 2**62)", "exceeds 2^63-1"),
    ("(2**64,)", "dimension 0 is 18446744073709551616"),
    ("(2**63,)", "dimension 0 is 9223372036854775808"),
    ("(4, -1)", "dimension 1 is -1"),
])
def test_from_buffer_refuses_overflowing_shapes(programs, tmp_path, shape, fragment):
    outcome = run_case(programs, f"""
        source = ireec.BufferView.from_numpy(device, a)
        ireec.BufferView.from_buffer(device, source.buffer, {shape}, np.float32)""",
                       tmp_path)
    raised(outcome, "InvalidArgumentError", fragment)


def test_from_buffer_still_takes_fitting_shapes(programs, tmp_path):
    outcome = run_case(programs, """
        source = ireec.BufferView.from_numpy(device, a)
        view = ireec.BufferView.from_buffer(device, source.buffer, (2, 2), np.float32)
        empty = ireec.BufferView.from_buffer(device, source.buffer, (2**40, 0), np.float32)
        return [view.to_numpy().tolist(), list(empty.shape), empty.nbytes]""", tmp_path)
    assert outcome["value"] == [[[0.0, 1.0], [2.0, 3.0]], [2**40, 0], 0]


@pytest.mark.parametrize("flag", ["--input", "--expected_output"])
@pytest.mark.parametrize("spec", ["4294967296x4294967296xf32=1", "4611686018427387904x4xf32",
                                  "0x4611686018427387904x4xf32=",
                                  "4294967296x4294967296xf32=@data.bin"])
def test_cli_refuses_overflowing_shapes(programs, tmp_path, flag, spec):
    (tmp_path / "data.bin").write_bytes(bytes(16))
    inputs = ["--input=4xf32=1", "--input=4xf32=2"]
    if flag == "--input":
        inputs[0] = f"--input={spec}"
    else:
        inputs.append(f"--expected_output={spec}")
    child = run_cli([f"--module={programs['mul']}", *inputs], tmp_path)
    assert child.returncode == 1, child.stderr  # as iree-run-module's failures
    assert "INVALID_ARGUMENT; " in child.stderr
    assert "exceeds 2^63-1" in child.stderr, child.stderr
    assert "Traceback" not in child.stderr


# --- formatting empty views with huge dimensions ---------------------------------------

def test_formatting_huge_empty_views_is_bounded(programs, tmp_path):
    outcome = run_case(programs, """
        source = ireec.BufferView.from_numpy(device, a)
        def view(*shape):
            return ireec.BufferView.from_buffer(device, source.buffer, shape, np.float32)
        huge = view(2**40, 0)
        return [str(view(3, 0)), str(view(3, 0, 2)), str(view(0, 5)),
                huge.format(4), len(str(huge)), len(huge.format()),
                view(3, 0).format(2)]""", tmp_path)
    small, inner, leading, limited, default_len, unlimited_len, two = outcome["value"]
    assert small == "3x0xf32=[][][]"        # IREE's own text for these
    assert inner == "3x0x2xf32=[][][]"
    assert leading == "0x5xf32="
    assert limited == "1099511627776x0xf32=[][][][]..."
    prefix = len("1099511627776x0xf32=")
    assert default_len == unlimited_len == prefix + 2 * 1024 + 3
    assert two == "3x0xf32=[][]..."


# --- out-of-range codes, timeouts and sizes --------------------------------------------

@pytest.mark.parametrize("code", [20, 32, 33, -1, 2**40])
@pytest.mark.parametrize("target", ["semaphore", "fence"])
def test_fail_refuses_codes_that_are_not_status_codes(programs, tmp_path, code, target):
    outcome = run_case(programs, f"""
        semaphore = ireec.Semaphore(device, 0)
        target = semaphore if {target!r} == "semaphore" else ireec.Fence.at(semaphore, 1)
        try:
            target.fail("failed", {code})
        except ireec.InvalidArgumentError as error:
            # Refused, and nothing was failed: the semaphore still works.
            semaphore.signal(1)
            semaphore.wait(1, 5)
            raise
        """, tmp_path)
    raised(outcome, "InvalidArgumentError", f"code {code} is not an IREE status code", "1..18")


def test_fail_keeps_every_real_code(programs, tmp_path):
    outcome = run_case(programs, """
        names = []
        for code in range(1, 19):
            semaphore = ireec.Semaphore(device, 0)
            semaphore.fail(f"failed with {code}", code)
            try:
                semaphore.wait(1, 5)
            except ireec.IreeError as error:
                names.append([error.code, error.code_name, f"failed with {code}" in str(error)])
        return names""", tmp_path)
    names = outcome["value"]
    assert [n[0] for n in names] == list(range(1, 19))
    assert all(n[1] and n[2] for n in names), names
    assert names[9][1] == "ABORTED" and names[17][1] == "INCOMPATIBLE"


@pytest.mark.parametrize("timeout", ["1e300", "10**400", "2**70", "float('inf')"])
def test_huge_finite_timeouts_wait(programs, tmp_path, timeout):
    outcome = run_case(programs, f"""
        import threading
        semaphore = ireec.Semaphore(device, 0)
        threading.Timer(0.2, semaphore.signal, (1,)).start()
        semaphore.wait(1, {timeout})
        fence = ireec.Fence.at(semaphore, 1)
        fence.wait({timeout})
        return semaphore.value""", tmp_path)
    assert outcome == {"raised": None, "value": 1}


def test_negative_timeouts_only_poll(programs, tmp_path):
    outcome = run_case(programs, """
        semaphore = ireec.Semaphore(device, 0)
        semaphore.wait(1, -10**400)""", tmp_path)
    raised(outcome, "DeadlineExceededError", "not reached")


@pytest.mark.parametrize("shape", ["-1", "(2, -3)", "(-4, 0)"])
def test_empty_aligned_refuses_negative_shapes(programs, tmp_path, shape):
    outcome = run_case(programs, f"ireec.empty_aligned({shape}, np.float32)", tmp_path)
    raised(outcome, "InvalidArgumentError", "negative dimensions")


def test_empty_aligned_still_aligns(programs, tmp_path):
    outcome = run_case(programs, """
        arrays = [ireec.empty_aligned(s, np.float32) for s in (0, 5, (3, 4))]
        return [[list(x.shape), x.ctypes.data % 64 if x.size else 0] for x in arrays]""",
                       tmp_path)
    assert outcome["value"] == [[[0], 0], [[5], 0], [[3, 4], 0]]


# --- the CLI's flags ---------------------------------------------------------------------

@pytest.mark.parametrize("flag", ["--output_max_element_count=99999999999999999999999",
                                  "--repeat=99999999999999999999999",
                                  "--repeat=-99999999999999999999999",
                                  "--output_max_element_count=12x"])
def test_cli_refuses_integer_flags_out_of_range(programs, tmp_path, flag):
    child = run_cli([f"--module={programs['mul']}", "--input=4xf32=1", "--input=4xf32=2",
                     flag], tmp_path)
    assert child.returncode == 1, child.stderr  # a bad command line, not a crash
    assert flag.partition("=")[0] in child.stderr, child.stderr
    assert "Traceback" not in child.stderr


def test_cli_refuses_deep_flagfile_chains(programs, tmp_path):
    depth = 2000  # deeper than Python's recursion limit
    for i in range(depth):
        (tmp_path / f"f{i}").write_text(f"--flagfile=f{i + 1}\n")
    (tmp_path / f"f{depth}").write_text("--input=4xf32=1\n")
    child = run_cli([f"--module={programs['mul']}", "--flagfile=f0"], tmp_path)
    assert child.returncode == 1, child.stderr
    assert "flagfiles nest more than 32 deep" in child.stderr


def test_cli_reads_nested_flagfiles_within_the_limit(programs, tmp_path):
    for i in range(10):
        (tmp_path / f"f{i}").write_text(f"# level {i}\n--flagfile=f{i + 1}\n")
    (tmp_path / "f10").write_text("--input=4xf32=1,2,3,4\n--input=4xf32=2\n")
    child = run_cli([f"--module={programs['mul']}", "--flagfile=f0"], tmp_path)
    assert child.returncode == 0, child.stderr
    assert "4xf32=2 4 6 8" in child.stdout


@pytest.mark.parametrize("path", ["/dev/zero", "big"])
def test_cli_refuses_endless_or_huge_flagfiles(programs, tmp_path, path):
    (tmp_path / "big").write_bytes(b"#" * (2 << 20))
    child = run_cli([f"--module={programs['mul']}", f"--flagfile={path}"], tmp_path)
    assert child.returncode == 1, child.stderr
    assert "OUT_OF_RANGE; " in child.stderr
    assert "is larger than 1048576 bytes" in child.stderr


# --- fork() with live objects ----------------------------------------------------------

def test_forked_child_refuses_inherited_objects_and_exits(programs, tmp_path):
    outcome = run_case(programs, """
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
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            report = {}
            for name, use in uses.items():
                try:
                    use()
                    report[name] = "no error"
                except ireec.ClosedError as error:
                    report[name] = "inherited" if "across fork()" in str(error) else "closed"
            report["exported"] = exported.tolist()
            # New objects in the child work.
            fresh = ireec.Session(ireec.Instance(), ireec.Device(ireec.Instance(), "local-task"))
            fresh.load_module(P["mul"])
            report["fresh"] = fresh.call("module.simple_mul", a, a)[0].to_numpy().tolist()
            os.write(write, json.dumps(report).encode())
            os.close(write)
            # A plain exit, with every inherited object still referenced.
            sys.exit(0)
        os.close(write)
        with os.fdopen(read) as f:
            report = json.loads(f.read() or "{}")
        _, status = os.waitpid(pid, 0)
        # The parent's objects still work.
        report["parent"] = [bound()[0].to_numpy().tolist(), result.to_numpy().tolist()]
        return [os.waitstatus_to_exitcode(status), report]""", tmp_path)
    exit_code, report = outcome["value"]
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
    try:
        child = subprocess.run([sys.executable, str(script), method, programs["mul"]],
                               capture_output=True, text=True, timeout=CHILD_TIMEOUT,
                               cwd=tmp_path)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"the pool hung\n{e.stdout}\n{e.stderr}")
    _verdict(child)
    assert child.returncode == 0, child.stderr
    expected = [[1, 4, 9], [[0.0, 1.0, 2.0, 3.0], [0.0, 2.0, 4.0, 6.0]]]
    if method == "fork":
        expected.append(["inherited", "inherited"])
    expected.append([0.0, 1.0, 4.0, 9.0])
    assert child.stdout.strip() == repr(expected)


# --- module bytes someone else can still write -----------------------------------------

@pytest.mark.parametrize("source", ["numpy-readonly-view", "bytearray-toreadonly",
                                    "mmap-writable-toreadonly"])
def test_module_bytes_writable_elsewhere_are_copied(programs, tmp_path, source):
    outcome = run_case(programs, f"""
        data = open(P["mul"], "rb").read()
        # 64-byte aligned memory, as in-place use needs, that the caller keeps
        # writing through its owner after load_module.
        owner = ireec.empty_aligned(len(data), np.uint8)
        owner[:] = np.frombuffer(data, np.uint8)
        if {source!r} == "numpy-readonly-view":
            view = owner.view()
            view.flags.writeable = False
            overwrite = lambda: owner.fill(0x5A)
        elif {source!r} == "bytearray-toreadonly":
            backing = bytearray(len(data) + 64)
            start = -np.frombuffer(backing, np.uint8).ctypes.data % 64
            backing[start:start + len(data)] = data
            view = memoryview(backing)[start:start + len(data)].toreadonly()
            def overwrite():
                backing[:] = b"\\x5a" * len(backing)
        else:
            mapped = mmap.mmap(-1, len(data))
            mapped[:] = data
            view = memoryview(mapped).toreadonly()
            def overwrite():
                mapped[:] = b"\\x5a" * len(data)
        assert memoryview(view).readonly
        session.load_module(view)
        overwrite()
        return session.call("module.simple_mul", a, a)[0].to_numpy().tolist()""", tmp_path)
    assert outcome == {"raised": None, "value": [0.0, 1.0, 4.0, 9.0]}


def test_immutable_module_bytes_are_used_in_place(programs, tmp_path):
    outcome = run_case(programs, """
        with open(P["mul"], "rb") as f:
            mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        session.load_module(memoryview(mapped))
        data = open(P["mul"], "rb").read()
        session2 = ireec.Session(instance, device)
        session2.load_module(data)
        kept = [type(owner[0]).__name__ for owner in
                session._module_memory + session2._module_memory]
        return [kept, session.call("module.simple_mul", a, a)[0].to_numpy().tolist(),
                session2.call("module.simple_mul", a, a)[0].to_numpy().tolist()]""", tmp_path)
    kept, first, second = outcome["value"]
    assert first == second == [0.0, 1.0, 4.0, 9.0]
    # The mapping is used in place; bytes are too unless misaligned (then copied).
    assert kept[0] == "mmap" and kept[1] in ("bytes", "bytearray")
