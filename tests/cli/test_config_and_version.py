"""`python -m ireec --version` and `python -m ireec config` (the compiler
and linker flags of programs built against ireec's headers)."""

from __future__ import annotations

from pathlib import Path

import ireec

from c_build import ireec_config
from child_process import run_ireec


def test_version_names_ireec_its_runtime_and_its_compiler():
    result = run_ireec("--version", timeout=120).check()
    (line,) = result.stdout.splitlines()
    assert line.startswith(f"ireec {ireec.__version__}: IREE runtime shortfin==3.9.0 "
                           f"(IREE 0f64f41a0ae3, ")
    assert str(ireec.RUNTIME_LIBRARY_PATH) in line
    assert line.endswith("compile programs with iree-base-compiler==3.9.0")


def test_config_flags_name_real_paths():
    include = ireec_config("--include")
    assert len(include) == 1
    assert (Path(include[0]) / "iree" / "runtime" / "api.h").is_file()
    libs = ireec_config("--libs")
    lib_dirs = [Path(flag[2:]) for flag in libs if flag.startswith("-L")]
    assert any((d / "libireec_runtime.so").is_file() for d in lib_dirs)
    assert include[0] == ireec.get_include()


def test_config_needs_a_flag():
    result = run_ireec("config")
    assert result.returncode == 2
    assert "--cflags" in result.stderr
