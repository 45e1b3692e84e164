"""Programs of our own in the shape of IREE's C++ custom modules and tools,
compiled against ireec's headers (`python -m ireec config`) and run against
the real runtime: a native module written with iree::vm::NativeModule that
adds a ref type of its own (IREE's custom_module/basic), imports taking HAL
buffer views synchronously and asynchronously with fences (custom_module/sync
and async), each program side compiled from tests/programs at test time; and
the CPU features read as IREE's iree-cpuinfo reads them, compared with
iree-cpuinfo itself."""

from __future__ import annotations

import pytest

from cli_support import run_iree_tool
from locations import C_PROGRAMS_DIR, PROGRAMS_DIR

ASYNC_EXTERNAL = "--iree-execution-model=async-external"


def test_native_module_with_its_own_ref_type(build_c_program, compile_mlir):
    exe = build_c_program(C_PROGRAMS_DIR / "custom_string_module.cc",
                          "custom_string_module", cxx=True)
    vmfb = compile_mlir(PROGRAMS_DIR / "custom_strings.mlir",
                        "--iree-execution-model=host-only", target_flags=())
    assert exe.output(vmfb).splitlines() == [
        # Calling conventions spelled from the C++ signatures.
        "exports: 4",
        "message.create 0r_r",
        "message.length 0r_I",
        "message.print 0r_v",
        "message.repeat 0ri_r",
        # What the module did for strings.main, and its result.
        "create 'ireec'",
        "print 'ireec'",
        "print 'ireecireecireec'",
        "length 15",
        "missing: NOT_FOUND",
    ]


@pytest.fixture(scope="module")
def hal_custom_module(build_c_program):
    return build_c_program(C_PROGRAMS_DIR / "hal_custom_module.cc", "hal_custom_module",
                           cxx=True, libs=["-pthread"])


# (x * x * 2) squared for x = 1..5: the program squares, the import doubles,
# the program squares again.
EXPECTED = "4 64 324 1024 2500"


def test_sync_import_taking_buffer_views(hal_custom_module, compile_mlir, cpu_driver):
    vmfb = compile_mlir(PROGRAMS_DIR / "custom_sync_call.mlir")
    assert hal_custom_module.output(cpu_driver, "sync", vmfb).splitlines() == [
        f"sync: {EXPECTED}"]


def test_async_import_with_fences(hal_custom_module, compile_mlir, cpu_driver):
    vmfb = compile_mlir(PROGRAMS_DIR / "custom_async_call.mlir", ASYNC_EXTERNAL)
    assert hal_custom_module.output(cpu_driver, "async", vmfb).splitlines() == [
        "reached T=2", f"async: {EXPECTED}"]


def test_cpu_features_as_iree_cpuinfo_reads_them(build_c_program):
    exe = build_c_program(C_PROGRAMS_DIR / "cpu_features.c", "cpu_features")
    ours = exe.run().check()
    assert "lookups disagreeing: 0" in ours.stderr
    assert "unknown feature: NOT_FOUND" in ours.stderr
    theirs = run_iree_tool("iree-cpuinfo").check().stdout
    assert len(theirs.splitlines()) > 2
    assert ours.stdout == theirs
