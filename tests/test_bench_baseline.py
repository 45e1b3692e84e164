"""The C baseline of the benchmarks (ireec_bench_invoke, shipped in
ireec/lib): it runs both of its modes on the real runtime and refuses bad
arguments with IREE's status code."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import ireec


def _run(*args: str) -> subprocess.CompletedProcess:
    lib_dir = Path(ireec.get_library_dir())
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.pathsep.join(
        [str(lib_dir), str(ireec.RUNTIME_LIBRARY_PATH.parent), env.get("LD_LIBRARY_PATH", "")])
    return subprocess.run([str(lib_dir / "ireec_bench_invoke"), *args], env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("mode", ["reuse", "full"])
def test_baseline_prints_one_figure_per_repeat(program, mode):
    result = _run("local-task", str(program("simple_mul")), "module.simple_mul", "4", "50",
                  "3", mode)
    assert result.returncode == 0, result.stderr
    figures = [float(line) for line in result.stdout.split()]
    assert len(figures) == 3 and all(f > 0 for f in figures)


def test_baseline_refuses_bad_arguments(program):
    result = _run("local-task", str(program("simple_mul")), "module.simple_mul", "4", "5",
                  "1", "sideways")
    assert result.returncode == ireec.lib.IREE_STATUS_INVALID_ARGUMENT
    assert "MODE must be reuse or full, not 'sideways'" in result.stderr
    # A function whose inputs are not two f32 vectors of that length: IREE says so.
    result = _run("local-task", str(program("simple_mul")), "module.simple_mul", "5", "5",
                  "1", "full")
    assert result.returncode == ireec.lib.IREE_STATUS_INVALID_ARGUMENT, result.stderr
