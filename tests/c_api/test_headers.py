"""ireec's headers for C and C++ programs: every public header compiles on
its own, as C and as C++, with warnings as errors; the umbrella headers
bring what IREE's bring (the driver registry, loops, wait sources, the
platform macros)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from c_build import C_WARNINGS, find_tool, ireec_config


# Headers IREE writes for C++ only: the status and VM ref wrappers, native
# modules as C++ classes, and the gtest helpers.
CXX_ONLY_HEADERS = ("iree/base/status_cc.h", "iree/vm/ref_cc.h",
                    "iree/vm/native_module_cc.h", "iree/vm/native_module_packing.h",
                    "iree/testing/gtest.h", "iree/testing/status_matchers.h")


def _public_headers():
    include = Path(ireec_config("--include")[0])
    return include, sorted(str(p.relative_to(include)) for p in (include / "iree").rglob("*.h"))


@pytest.mark.parametrize("language", ["c", "c++"])
def test_every_public_header_compiles_alone(tmp_path, language):
    include, headers = _public_headers()
    assert len(headers) >= 90
    if language == "c":
        # IREE's C++ layers refuse C by design (#error).
        for header in CXX_ONLY_HEADERS:
            headers.remove(header)
    compiler = find_tool("cc", "gcc") if language == "c" else find_tool("c++", "g++")
    std = ["-std=c11"] if language == "c" else ireec_config("--cxxflags")
    failures = []
    # One translation unit per header, checked in one compiler run each.
    for header in headers:
        source = tmp_path / "one.c"
        source.write_text(f'#include "{header}"\n')
        result = subprocess.run(
            [compiler, "-x", language, *std, *C_WARNINGS, "-Wno-unused-function",
             f"-I{include}",
             "-fsyntax-only", str(source)], capture_output=True, text=True)
        if result.returncode != 0:
            failures.append(f"{header}:\n{result.stderr}")
    assert not failures, "\n".join(failures)


def test_api_headers_include_what_iree_includes(build_c_program):
    # IREE's iree/hal/api.h brings the driver registry, its iree/base/api.h the
    # loops and wait sources, and target_platform.h's macros come with both.
    exe = build_c_program(
        '#include "iree/hal/api.h"\n'
        "#if !defined(IREE_ARCH_X86_64) || !defined(IREE_PLATFORM_LINUX) || \\\n"
        "    !defined(IREE_PTR_SIZE_64) || !defined(IREE_ENDIANNESS_LITTLE) || \\\n"
        "    IREE_PTR_SIZE != 8\n"
        "#error platform macros\n"
        "#endif\n"
        "int main(void) {\n"
        "  iree_hal_driver_registry_t* registry = iree_hal_driver_registry_default();\n"
        "  iree_loop_t loop = iree_loop_inline(NULL);\n"
        "  iree_wait_source_t source = iree_wait_source_immediate();\n"
        "  return registry && loop.ctl && iree_wait_source_is_immediate(source) ? 0 : 1;\n"
        "}\n", "graph")
    assert exe.output() == ""  # and exit status 0: every check held
