"""Modules for other CPUs, and files that are no module, given to
run-module and benchmark-module beside IREE's own tools: a system-ELF module
runs as iree-run-module runs it; a module for another architecture and one
for CPU features this machine lacks end in an error that says why (the
latter before any of its code runs: an error exit, not a signal); a file
that is not a compiled module says what it is and how to compile it."""

from __future__ import annotations

import pytest

from child_process import run_ireec
from cli_support import run_both, one_line_error
from cpu_targets import (F16_MUL, F16_MUL_INPUTS, HOST_ARCH, SYSTEM_ELF_FLAGS,
                         flags_for_missing_feature, missing_cpu_feature, other_architecture)
from locations import PROGRAMS_DIR

MATMUL = PROGRAMS_DIR / "matmul.mlir"
MATMUL_INPUTS = ("--function=matmul", "--input=2x3xf32=[1 2 3][4 5 6]",
                 "--input=3x2xf32=[1 0][0 1][1 1]")
MATMUL_RESULT = "EXEC @matmul\nresult[0]: hal.buffer_view\n2x2xf32=[4 5][10 11]\n"
INCOMPATIBLE_EXIT = 18  # iree-benchmark-module exits with the status code


@pytest.mark.parametrize("device", ["local-task", "local-sync"])
def test_a_system_elf_module_runs_as_iree_runs_it(compile_mlir, device):
    module = compile_mlir(MATMUL, target_flags=SYSTEM_ELF_FLAGS)
    theirs, ours = run_both("run-module", f"--module={module}", f"--device={device}",
                            *MATMUL_INPUTS)
    theirs.check(0)
    ours.check(0)
    assert ours.stdout == theirs.stdout == MATMUL_RESULT


def test_a_module_for_another_architecture_says_why(compile_mlir):
    arch, flags = other_architecture()
    module = compile_mlir(MATMUL, target_flags=flags)
    theirs, ours = run_both("run-module", f"--module={module}", *MATMUL_INPUTS)
    assert theirs.returncode == ours.returncode == 1, (theirs.report(), ours.report())
    one_line_error(ours.stderr, "run-module", "INCOMPATIBLE",
                   # IREE's cause (iree-run-module prints it too) ...
                   "HAL device `__device_0` not found or unavailable",
                   f'"embedded-elf-{arch}"',
                   # ... and what ireec adds.
                   f"the module's executables are embedded-elf-{arch}, which this "
                   f"session's devices (['local-task']) cannot load: they run "
                   f"embedded-elf-{HOST_ARCH}",
                   "--iree-llvmcpu-target-cpu=host",
                   f"loading bytecode module at '{module}'")
    assert f"embedded-elf-{arch}" in theirs.stderr


@pytest.mark.parametrize("tool, status", [("run-module", 1),
                                          ("benchmark-module", INCOMPATIBLE_EXIT)])
def test_a_module_for_cpu_features_this_machine_lacks_is_an_error_exit(compile_mlir, tool,
                                                                        status):
    feature = missing_cpu_feature()
    module = compile_mlir(F16_MUL, target_flags=flags_for_missing_feature(feature))
    quick = ("--benchmark_min_time=1x",) if tool == "benchmark-module" else ()
    result = run_ireec(tool, f"--module={module}", *F16_MUL_INPUTS, *quick)
    # An exit with an error, before anything ran (no EXEC line): not a signal.
    assert result.returncode == status, result.report()
    assert result.stdout == ""
    one_line_error(result.stderr, tool, "INCOMPATIBLE",
                   f"executables were compiled for CPU features this machine lacks: "
                   f"{feature} ", "--iree-llvmcpu-target-cpu=host")


def test_an_mlir_file_as_a_module_says_to_compile_it(tmp_path):
    source = tmp_path / "simple_mul.mlir"
    source.write_text((PROGRAMS_DIR / "simple_mul.mlir").read_text())
    theirs, ours = run_both("run-module", f"--module={source}", "--function=simple_mul",
                            "--input=4xf32=1", "--input=4xf32=2")
    assert theirs.returncode == ours.returncode == 1
    # IREE's words, which ireec keeps: a FlatBuffer prefix out of bounds.
    assert "FlatBuffer length prefix out of bounds" in theirs.stderr
    one_line_error(ours.stderr, "run-module", "INVALID_ARGUMENT",
                   "FlatBuffer length prefix out of bounds",
                   "the data is text beginning `func.func @simple_mul(",
                   "MLIR source, not a compiled module",
                   "for this session's devices: iree-compile --iree-hal-target-device=local "
                   "--iree-hal-local-target-device-backends=llvm-cpu "
                   "--iree-llvmcpu-target-cpu=host FILE.mlir -o FILE.vmfb")
