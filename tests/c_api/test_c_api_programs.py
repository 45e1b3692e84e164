"""C and C++ programs of our own, in the shape of IREE's samples, compiled
against ireec's headers with `python -m ireec config` and run against the real
runtime: the embedded-ELF loader used directly, the static library loader with
an executable linked into the program, asynchronous invocation on IREE's
loops, a native C module registered with a session, C++ with iree::StatusOr
and IREE's status macros, and a gtest suite in the style of IREE's HAL
conformance tests on IREE's test helpers and test main. (The headers themselves: test_headers.py.)"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ireec.compile import LOCAL_CPU_FLAGS, find_iree_compile

from locations import C_PROGRAMS_DIR, PROGRAMS_DIR

SOURCES = C_PROGRAMS_DIR


def test_embedded_elf_loader(build_c_program, program):
    exe = build_c_program(SOURCES / "embedded_elf_loader.c", "embedded_elf_loader")
    assert exe.output(program("simple_mul")).splitlines() == [
        "loader supports embedded-elf-x86_64: 1",
        "loader supports static: 0",
        "cache can prepare embedded-elf-x86_64: 1",
        "4xf32=10 40 90 160",
    ]


@pytest.fixture(scope="module")
def static_library(build_c_program, tmp_path_factory):
    """static_library.c linked with simple_mul's dispatch compiled to an object
    file, and the .vmfb that names it: (program, vmfb, the folder of both)."""
    work = tmp_path_factory.mktemp("static_library")
    vmfb = work / "simple_mul_static.vmfb"
    result = subprocess.run(
        [find_iree_compile(), *LOCAL_CPU_FLAGS, "--iree-llvmcpu-link-embedded=false",
         "--iree-llvmcpu-link-static",
         f"--iree-llvmcpu-static-library-output-path={work / 'simple_mul_static.o'}",
         str(PROGRAMS_DIR / "simple_mul.mlir"), "-o", str(vmfb)],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    exe = build_c_program([SOURCES / "static_library.c", work / "simple_mul_static.o"],
                          "static_library", extra_flags=[f"-I{work}"])
    return exe, vmfb, work


def test_static_library_loader(static_library):
    exe, vmfb, work = static_library
    assert (work / "simple_mul_static.h").is_file()
    assert exe.output(vmfb).splitlines() == [
        "library simple_mul_dispatch_0, version 6, 1 export(s)",
        "loader supports static: 1",
        "loading 'missing': NOT_FOUND",
        "4xf32=10 40 90 160",
    ]


def test_static_library_loader_refuses_an_embedded_elf_program(static_library, program):
    # The same program compiled the usual way carries an embedded ELF, which
    # a device with only the static loader cannot load: the session says so.
    exe, _, _ = static_library
    failed = exe.run(program("simple_mul"))
    assert failed.returncode != 0
    assert "embedded-elf" in failed.stderr


def test_async_invoke_on_loops(build_c_program, program):
    # iree_vm_async_invoke on the inline loop (done when the call returns)
    # and on a synchronous loop's scope (done when the loop is drained).
    exe = build_c_program(SOURCES / "async_invoke.c", "async_invoke")
    assert exe.output(program("simple_mul")).splitlines() == [
        "inline: 4xf32=5 10 15 20",
        "inline callbacks after invoke returned: 1",
        "sync callbacks before draining: 0",
        "sync: 4xf32=5 10 15 20",
        "sync callbacks after draining: 1",
    ]


def test_native_module(build_c_program):
    exe = build_c_program(SOURCES / "native_module.c", "native_module", libs=["-lm"])
    lines = exe.output().splitlines()
    assert lines[:5] == [
        "native module size: nonzero",
        "module custom with 2 exports",
        "custom.add_one -> 42",
        "custom.checked_sqrt -> 1.5",
        "checked_sqrt(-4): OUT_OF_RANGE",
    ]
    assert "OUT_OF_RANGE; checked_sqrt of a negative value (-4)" in lines[5]
    assert "custom.checked_sqrt" in lines[5]


def test_cxx_status_or(build_c_program):
    exe = build_c_program(SOURCES / "status_or.cc", "status_or", cxx=True)
    lines = exe.output().splitlines()
    assert lines[0] == "local-task: ok 0xCAFEF00D"
    assert lines[1] == "metal: NOT_FOUND"
    # The annotation IREE_RETURN_IF_ERROR added on the way out.
    assert "no HAL driver 'metal' is registered" in lines[2]
    assert lines[2].endswith("creating device 'metal'")
    assert lines[3:] == [
        "moved: NOT_FOUND / NOT_FOUND, equal codes: 1",
        "IsOk(OkStatus()): 1, IsOk(taken): 0",
        "StatusOr<std::string>: value (1)",
        "value_or: 7",
    ]


def test_cxx_value_of_failed_status_or_aborts(build_c_program):
    # Reading a failed StatusOr's value is IREE's CHECK failure: the process
    # aborts printing the status.
    exe = build_c_program(
        '#include "iree/base/api.h"\n'
        "int main() {\n"
        "  iree::StatusOr<int> none = iree::Status(iree::StatusCode::kAborted, \"gone\");\n"
        "  return none.value();\n"
        "}\n", "abort", cxx=True)
    result = exe.run(timeout=60)
    assert result.returncode < 0
    assert "ABORTED; gone" in result.stderr


GTEST_HEADERS = (Path("/usr/include/gtest/gtest.h"), Path("/usr/include/gmock/gmock.h"))


@pytest.mark.parametrize("driver", ["local-task", "local-sync"])
def test_hal_cts_style_gtest(build_c_program, driver):
    # IREE's test helpers (iree/testing/gtest.h, status_matchers.h) in a
    # CTS-style suite and a suite of the matchers themselves, linked with a
    # main parsing IREE's flags (--driver and --answer are IREE_FLAGs; gtest's
    # own flags pass through to gtest).
    missing = [str(h) for h in GTEST_HEADERS if not h.is_file()]
    if missing:
        pytest.fail(f"{missing} not installed (Debian: libgtest-dev, libgmock-dev; "
                    "scripts/run-tests installs them when run as root)")
    exe = build_c_program([SOURCES / "hal_cts_style_test.cc",
                           SOURCES / "status_matchers_test.cc",
                           SOURCES / "gtest_main.cc"], "hal_cts_style_test",
                          cxx=True, libs=["-lgmock", "-lgtest", "-pthread"])
    out = exe.output(f"--driver={driver}", "--answer=42")
    assert "[  PASSED  ] 11 tests." in out
    filtered = exe.output(f"--driver={driver}", "--answer=42",
                          "--gtest_filter=QueueHostCallTest.*")
    assert "[  PASSED  ] 2 tests." in filtered
    # Without --answer the flag keeps its default and that test fails.
    failed = exe.run(f"--driver={driver}")
    assert failed.returncode != 0
    assert "Flags.IreeFlagParsedByTheTestMain" in failed.stdout
