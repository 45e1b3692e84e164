"""Exit statuses of `python -m ireec run-module` / `benchmark-module` beside
IREE's iree-run-module / iree-benchmark-module 3.9 (from iree-base-runtime),
run on the same command lines: the same exit status, the same stdout where
IREE's is deterministic, and ireec's failure in one stderr line naming the
IREE status.

iree-run-module exits 1 for every failure. iree-benchmark-module exits with
a failure's status code when it fails before benchmarking (its message on
stdout; ireec's on stderr), 1 for a bad flag value or output file, ignores
flags it does not know, and aborts (SIGABRT) when parsing inputs or a call
fails, where ireec exits with the status code instead."""

from __future__ import annotations

import signal

import pytest

from cli_support import QUICK, SIMPLE_MUL_CALL, SIMPLE_MUL_INPUTS, one_line_error, run_both

# A program that fails inside itself with the status code it is given.
CHECK_PROGRAM = """
func.func @check(%code: i32) -> i32 {
  util.status.check_ok %code, "the program failed on purpose"
  return %code : i32
}
"""


@pytest.fixture(scope="module")
def files(program, compile_mlir, tmp_path_factory):
    folder = tmp_path_factory.mktemp("exit_codes")
    garbage = folder / "garbage.vmfb"
    garbage.write_bytes(b"not a module\n" * 40)
    return {"mul": program("simple_mul"), "int_ops": program("int_ops"),
            "check": compile_mlir(CHECK_PROGRAM), "missing": folder / "missing.vmfb",
            "garbage": garbage, "folder": folder}


# (case, command line with {mul}, {check}, ... filled from `files`, the IREE
# status ireec names (None: argparse's words for a bad command line)).
RUN_MODULE_FAILURES = [
    ("unknown flag", ["--bogus=1", "--module={mul}"], None),
    ("flag of the other tool", ["--module={mul}", "--time_unit=ms"], None),
    ("no module", ["--input=4xf32=1"], "INVALID_ARGUMENT"),
    ("missing module file", ["--module={missing}"], "NOT_FOUND"),
    ("not a module", ["--module={garbage}"], "INVALID_ARGUMENT"),
    ("unknown function", ["--module={mul}", "--function=nope"], "NOT_FOUND"),
    ("two functions, none named", ["--module={int_ops}"], "INVALID_ARGUMENT"),
    ("bad --input data", ["--module={mul}", "--input=4xf32=1,2", "--input=4xf32=1"],
     "OUT_OF_RANGE"),
    ("bad --input type", ["--module={mul}", "--input=4xq32=1", "--input=4xf32=1"],
     "INVALID_ARGUMENT"),
    ("too few inputs", ["--module={mul}", "--input=4xf32=1"], "INVALID_ARGUMENT"),
    ("too many inputs", ["--module={mul}", "--input=4xf32=1", "--input=4xf32=1",
                         "--input=4xf32=1"], "INVALID_ARGUMENT"),
    ("wrong input shape", ["--module={mul}", "--input=5xf32=1", "--input=4xf32=1"],
     "INVALID_ARGUMENT"),
    ("failure inside the program", ["--module={check}", "--input=9"],
     "FAILED_PRECONDITION"),
    ("failure inside the program, code 13", ["--module={check}", "--input=13"],
     "INTERNAL"),
    ("more --output than results", ["--module={mul}", *SIMPLE_MUL_INPUTS,
                                    "--output=-", "--output=-"], "OUT_OF_RANGE"),
    ("unknown driver", ["--module={mul}", *SIMPLE_MUL_INPUTS, "--device=nodriver"],
     "NOT_FOUND"),
    ("bad allocator spec", ["--module={mul}", *SIMPLE_MUL_INPUTS,
                            "--device_allocator=bogus"], "INVALID_ARGUMENT"),
    ("bad task topology", ["--module={mul}", *SIMPLE_MUL_INPUTS,
                           "--task_topology_cpu_ids=999"], "OUT_OF_RANGE"),
    ("missing flagfile", ["--flagfile={missing}"], "NOT_FOUND"),
    ("instrument file in no folder", ["--module={mul}", *SIMPLE_MUL_INPUTS,
                                      "--instrument_file={missing}/x"], "NOT_FOUND"),
    # Refused by ireec (not supported); IREE fails too, finding no plugin.
    ("refused flag", ["--module={mul}", *SIMPLE_MUL_INPUTS,
                      "--executable_plugin=plugin.so"], "UNIMPLEMENTED"),
]


@pytest.mark.parametrize("case, argv, status", RUN_MODULE_FAILURES,
                         ids=[case for case, _, _ in RUN_MODULE_FAILURES])
def test_run_module_failures_exit_as_iree_run_module(files, case, argv, status):
    iree, ours = run_both("run-module", *(arg.format(**files) for arg in argv), text=False)
    assert iree.returncode == ours.returncode == 1, (ours.stderr.decode(),
                                                     iree.stderr.decode())
    # Nothing, or `EXEC @fn` when the failure is the call's.
    assert ours.stdout.decode() == iree.stdout.decode()
    one_line_error(ours.stderr, "run-module", status)


