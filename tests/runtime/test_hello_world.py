"""The ported template sample, run as a user runs it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import EXAMPLES_DIR

EXPECTED = ("4xf32=1 1.1 1.2 1.3\n * \n4xf32=10 100 1000 10000\n = \n"
            "4xf32=10 110 1200 13000")


def run_sample(*args):
    return subprocess.run([sys.executable, str(EXAMPLES_DIR / "hello_world.py"), *map(str, args)],
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("device_uri", ["local-task", "local-sync"])
def test_prints_what_the_c_sample_prints(compile_mlir, device_uri):
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir")
    result = run_sample(device_uri, vmfb)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == EXPECTED
    assert result.stderr == ""


def test_missing_driver_exits_with_the_status_code(compile_mlir):
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir")
    result = run_sample("cuda", vmfb)
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
