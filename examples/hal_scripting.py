#!/usr/bin/env python3
"""The HAL from Python: allocate buffers, fill them, dispatch a compiled
executable over them and read the result back, with ireec.hal's objects
(one per IREE HAL object, methods named as IREE's C functions).

    python examples/hal_scripting.py [--device=URI]

The executable below (y = x * scale + offset over 8 floats, the two
constants given with each dispatch) is compiled first with the
`iree-compile` installed beside this Python (pip install
iree-base-compiler==3.9.0) or found on PATH, in its hal-executable mode:
an embedded ELF the CPU devices load. Any CPU device URI works, e.g.
local-sync or `local-task://?memory=discrete` (whose DEVICE_LOCAL buffer
the host cannot map: the result is copied into host memory on the queue).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np

import ireec
from ireec.compile import compile_mlir
from ireec.hal import (
    BufferUsage,
    CommandBuffer,
    CommandBufferMode,
    ExecutableCache,
    MemoryType,
)

EXECUTABLE = """
#layout = #hal.pipeline.layout<constants = 2, bindings = [
  #hal.pipeline.binding<storage_buffer>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @affine {
  hal.executable.export public @scale_and_add ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    hal.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @scale_and_add() {
      %zero = arith.constant 0 : index
      %scale_bits = hal.interface.constant.load layout(#layout) ordinal(0) : i32
      %offset_bits = hal.interface.constant.load layout(#layout) ordinal(1) : i32
      %scale = arith.bitcast %scale_bits : i32 to f32
      %offset = arith.bitcast %offset_bits : i32 to f32
      %in = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%zero)
          : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%zero)
          : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
      %x = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0], sizes = [8], strides = [1]
          : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %init = tensor.empty() : tensor<8xf32>
      %y = linalg.generic {
          indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
          iterator_types = ["parallel"]}
          ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
      ^bb0(%v: f32, %unused: f32):
        %scaled = arith.mulf %v, %scale : f32
        %shifted = arith.addf %scaled, %offset : f32
        linalg.yield %shifted : f32
      } -> tensor<8xf32>
      iree_tensor_ext.dispatch.tensor.store %y, %out, offsets = [0], sizes = [8], strides = [1]
          : tensor<8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
      return
    }
  }
}
"""

COMPILE_FLAGS = [
    "--compile-mode=hal-executable",
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
]


def main(uri: str, executable_data: bytes) -> None:
    device = ireec.Device(ireec.Instance(), uri)
    allocator = device.allocator

    # Allocate: the input in host memory the device sees, the output in
    # device memory, and host memory to read the output back into.
    x = allocator.allocate_buffer(32, memory_type=MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE,
                                  usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
    y = allocator.allocate_buffer(32, memory_type=MemoryType.DEVICE_LOCAL,
                                  usage=BufferUsage.DEFAULT)
    readback = allocator.allocate_buffer(
        32, memory_type=MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE,
        usage=BufferUsage.TRANSFER | BufferUsage.MAPPING)
    x.map_write(0, np.arange(8, dtype=np.float32))
    print("x:        ", np.frombuffer(x.map_read(), np.float32))
    print("y memory: ", y.describe_memory())

    executable = ExecutableCache(device).prepare_executable(
        executable_data, format="embedded-elf-x86_64")
    info = executable.export_info(0)
    print(f"export 0:  {info.name}, {info.constant_count} constants, "
          f"{info.binding_count} bindings")

    # Record: fill y, dispatch y = x * 2 + 0.5 (the constants' bits), copy
    # y to host memory; barriers order each step after the one before.
    constants = np.array([2.0, 0.5], np.float32).view(np.uint32)
    command_buffer = CommandBuffer(device, mode=CommandBufferMode.ONE_SHOT)
    command_buffer.begin()
    command_buffer.fill_buffer(y, 0, 32, np.float32(-1.0))
    command_buffer.execution_barrier()
    command_buffer.dispatch(executable, 0, (1, 1, 1), constants=constants, bindings=[x, y])
    command_buffer.execution_barrier()
    command_buffer.copy_buffer(y, 0, readback, 0, 32)
    command_buffer.end()

    # Submit, signaling a semaphore 0 -> 1 when done, and wait for it.
    done = ireec.Semaphore(device, 0)
    device.queue_execute(command_buffer, wait=[], signal=[(done, 1)])
    done.wait(1)
    print("y:        ", np.frombuffer(readback.map_read(), np.float32))

    # The same result as a shaped view of the output buffer.
    print("view:     ", ireec.BufferView(y, (2, 4), np.float32))
    statistics = allocator.statistics
    print(f"allocated: {statistics.host_bytes_allocated} B host, "
          f"{statistics.device_bytes_allocated} B device")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="local-task", help="a CPU device URI")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        binary = compile_mlir(EXECUTABLE, Path(folder) / "affine.so", COMPILE_FLAGS)
        main(args.device, binary.read_bytes())
