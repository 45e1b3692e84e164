"""`python -m ireec run-module --parameters=...`: its output byte for byte
against IREE's own iree-run-module (installed by the `bench` extra) on the
same module, inputs and parameter files, and its errors."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import TESTS_DIR
from parameter_files import write_gguf, write_irpa, write_safetensors

TIMEOUT = 300
NOT_FOUND = "NOT_FOUND"
OUT_OF_RANGE = "OUT_OF_RANGE"

WEIGHT = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
BIAS = np.array([10.0, 20.0, 30.0, 40.0], np.float32)


def ireec_run_module(*args) -> subprocess.CompletedProcess:
    # From the tests folder, so the source tree's ireec/ cannot shadow the
    # installed one.
    return subprocess.run([sys.executable, "-m", "ireec", "run-module", *map(str, args)],
                          cwd=TESTS_DIR, capture_output=True, timeout=TIMEOUT)


def iree_run_module():
    beside = Path(sys.executable).parent / "iree-run-module"
    return str(beside) if beside.exists() else shutil.which("iree-run-module")


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("parameters")
    tensors = {"weight": WEIGHT, "bias": BIAS}
    return {
        "irpa": write_irpa(tmp / "model.irpa", tensors, tmp),
        "safetensors": write_safetensors(tmp / "model.safetensors", tensors),
        "gguf": write_gguf(tmp / "model.gguf", tensors),
        "enc": write_safetensors(tmp / "enc.safetensors", {"w": WEIGHT}),
        "dec": write_gguf(tmp / "dec.gguf", {"w": BIAS}),
        "offset": write_irpa(tmp / "offset.irpa", {"offset": BIAS}, tmp),
    }


CASES = {
    "irpa": ("parameters", ["--parameters=model={irpa}", "--input=4xf32=1,-1,0.5,2"]),
    "safetensors": ("parameters", ["--parameters=model={safetensors}",
                                   "--input=4xf32=1,-1,0.5,2"]),
    "gguf preloaded": ("parameters", ["--parameters=model={gguf}", "--parameter_mode=preload",
                                      "--input=4xf32=1,-1,0.5,2"]),
    "two scopes": ("two_scopes", ["--parameters=enc={enc}", "--parameters=dec={dec}",
                                  "--input=4xf32=3"]),
    "unscoped": ("unscoped_parameter", ["--parameters={offset}", "--input=4xf32=0.25"]),
    "expected output": ("parameters", ["--parameters=model={irpa}", "--input=4xf32=1",
                                       "--expected_output=4xf32=11,22,33,44"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_output_matches_iree_run_module(program, files, case):
    name, flags = CASES[case]
    args = [f"--module={program(name)}", "--device=local-task",
            *(flag.format(**files) for flag in flags)]
    ours = ireec_run_module(*args)
    assert ours.returncode == 0, ours.stderr.decode()
    tool = iree_run_module()
    if tool is None:
        pytest.skip("iree-run-module not installed (pip install '.[bench]'): "
                    "output not compared")
    theirs = subprocess.run([tool, *args], capture_output=True, timeout=TIMEOUT)
    assert theirs.returncode == 0, theirs.stderr.decode()
    assert ours.stdout == theirs.stdout


def test_values(program, files):
    # The numbers themselves, whatever iree-run-module is installed.
    result = ireec_run_module(f"--module={program('two_scopes')}",
                              f"--parameters=enc={files['enc']}",
                              f"--parameters=dec={files['dec']}", "--input=4xf32=3")
    assert result.stdout.decode() == ("EXEC @combine\nresult[0]: hal.buffer_view\n"
                                      "4xf32=13 26 39 52\n")


def _one_line_error(result, status, *fragments):
    # Exit status 1 for every failure, as iree-run-module's; the status named.
    assert result.returncode == 1, result.stderr
    stderr = result.stderr.decode()
    assert f"{status}; " in stderr, stderr
    assert len(stderr.splitlines()) == 1 and "Traceback" not in stderr, stderr
    for fragment in fragments:
        assert fragment in stderr, stderr
    return stderr


def test_missing_parameter_file(program, tmp_path):
    result = ireec_run_module(f"--module={program('parameters')}",
                              f"--parameters=model={tmp_path / 'absent.irpa'}",
                              "--input=4xf32=1")
    _one_line_error(result, NOT_FOUND, "failed to open file",
                    f"loading parameters 'model={tmp_path / 'absent.irpa'}'")


def test_missing_key(program, tmp_path):
    path = write_safetensors(tmp_path / "w.safetensors", {"weight": WEIGHT})
    result = ireec_run_module(f"--module={program('parameters')}",
                              f"--parameters=model={path}", "--input=4xf32=1")
    _one_line_error(result, NOT_FOUND, "parameter 'bias' of scope 'model'")


def test_size_mismatch(program, tmp_path):
    path = write_safetensors(tmp_path / "w.safetensors", {"weight": WEIGHT[:2], "bias": BIAS})
    result = ireec_run_module(f"--module={program('parameters')}",
                              f"--parameters=model={path}", "--input=4xf32=1")
    _one_line_error(result, OUT_OF_RANGE, "parameter `weight` range out of bounds")


def test_bad_parameter_mode(program, files):
    result = ireec_run_module(f"--module={program('parameters')}",
                              f"--parameters=model={files['irpa']}",
                              "--parameter_mode=fast", "--input=4xf32=1")
    assert result.returncode == 1 and b"--parameter_mode" in result.stderr
