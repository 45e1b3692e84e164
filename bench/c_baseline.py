"""Builds the C baseline of the benchmarks, ireec_bench_invoke, on demand.

The program (csrc/bench/bench_invoke.c) is a C program like any user's: it is
compiled with the system C compiler and the flags `python -m ireec config`
prints, against the installed ireec's headers and libraries. So the wheel
ships no benchmark binary, and the baseline always runs on exactly the
library the Python side of the benchmark uses. The result is cached in
build/bench/ under a name that changes with the source, the flags and the
compiler, so a rebuilt ireec or an edited source builds a new one.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "csrc" / "bench" / "bench_invoke.c"
BUILD_DIR = ROOT / "build" / "bench"
# What CMake's Release build used for it.
OPTIMIZE = ["-O3", "-DNDEBUG", "-std=gnu11"]


def _config(flag: str) -> list[str]:
    # From the build folder: `-m` puts the working directory first on sys.path,
    # and the source tree's ireec/ must not shadow the installed one.
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    out = subprocess.run([sys.executable, "-m", "ireec", "config", flag], cwd=BUILD_DIR,
                         capture_output=True, text=True, check=True).stdout
    return shlex.split(out)


@functools.cache
def baseline_program() -> Path:
    """The path of ireec_bench_invoke for the installed ireec, built if needed."""
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        raise RuntimeError("the C baseline needs a C compiler (cc, gcc or $CC)")
    cflags, libs = _config("--cflags"), _config("--libs")
    key = hashlib.sha256()
    for part in (SOURCE.read_bytes(), cc.encode(), " ".join(OPTIMIZE + cflags + libs).encode()):
        key.update(part)
    program = BUILD_DIR / f"ireec_bench_invoke-{key.hexdigest()[:16]}"
    if not program.is_file():
        partial = program.with_suffix(".partial")
        subprocess.run([*shlex.split(cc), *OPTIMIZE, *cflags, str(SOURCE), "-o", str(partial),
                        *libs], check=True)
        partial.replace(program)
    return program


FLOOR_SOURCE = ROOT / "csrc" / "bench" / "floor.c"


@functools.cache
def floor_module():
    """_bench_floor (csrc/bench/floor.c), the Python floor of the call rows:
    a CPython extension built like the baseline, on demand, for this
    interpreter and numpy, and imported."""
    import importlib.machinery
    import importlib.util
    import sysconfig

    import numpy

    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        raise RuntimeError("the Python floor needs a C compiler (cc, gcc or $CC)")
    flags = [*OPTIMIZE, "-shared", "-fPIC", f"-I{sysconfig.get_paths()['include']}",
             f"-I{numpy.get_include()}"]
    key = hashlib.sha256()
    for part in (FLOOR_SOURCE.read_bytes(), cc.encode(), " ".join(flags).encode(),
                 sys.version.encode(), numpy.__version__.encode()):
        key.update(part)
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    library = BUILD_DIR / f"floor-{key.hexdigest()[:16]}" / f"_bench_floor{suffix}"
    if not library.is_file():
        library.parent.mkdir(parents=True, exist_ok=True)
        partial = library.with_name("partial" + suffix)
        subprocess.run([*shlex.split(cc), *flags, str(FLOOR_SOURCE), "-o", str(partial)],
                       check=True)
        partial.replace(library)
    spec = importlib.util.spec_from_file_location("_bench_floor", library)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    print(baseline_program())
