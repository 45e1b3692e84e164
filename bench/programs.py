"""The benchmark programs, compiled for the local CPU devices."""

from __future__ import annotations

import hashlib
from pathlib import Path

from ireec.compile import compile_mlir

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

def compile_program(source: str, cache_dir: Path) -> Path:
    key = hashlib.sha256(source.encode()).hexdigest()[:16]
    out = cache_dir / f"{key}.vmfb"
    if not out.exists():
        cache_dir.mkdir(parents=True, exist_ok=True)
        compile_mlir(source, out)
    return out
