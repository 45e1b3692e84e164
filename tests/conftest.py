"""Shared fixtures: compiling MLIR at test time, building C and C++ programs
against ireec's headers, and the IREE ABI facts."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import ireec
from ireec.compile import LOCAL_CPU_FLAGS, CompilerNotFoundError, find_iree_compile

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent
PROGRAMS_DIR = TESTS_DIR / "programs"
EXAMPLES_DIR = REPO_ROOT / "examples"


# Facts about IREE's ABI at the commit we bind, kept beside the project.
ABI_FACTS_ENV = "IREEC_ABI_FACTS"
ABI_FACTS_DEFAULT = REPO_ROOT.parent / "shared" / "iree-abi" / "iree-abi-0f64f41a.json"


@pytest.fixture(scope="session")
def compile_mlir(tmp_path_factory):
    """compile_mlir(path_or_text, *extra_flags) -> Path of a .vmfb, cached."""
    out_dir = tmp_path_factory.mktemp("vmfb")
    try:
        compiler = find_iree_compile()
    except CompilerNotFoundError as e:
        pytest.fail(str(e))
    cache: dict[str, Path] = {}

    def compile_(source: str | Path, *flags: str, target_flags=LOCAL_CPU_FLAGS) -> Path:
        text = Path(source).read_text() if isinstance(source, Path) else source
        all_flags = (*target_flags, *flags)
        key = hashlib.sha256((text + "\0" + "\0".join(all_flags)).encode()).hexdigest()[:16]
        if key not in cache:
            src = out_dir / f"{key}.mlir"
            src.write_text(text)
            out = out_dir / f"{key}.vmfb"
            result = subprocess.run([compiler, *all_flags, str(src), "-o", str(out)],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                pytest.fail(f"iree-compile failed:\n{result.stderr}")
            cache[key] = out
        return cache[key]

    return compile_


def run_ireec(*args: str, **kwargs) -> subprocess.CompletedProcess[str]:
    """`python -m ireec ARGS`, from the tests folder: `-m` puts the working
    directory first on sys.path, and the source tree's ireec/ (unbuilt) must
    not shadow the installed one."""
    return subprocess.run([sys.executable, "-m", "ireec", *args], cwd=TESTS_DIR,
                          capture_output=True, text=True, **kwargs)


@functools.cache
def _ireec_config(flags: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(shlex.split(run_ireec("config", *flags, check=True).stdout))


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


# C and C++ programs: built as a user's program is, with the flags
# `python -m ireec config` prints, warnings as errors.
C_PROGRAMS_DIR = TESTS_DIR / "c_programs"
C_WARNINGS = ["-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter"]


@dataclass(frozen=True)
class CProgram:
    """A built program: run(*args) returns the finished process, output(*args)
    its stdout after asserting it succeeded."""

    path: Path

    def run(self, *args: object, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.path), *map(str, args)], capture_output=True,
                              text=True, timeout=timeout)

    def output(self, *args: object, timeout: float = 300) -> str:
        result = self.run(*args, timeout=timeout)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout


@pytest.fixture(scope="session")
def build_c_program(tmp_path_factory):
    """build_c_program(source, name, extra_flags=(), cxx=False, libs=()) ->
    CProgram. |source| is the program's text, or the path (or a list of
    paths: sources and objects) to build from; tests/c_programs (the samples'
    shared header) is on the include path."""
    def build(source: str | Path | list[Path], name: str, *, extra_flags=(),
              cxx: bool = False, libs=()) -> CProgram:
        work = tmp_path_factory.mktemp(name)
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
            command = [find_tool("cc", "gcc"), "-std=c11", *C_WARNINGS,
                       *ireec_config("--cflags")]
        exe = work / name
        command += [f"-I{C_PROGRAMS_DIR}", *extra_flags, *map(str, sources),
                    "-o", str(exe), *ireec_config("--libs"), *libs]
        result = subprocess.run(command, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        return CProgram(exe)

    return build


@pytest.fixture(scope="session")
def program(compile_mlir):
    """program("simple_mul") -> .vmfb compiled from tests/programs/NAME.mlir."""
    def get(name: str, *flags: str) -> Path:
        return compile_mlir(PROGRAMS_DIR / f"{name}.mlir", *flags)
    return get


@pytest.fixture(scope="module")
def instance():
    """An ireec.Instance shared by a test module."""
    return ireec.Instance()


# The CPU drivers, each a different execution model: local-task runs work on
# a pool of worker threads, local-sync inline on the calling thread. Tests
# taking `device` (or `cpu_driver`) run on both.
CPU_DRIVERS = ("local-task", "local-sync")


@pytest.fixture(scope="module", params=CPU_DRIVERS)
def cpu_driver(request):
    """Each CPU driver's URI in turn, for a test module."""
    return request.param


@pytest.fixture(scope="module")
def device(instance, cpu_driver):
    """A device of each CPU driver in turn, shared by a test module."""
    return instance.create_device(cpu_driver)


@pytest.fixture(scope="module")
def session_with(instance, device, program):
    """session_with("simple_mul", ...) -> a new Session on the module's
    device with tests/programs/NAME.mlir loaded, in order. Programs whose
    modules share a name need sessions of their own."""
    def make(*names: str) -> ireec.Session:
        session = ireec.Session(instance, device)
        for name in names:
            session.load_module(program(name))
        return session
    return make


@pytest.fixture(scope="session")
def abi_facts():
    path = Path(os.environ.get(ABI_FACTS_ENV, ABI_FACTS_DEFAULT))
    if not path.is_file():
        pytest.skip(f"IREE ABI facts not present at {path} "
                    f"(set {ABI_FACTS_ENV}): declarations not checked")
    return json.loads(path.read_text())
