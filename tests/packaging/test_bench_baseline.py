"""The C baseline of the benchmarks (ireec_bench_invoke, built on demand by
bench/c_baseline.py): it runs each of its modes on the real runtime (a
program calling an import of its own C module among them) and refuses bad
arguments with IREE's status code."""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

import pytest

import ireec

from child_process import ChildResult, run_program
from locations import REPO_ROOT


def _run(*args: str) -> ChildResult:
    return run_program(_baseline_program(), *args, timeout=120)


@functools.cache
def _baseline_program() -> Path:
    # bench/c_baseline.py builds it against the installed ireec (the wheel
    # ships no benchmark binary); loaded by path, bench/ being no package.
    spec = importlib.util.spec_from_file_location(
        "c_baseline", REPO_ROOT / "bench" / "c_baseline.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.baseline_program()


@pytest.mark.parametrize("mode", ["reuse", "full"])
def test_baseline_prints_wall_and_cpu_per_repeat(program, mode):
    result = _run("local-task", str(program("simple_mul")), "module.simple_mul", "4", "50",
                  "3", mode)
    assert result.returncode == 0, result.stderr
    lines = [[float(figure) for figure in line.split()] for line in result.stdout.splitlines()]
    assert len(lines) == 3
    # Wall and CPU µs per call; CPU time counts in clock ticks, so may read 0.
    assert all(len(line) == 2 and line[0] > 0 and line[1] >= 0 for line in lines)


def test_baseline_calls_a_program_calling_its_c_import(compile_mlir):
    # The program the benchmarks time the same import written in Python with.
    spec = importlib.util.spec_from_file_location("programs", REPO_ROOT / "bench" / "programs.py")
    programs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(programs)
    vmfb = compile_mlir(programs.IMPORT_LOOP)
    result = _run("local-sync", str(vmfb), "imports.loop", "100", "20", "2", "import")
    assert result.returncode == 0, result.stderr
    lines = [[float(figure) for figure in line.split()] for line in result.stdout.splitlines()]
    assert len(lines) == 2 and all(len(line) == 2 and line[0] > 0 for line in lines)
    # Without the module the program cannot load: IREE says which is missing.
    result = _run("local-sync", str(vmfb), "imports.loop", "100", "20", "2", "reuse")
    assert result.returncode == ireec.lib.IREE_STATUS_NOT_FOUND
    assert "'bench'" in result.stderr


def test_baseline_refuses_bad_arguments(program):
    result = _run("local-task", str(program("simple_mul")), "module.simple_mul", "4", "5",
                  "1", "sideways")
    assert result.returncode == ireec.lib.IREE_STATUS_INVALID_ARGUMENT
    assert "MODE must be reuse, full or import, not 'sideways'" in result.stderr
    result = _run("local-task", str(program("simple_mul")), "module.simple_mul", "4y4", "5",
                  "1", "full")
    assert result.returncode == ireec.lib.IREE_STATUS_INVALID_ARGUMENT
    assert "SHAPE must be like 4 or 64x64, not '4y4'" in result.stderr
    # A function whose inputs are not two f32 vectors of that length: IREE says so.
    result = _run("local-task", str(program("simple_mul")), "module.simple_mul", "5", "5",
                  "1", "full")
    assert result.returncode == ireec.lib.IREE_STATUS_INVALID_ARGUMENT, result.stderr