def test_run_module_mismatch_exits_1_as_iree_run_module(files):
    iree, ours = run_both("run-module", f"--module={files['mul']}", *SIMPLE_MUL_INPUTS,
                          "--expected_output=4xf32=10,40,90,161", text=False)
    assert iree.returncode == ours.returncode == 1
    assert "[FAILED] result[0]" in ours.stdout.decode()
    assert ours.stdout.decode() == iree.stdout.decode()
    assert ours.stderr == b""


def test_run_module_success_exits_0_as_iree_run_module(files):
    iree, ours = run_both("run-module", f"--module={files['check']}", "--input=0",
                          text=False)
    assert iree.returncode == ours.returncode == 0
    assert ours.stdout.decode() == iree.stdout.decode() == "EXEC @check\n" \
        "result[0]: i32=0\n"


# ---------------------------------------------------------------------------
# benchmark-module
# ---------------------------------------------------------------------------

LIST = ("--benchmark_list_tests",)  # a deterministic stdout: the names

# (case, command line, exit status of both, IREE status ireec names).
BENCHMARK_FAILURES = [
    ("missing module file", ["--module={missing}", "--function=simple_mul"], 5,
     "NOT_FOUND"),
    ("unknown function", ["--module={mul}", "--function=nope"], 5, "NOT_FOUND"),
    ("unknown driver", ["--module={mul}", *SIMPLE_MUL_CALL,
                        "--device=nodriver"], 5, "NOT_FOUND"),
    ("bad allocator spec", ["--module={mul}", *SIMPLE_MUL_CALL,
                            "--device_allocator=bogus"], 3, "INVALID_ARGUMENT"),
    ("bad flag value", ["--module={mul}", *SIMPLE_MUL_CALL, "--time_unit=xs"],
     1, None),
    ("missing flagfile", ["--flagfile={missing}"], 1, "NOT_FOUND"),
    ("output file in no folder", ["--module={mul}", *SIMPLE_MUL_CALL,
                                  *QUICK, "--benchmark_out={missing}/x.json"],
     1, "NOT_FOUND"),
]


@pytest.mark.parametrize("case, argv, code, status", BENCHMARK_FAILURES,
                         ids=[case for case, _, _, _ in BENCHMARK_FAILURES])
def test_benchmark_failures_exit_as_iree_benchmark_module(files, case, argv, code,
                                                          status):
    iree, ours = run_both("benchmark-module", *(arg.format(**files) for arg in argv))
    assert iree.returncode == ours.returncode == code, (ours.stderr, iree.stdout,
                                                        iree.stderr)
    assert ours.stdout == ""
    one_line_error(ours.stderr, "benchmark-module", status)


def test_benchmark_ignores_unknown_flags_as_iree_benchmark_module(files):
    iree, ours = run_both("benchmark-module", f"--module={files['mul']}", *SIMPLE_MUL_CALL,
                                "--bogus=1", *LIST)
    assert iree.returncode == ours.returncode == 0, ours.stderr
    assert ours.stdout == iree.stdout == "BM_simple_mul/process_time/real_time\n"
    assert ours.stderr == ("python -m ireec benchmark-module: warning: unrecognized "
                           "flag --bogus=1 ignored, as iree-benchmark-module ignores it\n")


@pytest.mark.parametrize("argv, code, status", [
    (["--module={mul}", "--function=simple_mul", "--input=4xf32=1,2"], 11,
     "OUT_OF_RANGE"),
    (["--module={mul}", "--function=simple_mul", "--input=4xf32=1"], 3,
     "INVALID_ARGUMENT"),
    (["--module={check}", "--function=check", "--input=9"], 9, "FAILED_PRECONDITION"),
], ids=["bad input", "too few inputs", "failure inside the program"])
def test_benchmark_exits_with_the_status_where_iree_aborts(files, argv, code, status):
    iree, ours = run_both("benchmark-module", *(arg.format(**files) for arg in argv), *QUICK)
    # IREE's tool is a Python launcher that exits with the binary's return
    # code: SIGABRT's -6, which is 250 as an exit status.
    assert iree.returncode in (-signal.SIGABRT, 256 - signal.SIGABRT), iree.stderr
    assert ours.returncode == code
    assert ours.stdout == ""
    one_line_error(ours.stderr, "benchmark-module", status)


def test_refused_flags_in_run_module_exit_1(files):
    # A refusal is a failure like any other: iree-run-module's 1.
    _, ours = run_both("run-module", f"--module={files['mul']}", *SIMPLE_MUL_INPUTS,
                       "--device_lead_allocator=1", text=False)
    assert ours.returncode == 1
    one_line_error(ours.stderr, "run-module", "UNIMPLEMENTED")

