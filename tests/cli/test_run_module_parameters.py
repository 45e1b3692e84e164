"""`python -m ireec run-module --parameters=...`: its output byte for byte
against IREE's own iree-run-module (from iree-base-runtime) on the same
module, inputs and parameter files, and its errors."""

from __future__ import annotations

import numpy as np
import pytest

from child_process import run_ireec
from cli_support import one_line_error, run_both
from parameter_files import write_gguf, write_irpa, write_safetensors

NOT_FOUND = "NOT_FOUND"
OUT_OF_RANGE = "OUT_OF_RANGE"

WEIGHT = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
BIAS = np.array([10.0, 20.0, 30.0, 40.0], np.float32)


def ireec_run_module(*args):
    return run_ireec("run-module", *args, text=False)


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
    theirs, ours = run_both("run-module", *args, text=False)
    assert ours.returncode == 0, ours.stderr.decode()
    assert theirs.returncode == 0, theirs.stderr.decode()
    assert ours.stdout == theirs.stdout


def test_values(program, files):
    # The numbers themselves, not only their agreement with iree-run-module.
    result = ireec_run_module(f"--module={program('two_scopes')}",
                              f"--parameters=enc={files['enc']}",
                              f"--parameters=dec={files['dec']}", "--input=4xf32=3")
    assert result.stdout.decode() == ("EXEC @combine\nresult[0]: hal.buffer_view\n"
                                      "4xf32=13 26 39 52\n")


def _one_line_error(result, status, *fragments):
    # Exit status 1 for every failure, as iree-run-module's; the status named.
    assert result.returncode == 1, result.report()
    return one_line_error(result.stderr, "run-module", status, *fragments)


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
