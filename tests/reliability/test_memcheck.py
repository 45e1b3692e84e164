"""The memcheck run: memcheck/scenario.py beside this file (create, call,
read back, close in every order, fences, a bound call) under valgrind's
memcheck, which must report no invalid read, write or free, and no use of an
uninitialised value inside ireec's own code.

valgrind comes from the distribution (scripts/run-tests installs Debian's
package when it is missing). CPython runs with PYTHONMALLOC=malloc so that
valgrind sees each Python object's allocation; the suppressions in
memcheck/noise.supp cover only the dynamic loader, each one explained.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from child_process import run_program
from cts_support import compile_executable
from locations import PROGRAMS_DIR

MEMCHECK_DIR = Path(__file__).resolve().parent / "memcheck"
# valgrind emulates the x86-64 baseline and some extensions, not every
# instruction of the host CPU: the programs are compiled for a generic CPU.
GENERIC_CPU_FLAGS = ("--iree-hal-target-device=local",
                     "--iree-hal-local-target-device-backends=llvm-cpu",
                     "--iree-llvmcpu-target-cpu=generic")
# A guard against a hung run, not a measurement: the scenario takes well under
# a minute under valgrind on two cores.
TIMEOUT = 600

# Error kinds that are always a bug: memory read, written or freed wrongly.
INVALID_ACCESS = re.compile(
    r"^==\d+== (Invalid (read|write|free)|Mismatched free|Source and destination overlap"
    r"|Syscall param .* points to unaddressable)", re.M)
UNINITIALISED = re.compile(
    r"^==\d+== (Conditional jump or move depends on uninitialised|Use of uninitialised"
    r"|Syscall param .* uninitialised)", re.M)
# Frames of ireec's own code (its C sources, shown with full paths) and of
# the libraries it loads: its two extensions and the IREE runtime.
OURS = re.compile(r"csrc/|/ireec/[^ )]*\.so|libireec_runtime|libshortfin")


def _records(log: str) -> list[str]:
    """valgrind's error records: blocks of lines separated by a bare '==pid== '."""
    return [block for block in re.split(r"^==\d+== ?\n", log, flags=re.M) if block.strip()]


def _run_under_memcheck(script: str, *args, tmp_path):
    """Runs memcheck/`script` with `args` under valgrind's memcheck: the
    child's result (its exit status checked) and valgrind's log."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        pytest.fail("valgrind is not installed (scripts/run-tests installs Debian's "
                    "package: apt-get install -y valgrind)")
    log_path = tmp_path / "memcheck.log"
    run = run_program(
        valgrind, "--tool=memcheck", "--error-limit=no", "--num-callers=40",
        "--fullpath-after=", f"--suppressions={MEMCHECK_DIR / 'noise.supp'}",
        f"--log-file={log_path}", sys.executable, MEMCHECK_DIR / script, *args,
        extra_env={"PYTHONMALLOC": "malloc"}, cwd=tmp_path, timeout=TIMEOUT)
    log = log_path.read_text()
    assert run.returncode == 0, f"{run.report()}\n{log[-4000:]}"
    return run, log


def test_scenario_has_no_invalid_access(compile_mlir, tmp_path):
    mul = compile_mlir(PROGRAMS_DIR / "simple_mul.mlir", target_flags=GENERIC_CPU_FLAGS)
    async_ops = compile_mlir(PROGRAMS_DIR / "async_ops.mlir",
                             "--iree-execution-model=async-external",
                             target_flags=GENERIC_CPU_FLAGS)
    run, log = _run_under_memcheck("scenario.py", mul, async_ops, tmp_path=tmp_path)
    assert run.stdout.strip().endswith("scenario done"), run.stdout
    records = _records(log)
    invalid = [r for r in records if INVALID_ACCESS.search(r)]
    assert not invalid, "invalid accesses:\n" + "\n".join(invalid[:5])
    ours = [r for r in records if UNINITIALISED.search(r) and OURS.search(r)]
    assert not ours, "uninitialised values in ireec:\n" + "\n".join(ours[:5])
    # The run was checked at all: valgrind wrote its summary.
    assert "ERROR SUMMARY" in log


# The cases of memcheck/close_during_calls.py run under memcheck: close()
# from another thread while a call uses the object, for a sample of the
# classes (test_close_during_calls.py runs them all without valgrind). A
# parameter index closed while it is parsed into is among them: before every
# IREE call took a use of its objects, its load wrote into freed memory.
CLOSE_DURING_SAMPLE = ("parameter_index_load", "semaphore_wait", "session_call",
                       "buffer_view_reads", "device_transfers")


def test_closing_during_calls_has_no_invalid_access(compile_mlir, tmp_path):
    mul = compile_mlir(PROGRAMS_DIR / "simple_mul.mlir", target_flags=GENERIC_CPU_FLAGS)
    blocking = compile_mlir(PROGRAMS_DIR / "blocking.mlir", target_flags=GENERIC_CPU_FLAGS)
    executable = tmp_path / "executable.bin"
    executable.write_bytes(compile_executable("absolute_2xf32", "llvm-cpu", tmp_path))
    run, log = _run_under_memcheck("close_during_calls.py", mul, blocking, executable,
                                   tmp_path, *CLOSE_DURING_SAMPLE, tmp_path=tmp_path)
    assert run.stdout.split("\n") == [f"{case} ok" for case in CLOSE_DURING_SAMPLE] + [
        "done", ""]
    records = _records(log)
    invalid = [r for r in records if INVALID_ACCESS.search(r)]
    assert not invalid, "invalid accesses:\n" + "\n".join(invalid[:5])
    assert "ERROR SUMMARY" in log
