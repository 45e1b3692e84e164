"""Compiling MLIR for this runtime with `iree-compile`, for examples and
scripts.

The compiler is the `iree-base-compiler==3.9.0` console script (`pip install
'ireec[compiler]'`): bytecode from 3.10 and newer is rejected by the runtime
ireec binds. The one beside the running interpreter is preferred, so a
virtual environment's compiler wins over another on PATH.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Sequence

from .errors import CompileError, CompilerNotFoundError

# Flags for the runtime's local CPU devices (local-task, local-sync).
LOCAL_CPU_FLAGS = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
)


def find_iree_compile() -> str:
    """The path of `iree-compile`: beside this Python (its venv), else on PATH.

    Raises
    ------
    CompilerNotFoundError
        Neither has one (install iree-base-compiler==3.9.0).
    """
    beside = Path(sys.executable).parent / "iree-compile"
    if beside.exists():
        return str(beside)
    found = shutil.which("iree-compile")
    if found is None:
        raise CompilerNotFoundError(
            "iree-compile not found: pip install iree-base-compiler==3.9.0")
    return found


def compile_mlir(source: str, output: str | Path,
                 flags: Sequence[str] = LOCAL_CPU_FLAGS) -> Path:
    """Compiles MLIR text to a .vmfb at `output`; raises RuntimeError with the
    compiler's diagnostics on failure (CompileError, a RuntimeError)."""
    output = Path(output)
    mlir = output.with_suffix(".mlir")
    mlir.write_text(source)
    result = subprocess.run([find_iree_compile(), *flags, str(mlir), "-o", str(output)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise CompileError(f"iree-compile failed:\n{result.stderr}")
    return output
