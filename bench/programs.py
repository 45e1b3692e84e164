"""The benchmark programs, compiled with the iree-compile beside Python."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

# Each program names its module: modules sharing one name shadow each other.
SIMPLE_MUL = """
module @mul {
func.func @simple_mul(%lhs: tensor<4xf32>, %rhs: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.mulf %lhs, %rhs : tensor<4xf32>
  return %0 : tensor<4xf32>
}
}
"""

MATMUL_512 = """
module @mm {
func.func @matmul(%lhs: tensor<512x512xf32>, %rhs: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<512x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<512x512xf32>) -> tensor<512x512xf32>
  %0 = linalg.matmul ins(%lhs, %rhs : tensor<512x512xf32>, tensor<512x512xf32>)
                     outs(%acc : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}
}
"""

# One result of 64 MiB (16 Mi f32), for readback: a copy of the input + 1.
ADD_ONE_64MIB = """
module @big {
func.func @add_one(%x: tensor<16777216xf32>) -> tensor<16777216xf32> {
  %one = arith.constant dense<1.0> : tensor<16777216xf32>
  %0 = arith.addf %x, %one : tensor<16777216xf32>
  return %0 : tensor<16777216xf32>
}
}
"""

FLAGS = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
)


def compile_program(source: str, cache_dir: Path) -> Path:
    key = hashlib.sha256(source.encode()).hexdigest()[:16]
    out = cache_dir / f"{key}.vmfb"
    if not out.exists():
        cache_dir.mkdir(parents=True, exist_ok=True)
        src = cache_dir / f"{key}.mlir"
        src.write_text(source)
        compiler = Path(sys.executable).parent / "iree-compile"
        subprocess.run([str(compiler), *FLAGS, str(src), "-o", str(out)], check=True)
    return out
