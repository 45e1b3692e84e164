"""C and C++ programs built as a user's program is: with the flags
`python -m ireec config` prints, warnings as errors."""

from __future__ import annotations

import functools
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from child_process import CHILD_TIMEOUT, ChildResult, run_ireec, run_program
from locations import C_PROGRAMS_DIR

C_WARNINGS = ["-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter"]


@functools.cache
def _ireec_config(flags: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(shlex.split(run_ireec("config", *flags).check().stdout))


def ireec_config(*flags: str) -> list[str]:
    """What `python -m ireec config FLAGS` prints, split as a shell would."""
    return list(_ireec_config(flags))


def find_tool(*names: str) -> str:
    """The first of |names| on PATH; the test fails naming them otherwise."""
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    pytest.fail(f"none of {names} on PATH")


@dataclass(frozen=True)
class CProgram:
    """A built program: run(*args) returns the finished process, output(*args)
    its stdout after asserting it succeeded."""

    path: Path

    def run(self, *args: object, timeout: float = CHILD_TIMEOUT) -> ChildResult:
        return run_program(self.path, *args, timeout=timeout)

    def output(self, *args: object, timeout: float = CHILD_TIMEOUT) -> str:
        return self.run(*args, timeout=timeout).check().stdout


def build_c_program(work: Path, source: str | Path | list[Path], name: str, *,
                    extra_flags=(), cxx: bool = False, libs=()) -> CProgram:
    """Builds |source| (the program's text, or the path or list of paths of
    its sources and objects) in the folder |work| into the program |name|;
    tests/c_programs (the samples' shared header) is on the include path."""
    if isinstance(source, str):
        written = work / f"{name}.{'cc' if cxx else 'c'}"
        written.write_text(source)
        sources = [written]
    else:
        sources = [source] if isinstance(source, Path) else list(source)
    if cxx:
        command = [find_tool("c++", "g++"), *C_WARNINGS,
                   *ireec_config("--cflags", "--cxxflags")]
    else:
        command = [find_tool("cc", "gcc"), "-std=c11", *C_WARNINGS, *ireec_config("--cflags")]
    exe = work / name
    command += [f"-I{C_PROGRAMS_DIR}", *extra_flags, *map(str, sources),
                "-o", str(exe), *ireec_config("--libs"), *libs]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return CProgram(exe)
