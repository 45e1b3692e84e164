"""`python -m ireec benchmark-executable` against IREE's
iree-benchmark-executable 3.9 (from iree-base-runtime) on the same
executables (compiled with `iree-compile --compile-mode=hal-executable`, for
llvm-cpu and vmvx): the same benchmarks, iteration counts, JSON keys,
console rows and items (workgroups) per iteration; times are measured,
never asserted."""

from __future__ import annotations

import json

import pytest

import cli_support
from cli_support import one_line_error
from cts_support import CPU_BACKENDS, compile_executable

QUICK = ("--benchmark_min_time=10x", "--batch_size=4")


@pytest.fixture(scope="module", params=CPU_BACKENDS)
def executable(request, tmp_path_factory):
    """(path of the |x| executable for a backend, its format)."""
    out = tmp_path_factory.mktemp("executables")
    compile_executable("absolute_2xf32", request.param, out)
    return out / f"absolute_2xf32.{request.param}.bin", CPU_BACKENDS[request.param]


def flags(executable, *more):
    path, executable_format = executable
    return ("--device=local-task", f"--executable_format={executable_format}",
            f"--executable_file={path}", "--entry_point=0",
            "--binding=4xf32=-1,2,-3,4", "--binding=4xf32", *more)


def run_both(*args, **options):
    return cli_support.run_both("benchmark-executable", *args, **options)


def items_per_iteration(benchmark: dict) -> float:
    """Items per second times seconds per iteration: the workgroups one
    iteration (dispatch) runs."""
    seconds = benchmark["real_time"] / 1e9
    return benchmark["items_per_second"] * seconds


@pytest.mark.parametrize("repetitions", [1, 3])
def test_json_has_iree_benchmark_executables_benchmarks_and_keys(executable, repetitions):
    args = flags(executable, "--workgroup_count=1,1,1", "--workgroup_count=2,3,1", *QUICK,
                 f"--benchmark_repetitions={repetitions}", "--benchmark_format=json")
    iree, ours = run_both(*args)
    assert iree.returncode == 0 and ours.returncode == 0, (iree.stderr, ours.stderr)
    theirs, mine = json.loads(iree.stdout), json.loads(ours.stdout)
    assert list(mine) == list(theirs) == ["context", "benchmarks"]
    names = [b["name"] for b in mine["benchmarks"]]
    assert names == [b["name"] for b in theirs["benchmarks"]]
    aggregates = [f"_{a}" for a in ("mean", "median", "stddev", "cv")] if repetitions > 1 \
        else []
    for counts in ("1x1x1", "2x3x1"):
        base = f"BM_dispatch_{counts}/process_time/real_time"
        assert names.count(base) == repetitions
        assert [n for n in names if n.startswith(base + "_")] == [base + a for a in aggregates]
    for a, b in zip(mine["benchmarks"], theirs["benchmarks"]):
        assert list(a) == list(b)
        if a["run_type"] == "iteration":
            # 10 iterations asked, run in whole batches of 4: 12.
            assert a["iterations"] == b["iterations"] == 12
            assert a["time_unit"] == b["time_unit"] == "ns"
            workgroups = 6 if "2x3x1" in a["name"] else 1
            assert items_per_iteration(a) == pytest.approx(workgroups, rel=1e-6)
            assert items_per_iteration(b) == pytest.approx(workgroups, rel=1e-6)


def test_console_rows_and_listing(executable):
    args = flags(executable, "--workgroup_count=1,1,1", *QUICK)
    iree, ours = run_both(*args)
    assert iree.returncode == 0 and ours.returncode == 0, ours.stderr

    def rows(text):
        return [line.split()[0] for line in text.splitlines() if line.startswith("BM_")]

    assert rows(ours.stdout) == rows(iree.stdout) == ["BM_dispatch_1x1x1/process_time/real_time"]
    assert "items_per_second=" in ours.stdout
    header = [l for l in iree.stdout.splitlines() if l.startswith("Benchmark")]
    assert [l for l in ours.stdout.splitlines() if l.startswith("Benchmark")] == header
    iree, ours = run_both(*args, "--benchmark_list_tests")
    assert ours.returncode == iree.returncode == 0
    assert ours.stdout == iree.stdout == "BM_dispatch_1x1x1/process_time/real_time\n"


def test_constants_and_executable_constants_are_taken(tmp_path):
    path = tmp_path / "write_constants.llvm-cpu.bin"
    compile_executable("write_constants", "llvm-cpu", tmp_path)
    args = ("--device=local-sync", "--executable_format=embedded-elf-x86_64",
            f"--executable_file={path}", "--binding=4xi32", "--constant=1", "--constant=2",
            "--constant=3", "--constant=4", "--workgroup_count=1,1,1", *QUICK,
            "--benchmark_format=json")
    iree, ours = run_both(*args)
    assert iree.returncode == 0 and ours.returncode == 0, ours.stderr
    assert [b["name"] for b in json.loads(ours.stdout)["benchmarks"]] == \
        [b["name"] for b in json.loads(iree.stdout)["benchmarks"]]


def test_bad_command_lines_fail_as_irees_do_with_a_reason(executable):
    prog = "benchmark-executable"
    iree, ours = run_both(*flags(executable, "--workgroup_count=1,x,1"))
    assert iree.returncode == ours.returncode == 1
    assert "invalid workgroup count string `1,x,1`; expects `X,Y,Z`" in iree.stderr
    one_line_error(ours.stderr, prog, "INVALID_ARGUMENT",
                   "invalid workgroup count string `1,x,1`; expects `X,Y,Z`")
    # IREE's tool fails on an allocation of nothing; ireec says what is missing.
    iree, ours = run_both(*flags(executable))
    assert iree.returncode == ours.returncode == 1
    one_line_error(ours.stderr, prog, "INVALID_ARGUMENT", "no --workgroup_count")
    path, executable_format = executable
    iree, ours = run_both("--device=local-task", f"--executable_format={executable_format}",
                          "--executable_file=missing.bin", "--workgroup_count=1,1,1")
    assert iree.returncode == ours.returncode == 1
    assert "missing.bin" in iree.stderr and "missing.bin" in ours.stderr
    # IREE's tool dispatches with a binding missing (and reports ABORTED);
    # ireec refuses to.
    one_binding = [f for f in flags(executable, "--workgroup_count=1,1,1")
                   if f != "--binding=4xf32"]
    ours = cli_support.run_ireec(prog, *one_binding)
    assert ours.returncode == 1
    one_line_error(ours.stderr, prog, "INVALID_ARGUMENT", "takes 2 binding(s), not 1")
