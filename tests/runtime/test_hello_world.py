"""The ported template sample, run as a user runs it; and the Pythonic
version docs/c_to_python.md ends with."""

from __future__ import annotations

import shutil

import pytest

from child_process import run_python
from locations import EXAMPLES_DIR, doc_blocks

EXPECTED = ("4xf32=1 1.1 1.2 1.3\n * \n4xf32=10 100 1000 10000\n = \n"
            "4xf32=10 110 1200 13000")


def run_sample(*args):
    return run_python(EXAMPLES_DIR / "hello_world.py", *args)


@pytest.mark.parametrize("device_uri", ["local-task", "local-sync"])
def test_prints_what_the_c_sample_prints(compile_mlir, device_uri):
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir")
    result = run_sample(device_uri, vmfb)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == EXPECTED
    assert result.stderr == ""


def test_missing_driver_exits_with_the_status_code(compile_mlir):
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir")
    result = run_sample("metal", vmfb)
    assert result.returncode == 5  # IREE_STATUS_NOT_FOUND
    assert "NOT_FOUND" in result.stderr
    assert "local-task" in result.stderr  # names the drivers that exist
    assert result.stdout == ""


def test_missing_module_file_fails_cleanly(tmp_path):
    result = run_sample("local-task", tmp_path / "absent.vmfb")
    assert result.returncode != 0
    assert "absent.vmfb" in result.stderr


def test_usage_without_arguments():
    result = run_sample()
    assert result.returncode == 1
    assert "usage" in result.stderr


def test_c_to_python_pythonic_sample_prints_what_the_guide_says(compile_mlir, tmp_path):
    shutil.copy(compile_mlir(EXAMPLES_DIR / "jit_mul.mlir"), tmp_path / "jit_mul.vmfb")
    sample = doc_blocks("c_to_python.md", "python")[-1]
    shown = doc_blocks("c_to_python.md", "text")[-1]
    result = run_python("-c", sample, cwd=tmp_path).check()
    assert result.stdout == shown
