"""Hostile input and out-of-range values through the Python API: each case
runs in a child process with a bounded time, and its verdict is the right
result or a typed exception naming what was wrong, never a signal, a hang or
a wrong value.

The classes: module paths that are not regular files; module bytes someone
else can still write; shapes whose byte size overflows 64 bits; formatting
empty views with huge dimensions; out-of-range codes, timeouts, sizes and
integers.
(The command line's: tests/cli/test_bad_command_lines.py; fork():
test_fork.py; the memcheck run: test_memcheck.py.)
"""

from __future__ import annotations

import pytest

from child_process import expect_error, returned, run_session_case
from locations import PROGRAMS_DIR

# A guard against a child that hangs (one of the failures looked for), not a
# measurement: every case ends in a second or two.
CHILD_TIMEOUT = 60

@pytest.fixture(scope="module")
def programs(program, compile_mlir):
    return {"mul": str(program("simple_mul")),
            "async": str(compile_mlir(PROGRAMS_DIR / "async_ops.mlir",
                                      "--iree-execution-model=async-external"))}


def run_case(programs, body: str, tmp_path) -> dict:
    """Runs `body` as a session case in the folder tmp_path; its result or
    exception."""
    return run_session_case(programs, body, cwd=tmp_path, timeout=CHILD_TIMEOUT)


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
    expect_error(outcome, "InvalidArgumentError", expected, "regular file")


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
    expect_error(outcome, "InvalidArgumentError", fragment)


def test_from_buffer_takes_fitting_shapes(programs, tmp_path):
    outcome = run_case(programs, """
        source = ireec.BufferView.from_numpy(device, a)
        view = ireec.BufferView.from_buffer(device, source.buffer, (2, 2), np.float32)
        empty = ireec.BufferView.from_buffer(device, source.buffer, (2**40, 0), np.float32)
        return [view.to_numpy().tolist(), list(empty.shape), empty.nbytes]""", tmp_path)
    assert returned(outcome) == [[[0.0, 1.0], [2.0, 3.0]], [2**40, 0], 0]


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
    small, inner, leading, limited, default_len, unlimited_len, two = returned(outcome)
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
    expect_error(outcome, "InvalidArgumentError", f"code {code} is not an IREE status code", "1..18")


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
    names = returned(outcome)
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
    assert returned(outcome) == 1


def test_negative_timeouts_only_poll(programs, tmp_path):
    outcome = run_case(programs, """
        semaphore = ireec.Semaphore(device, 0)
        semaphore.wait(1, -10**400)""", tmp_path)
    expect_error(outcome, "DeadlineExceededError", "not reached")


# Integers C takes as fixed-width types, out of their range: each refused as a
# ValueError naming the argument (never cffi's OverflowError, nor wrapped).
OUT_OF_RANGE_INTEGERS = [
    ("ireec.Semaphore(device, -1)", "a semaphore's initial value is -1"),
    ("ireec.Semaphore(device, 2**64)", "a semaphore's initial value is 18446744073709551616"),
    ("ireec.Semaphore(device).signal(-1)", "a semaphore value is -1"),
    ("ireec.Semaphore(device).signal(2**64)", "a semaphore value is 18446744073709551616"),
    ("ireec.Semaphore(device).wait(-1)", "a semaphore value is -1"),
    ("ireec.Semaphore(device).fence(-1)", "a semaphore value is -1"),
    ("ireec.Fence(2).insert(ireec.Semaphore(device), 2**64)", "a semaphore value is"),
    ("ireec.Fence(2**70)", "the fence capacity is 1180591620717411303424"),
    ("ireec.ParameterIndex().add_splat('k', b'\\x01', 2**64)",
     "the length of parameter 'k' is 18446744073709551616"),
    ("ireec.BufferView(device, a).format(2**64)", "max_element_count is 18446744073709551616"),
    ("ireec.BufferView(device, a).format(-1)", "max_element_count is -1"),
    ("ireec.vm.VmList.create(-1)", "the list capacity is -1"),
    ("ireec.vm.VmList.create(2**64)", "the list capacity is 18446744073709551616"),
]


@pytest.mark.parametrize("call, fragment", OUT_OF_RANGE_INTEGERS,
                         ids=[call for call, _ in OUT_OF_RANGE_INTEGERS])
def test_out_of_range_integers_are_refused_naming_them(programs, tmp_path, call, fragment):
    outcome = run_case(programs, call, tmp_path)
    expect_error(outcome, "InvalidArgumentError", fragment, "it must be")
    assert "ValueError" in outcome["mro"] and "OverflowError" not in outcome["mro"]


def test_add_splat_refuses_keys_that_are_not_str_as_add_does(programs, tmp_path):
    outcome = run_case(programs, """
        index = ireec.ParameterIndex()
        refused = []
        for add in (lambda key: index.add_splat(key, b"\\x01", 4),
                    lambda key: index.add(key, np.ones(4, np.uint8))):
            for key in (5, b"k", None, ""):
                try:
                    add(key)
                except (TypeError, ValueError) as error:
                    refused.append(type(error).__name__)
        return [refused, len(index)]""", tmp_path)
    assert returned(outcome) == [["TypeError", "TypeError", "TypeError", "ValueError"] * 2, 0]


@pytest.mark.parametrize("shape", ["-1", "(2, -3)", "(-4, 0)"])
def test_empty_aligned_refuses_negative_shapes(programs, tmp_path, shape):
    outcome = run_case(programs, f"ireec.empty_aligned({shape}, np.float32)", tmp_path)
    expect_error(outcome, "InvalidArgumentError", "negative dimensions")


def test_empty_aligned_aligns_every_shape(programs, tmp_path):
    outcome = run_case(programs, """
        arrays = [ireec.empty_aligned(s, np.float32) for s in (0, 5, (3, 4))]
        return [[list(x.shape), x.ctypes.data % 64 if x.size else 0] for x in arrays]""",
                       tmp_path)
    assert returned(outcome) == [[[0], 0], [[5], 0], [[3, 4], 0]]


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
    assert returned(outcome) == [0.0, 1.0, 4.0, 9.0]


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
    kept, first, second = returned(outcome)
    assert first == second == [0.0, 1.0, 4.0, 9.0]
    # The mapping is used in place; bytes are too unless misaligned (then copied).
    assert kept[0] == "mmap" and kept[1] in ("bytes", "bytearray")
