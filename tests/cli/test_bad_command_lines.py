"""Hostile command lines of `python -m ireec run-module` (and
benchmark-module's minimum time): module paths that are not regular files,
shapes whose byte size overflows 64 bits, integer flags out of range,
flagfiles nested too deep, endless or huge. Each is a
one-line refusal naming what was wrong and exit status 1 (as
iree-run-module's failures), never a signal, a hang or a traceback."""

from __future__ import annotations

import os

import pytest

from child_process import run_ireec

# A guard against a tool that hangs (one of the failures looked for), not a
# measurement: every run ends in a second or two.
TIMEOUT = 60


@pytest.fixture(scope="module")
def simple_mul(program):
    return program("simple_mul")


def run_cli(args: list[str], tmp_path):
    """run-module with `args`, from the folder tmp_path."""
    return run_ireec("run-module", *args, cwd=tmp_path, timeout=TIMEOUT)


@pytest.mark.parametrize("mode", ["preload", "mmap"])
@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_run_module_refuses_non_regular_module_files(simple_mul, tmp_path, kind, mode):
    target = tmp_path / kind
    os.mkdir(target) if kind == "directory" else os.mkfifo(target)
    child = run_cli([f"--module={target}", f"--module_mode={mode}", "--input=4xf32=1",
                     "--input=4xf32=1"], tmp_path)
    assert child.returncode == 1, child.report()  # as iree-run-module's failures
    assert "INVALID_ARGUMENT; " in child.stderr
    assert {"directory": "is a directory", "fifo": "is a FIFO"}[kind] in child.stderr or (
        "is not a regular file" in child.stderr), child.stderr
    assert "Traceback" not in child.stderr


@pytest.mark.parametrize("flag", ["--input", "--expected_output"])
@pytest.mark.parametrize("spec", ["4294967296x4294967296xf32=1", "4611686018427387904x4xf32",
                                  "0x4611686018427387904x4xf32=",
                                  "4294967296x4294967296xf32=@data.bin"])
def test_run_module_refuses_overflowing_shapes(simple_mul, tmp_path, flag, spec):
    (tmp_path / "data.bin").write_bytes(bytes(16))
    inputs = ["--input=4xf32=1", "--input=4xf32=2"]
    if flag == "--input":
        inputs[0] = f"--input={spec}"
    else:
        inputs.append(f"--expected_output={spec}")
    child = run_cli([f"--module={simple_mul}", *inputs], tmp_path)
    assert child.returncode == 1, child.report()  # as iree-run-module's failures
    assert "INVALID_ARGUMENT; " in child.stderr
    assert "exceeds 2^63-1" in child.stderr, child.stderr
    assert "Traceback" not in child.stderr


@pytest.mark.parametrize("flag", ["--output_max_element_count=99999999999999999999999",
                                  "--repeat=99999999999999999999999",
                                  "--repeat=-99999999999999999999999",
                                  "--output_max_element_count=12x"])
def test_run_module_refuses_integer_flags_out_of_range(simple_mul, tmp_path, flag):
    child = run_cli([f"--module={simple_mul}", "--input=4xf32=1", "--input=4xf32=2",
                     flag], tmp_path)
    assert child.returncode == 1, child.report()  # a bad command line, not a crash
    assert flag.partition("=")[0] in child.stderr, child.stderr
    assert "Traceback" not in child.stderr


@pytest.mark.parametrize("value", ["99999999999999999999x", "1000000001x", "0x", "-5x",
                                   "abcx", "1e400s", "nan"])
def test_benchmark_module_refuses_bad_min_times(simple_mul, tmp_path, value):
    # A bad flag value: exit status 1, as iree-benchmark-module's (not 13,
    # INTERNAL, as an iteration count past C's integers once exited).
    child = run_ireec("benchmark-module", f"--module={simple_mul}", "--function=simple_mul",
                      "--input=4xf32=1", "--input=4xf32=2", f"--benchmark_min_time={value}",
                      cwd=tmp_path, timeout=TIMEOUT)
    assert child.returncode == 1, child.report()
    assert f"INVALID_ARGUMENT; --benchmark_min_time={value}: " in child.stderr, child.stderr
    assert "Traceback" not in child.stderr


def test_run_module_refuses_deep_flagfile_chains(simple_mul, tmp_path):
    depth = 2000  # deeper than Python's recursion limit
    for i in range(depth):
        (tmp_path / f"f{i}").write_text(f"--flagfile=f{i + 1}\n")
    (tmp_path / f"f{depth}").write_text("--input=4xf32=1\n")
    child = run_cli([f"--module={simple_mul}", "--flagfile=f0"], tmp_path)
    assert child.returncode == 1, child.report()
    assert "flagfiles nest more than 32 deep" in child.stderr


def test_run_module_reads_nested_flagfiles_within_the_limit(simple_mul, tmp_path):
    for i in range(10):
        (tmp_path / f"f{i}").write_text(f"# level {i}\n--flagfile=f{i + 1}\n")
    (tmp_path / "f10").write_text("--input=4xf32=1,2,3,4\n--input=4xf32=2\n")
    child = run_cli([f"--module={simple_mul}", "--flagfile=f0"], tmp_path)
    assert child.returncode == 0, child.report()
    assert "4xf32=2 4 6 8" in child.stdout


@pytest.mark.parametrize("path", ["/dev/zero", "big"])
def test_run_module_refuses_endless_or_huge_flagfiles(simple_mul, tmp_path, path):
    (tmp_path / "big").write_bytes(b"#" * (2 << 20))
    child = run_cli([f"--module={simple_mul}", f"--flagfile={path}"], tmp_path)
    assert child.returncode == 1, child.report()
    assert "OUT_OF_RANGE; " in child.stderr
    assert "is larger than 1048576 bytes" in child.stderr
