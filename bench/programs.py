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

# A value through two devices and back (as tests/programs/device_hop.mlir):
# work on device_a, transferred to device_b, work there, transferred back.
# {n} is the element count.
DEVICE_HOP = """
module @hop {{
func.func public @hop(
  %x: tensor<{n}xf32> {{iree.abi.affinity = #hal.device.promise<@device_a>}}
) -> (tensor<{n}xf32> {{iree.abi.affinity = #hal.device.promise<@device_a>}}) {{
  %half = arith.constant dense<0.5> : tensor<{n}xf32>
  %on_a = arith.addf %x, %half : tensor<{n}xf32>
  %to_b = flow.tensor.transfer %on_a : tensor<{n}xf32> to #hal.device.promise<@device_b>
  %two = arith.constant dense<2.0> : tensor<{n}xf32>
  %on_b = arith.mulf %to_b, %two : tensor<{n}xf32>
  %back = flow.tensor.transfer %on_b : tensor<{n}xf32> to #hal.device.promise<@device_a>
  return %back : tensor<{n}xf32>
}}
}}
"""

# A program calling the import bench.add n times in a loop (each call adds
# one): the cost of crossing into an import, written in Python
# (ireec.vm.NativeModule) or in C (the C baseline's "bench" module).
IMPORT_LOOP = """
module @imports {
func.func private @bench.add(i32, i32) -> i32
func.func @loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %count = arith.index_cast %n : i32 to index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %sum = scf.for %i = %c0 to %count step %c1 iter_args(%acc = %zero) -> (i32) {
    %next = func.call @bench.add(%acc, %one) : (i32, i32) -> i32
    scf.yield %next : i32
  }
  return %sum : i32
}
}
"""

TWO_DEVICE_FLAGS = (
    "--iree-hal-target-device=device_a=local[0]",
    "--iree-hal-target-device=device_b=local[1]",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
    "--iree-execution-model=async-external",
)


def compile_program(source: str, cache_dir: Path, flags: tuple[str, ...] = ()) -> Path:
    key = hashlib.sha256("\0".join((source, *flags)).encode()).hexdigest()[:16]
    out = cache_dir / f"{key}.vmfb"
    if not out.exists():
        cache_dir.mkdir(parents=True, exist_ok=True)
        if flags:
            compile_mlir(source, out, flags)
        else:
            compile_mlir(source, out)
    return out
