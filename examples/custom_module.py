#!/usr/bin/env python3
"""A module written in Python that a compiled program imports from, in the
shape of IREE's samples/custom_module/sync: the program squares its input,
calls the import, and squares what comes back; it also calls a scalar
import. Then the same program with an import that raises.

    python examples/custom_module.py [PROGRAM.vmfb]

Without an argument the program below is compiled first with the
`iree-compile` installed beside this Python (pip install iree-base-compiler==3.9.0)
or found on PATH; a .vmfb given instead must be compiled from it.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np

import ireec
from ireec.compile import compile_mlir

PROGRAM = """
module @example {
  // Imports: functions of the module "custom", which must be in the session
  // before this module is loaded.
  func.func private @custom.call.sync(tensor<?xi32>) -> tensor<?xi32>
  func.func private @custom.add(i32, i32) -> i32

  func.func @main(%arg0: tensor<?xi32>) -> tensor<?xi32> {
    %0 = arith.muli %arg0, %arg0 : tensor<?xi32>
    %1 = call @custom.call.sync(%0) : (tensor<?xi32>) -> tensor<?xi32>
    %2 = arith.muli %1, %1 : tensor<?xi32>
    return %2 : tensor<?xi32>
  }

  func.func @offset(%x: i32) -> i32 {
    %hundred = arith.constant 100 : i32
    %0 = call @custom.add(%x, %hundred) : (i32, i32) -> i32
    return %0 : i32
  }
}
"""


def call_sync(view: ireec.BufferView) -> ireec.BufferView:
    # Refs arrive as ireec objects: here a BufferView on the session's device.
    return ireec.BufferView(view.device, view.to_numpy() + 1)


def main(vmfb: Path) -> None:
    instance = ireec.Instance()
    device = instance.create_device("local-task")

    module = ireec.vm.NativeModule("custom", {
        # name: (IREE calling convention "0<arguments>_<results>", callable)
        "call.sync": ("0r_r", call_sync),
        "add": ("0ii_i", lambda a, b: a + b),
    })
    print(module)

    session = ireec.Session(instance, device)
    session.append_module(module)  # before the module that imports from it
    session.load_module(vmfb)
    x = np.array([1, 2, 3, 4], np.int32)
    (result,) = session.call("example.main", x)
    print("main:", result.to_numpy().tolist())         # (x * x + 1) squared
    print("offset:", session.call("example.offset", 5))

    # What the Python function raises is what the call raises.
    def refuse(view: ireec.BufferView) -> ireec.BufferView:
        raise ValueError(f"refusing a tensor of shape {view.shape}")

    other = ireec.Session(instance, device)
    other.append_module(ireec.vm.NativeModule("custom", {
        "call.sync": ("0r_r", refuse), "add": ("0ii_i", lambda a, b: a + b)}))
    other.load_module(vmfb)
    try:
        other.call("example.main", x)
    except ValueError as error:
        print("main raised:", error)
    print("offset still works:", other.call("example.offset", 1))


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(Path(sys.argv[1]))
    else:
        with tempfile.TemporaryDirectory() as folder:
            program = Path(folder) / "custom_module.vmfb"
            compile_mlir(PROGRAM, program)
            main(program)
