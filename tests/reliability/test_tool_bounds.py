"""benchmark-executable's numeric flags and its input, bounded: a
--batch_size past 2^64 recorded dispatches for ever while memory grew, and
--executable_file=/dev/zero was read until memory ran out. Each is now
refused at once with IREE's status words and the bound, in a child process
with a bounded time; the same bounds hold for benchmark-module, which shares
the flags.
"""

from __future__ import annotations

import json

import pytest

from child_process import run_python
from cts_support import compile_executable

# A guard against a tool that never ends (one of the failures looked for);
# it does not measure anything.
CHILD_TIMEOUT = 120


@pytest.fixture(scope="module")
def executable(tmp_path_factory):
    out = tmp_path_factory.mktemp("executables")
    compile_executable("absolute_2xf32", "llvm-cpu", out)
    return str(out / "absolute_2xf32.llvm-cpu.bin")


CASES = [
    ("--batch_size=99999999999999999999",
     "INVALID_ARGUMENT; --batch_size=99999999999999999999: must be 1 to 65536"),
    ("--batch_size=65537", "--batch_size=65537: must be 1 to 65536"),
    ("--benchmark_repetitions=99999999999999999999",
     "--benchmark_repetitions=99999999999999999999: must be 1 to 65536"),
    ("--entry_point=4294967296", "--entry_point=4294967296: must be an ordinal (0 to "
                                 "4294967295)"),
    ("--executable_file=/dev/zero", "--executable_file '/dev/zero' is not a regular file"),
    ("--executable_file=/", "--executable_file '/' is not a regular file"),
]


@pytest.mark.parametrize("flag, message", CASES, ids=[c[0] for c in CASES])
def test_benchmark_executable_refuses_what_it_cannot_bound(executable, flag, message):
    result = run_python("-m", "ireec", "benchmark-executable", "--device=local-task",
                        f"--executable_file={executable}", "--workgroup_count=1,1,1",
                        "--binding=4xf32", "--binding=4xf32", "--benchmark_min_time=1x",
                        flag, timeout=CHILD_TIMEOUT)
    assert result.returncode == 1, result
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_the_largest_batch_still_runs(executable):
    result = run_python("-m", "ireec", "benchmark-executable", "--device=local-task",
                        f"--executable_file={executable}", "--workgroup_count=1,1,1",
                        "--binding=4xf32", "--binding=4xf32", "--benchmark_min_time=1x",
                        "--batch_size=65536", "--benchmark_format=json",
                        timeout=CHILD_TIMEOUT)
    assert result.returncode == 0, result.stderr
    (benchmark,) = json.loads(result.stdout)["benchmarks"]
    assert benchmark["iterations"] == 65536  # the batch's dispatches, one submission
