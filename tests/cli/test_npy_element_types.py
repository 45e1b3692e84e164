"""`.npy` inputs of ml_dtypes' types (bfloat16, the float8 types), which
numpy saves as raw bytes (`<V2`, `|V1`): run-module and benchmark-module
read them as iree-run-module and iree-benchmark-module do, beside them on
the same files, and read back what run-module writes for such a result."""

from __future__ import annotations

import json

import ml_dtypes
import numpy as np
import pytest

import cli_support
from child_process import run_ireec
from cli_support import QUICK

VALUES = [1, 2.5, -3, 0.125]

PROGRAM = """
func.func @add(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = arith.addf %a, %b : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
func.func @same_bf16(%a: tensor<4xbf16>) -> tensor<4xbf16> { return %a : tensor<4xbf16> }
func.func @same_f8E4M3FN(%a: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  return %a : tensor<4xf8E4M3FN>
}
func.func @same_f8E5M2(%a: tensor<4xf8E5M2>) -> tensor<4xf8E5M2> { return %a : tensor<4xf8E5M2> }
"""

# (function, ml_dtypes type, the raw bytes IREE prints for VALUES)
SAME = [("same_bf16", ml_dtypes.bfloat16, "4x*16=803F 2040 40C0 003E"),
        ("same_f8E4M3FN", ml_dtypes.float8_e4m3fn, "4x*8=38 42 C4 20"),
        # numpy saves float8_e5m2 as `<f1`, which IREE reads as an 8-bit float.
        ("same_f8E5M2", ml_dtypes.float8_e5m2, "4xf8=3C 41 C2 30")]


@pytest.fixture(scope="module")
def program(compile_mlir):
    return compile_mlir(PROGRAM)


def saved(path, dtype):
    np.save(path, np.array(VALUES, dtype))
    return path


@pytest.mark.parametrize("function, dtype, printed", SAME, ids=[s[0] for s in SAME])
def test_run_module_reads_ml_dtypes_npy_as_iree_run_module(program, tmp_path, function,
                                                           dtype, printed):
    npy = saved(tmp_path / "x.npy", dtype)
    iree, ours = cli_support.run_both("run-module", f"--module={program}",
                                      f"--function={function}", f"--input=@{npy}")
    assert iree.returncode == ours.returncode == 0, ours.stderr
    assert ours.stdout == iree.stdout == f"EXEC @{function}\nresult[0]: hal.buffer_view\n" \
                                         f"{printed}\n"


def test_a_bfloat16_npy_computes_and_its_result_reads_back(program, tmp_path):
    npy = saved(tmp_path / "x.npy", ml_dtypes.bfloat16)
    call = (f"--module={program}", "--function=add", f"--input=@{npy}", f"--input=@{npy}")
    iree, ours = cli_support.run_both("run-module", *call)
    assert iree.returncode == ours.returncode == 0, ours.stderr
    assert ours.stdout == iree.stdout == \
        "EXEC @add\nresult[0]: hal.buffer_view\n4xbf16=2 5 -6 0.25\n"
    # run-module writes a bfloat16 result in the same format, and reads it.
    out = tmp_path / "out.npy"
    run_ireec("run-module", *call, f"--output=@{out}").check(0)
    np.testing.assert_array_equal(np.load(out).view(ml_dtypes.bfloat16),
                                  np.array([2, 5, -6, 0.25], ml_dtypes.bfloat16))
    again = run_ireec("run-module", f"--module={program}", "--function=add",
                      f"--input=@{out}", f"--input=@{npy}").check(0)
    assert again.stdout.endswith("4xbf16=3 7.5 -9 0.375\n")


def test_benchmark_module_reads_a_bfloat16_npy_as_iree_benchmark_module(program, tmp_path):
    npy = saved(tmp_path / "x.npy", ml_dtypes.bfloat16)
    iree, ours = cli_support.run_both("benchmark-module", f"--module={program}",
                                      "--function=add", f"--input=@{npy}", f"--input=@{npy}",
                                      *QUICK, "--benchmark_format=json")
    assert iree.returncode == ours.returncode == 0, ours.stderr
    theirs, mine = json.loads(iree.stdout), json.loads(ours.stdout)
    assert [(b["name"], b["iterations"]) for b in mine["benchmarks"]] == \
        [(b["name"], b["iterations"]) for b in theirs["benchmarks"]] == \
        [("BM_add/process_time/real_time", 20)]
