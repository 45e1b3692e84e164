#!/usr/bin/env python3
"""Async calls and fences: a program compiled with
--iree-execution-model=async-external, called synchronously, then as a chain of
calls waited on once, then gated on a fence the host signals.

    python examples/async_fences.py [PROGRAM.vmfb]

Without an argument the program below is compiled first with the
`iree-compile` installed beside this Python (pip install iree-base-compiler==3.9.0)
or found on PATH. A .vmfb given instead must be compiled from the same source
with the flags in COMPILE_FLAGS.
"""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

import numpy as np

import ireec
from ireec.compile import LOCAL_CPU_FLAGS, compile_mlir

PROGRAM = """
module @pipeline {
  func.func @scale(%x: tensor<4xf32>, %by: tensor<4xf32>) -> tensor<4xf32> {
    %0 = arith.mulf %x, %by : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = arith.addf %a, %b : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""

COMPILE_FLAGS = [
    *LOCAL_CPU_FLAGS,
    # Each function then takes a wait fence and a signal fence after its inputs.
    "--iree-execution-model=async-external",
]


def main(vmfb: Path) -> None:
    instance = ireec.Instance()
    device = ireec.Device(instance, "local-task")
    session = ireec.Session(instance, device)
    session.load_module(vmfb)

    scale = session.function("pipeline.scale")
    print(f"{scale.name}: signature {scale.signature}, model {scale.model}")

    x = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    twos = np.full(4, 2.0, np.float32)

    # 1. The blocking form: call() passes no wait fence and a fresh signal
    #    fence, and waits for it before returning.
    (doubled,) = session.call("pipeline.scale", x, twos)
    print(f"{'call, x * 2:':<28} {doubled}")

    # 2. A chain: each call waits (on the device) for the fence of the one
    #    before and consumes its result; the host waits once, at the end.
    (a,), fence_a = session.call_async("pipeline.scale", x, twos)
    (b,), fence_b = session.call_async("pipeline.scale", a, twos, wait=fence_a)
    (c,), fence_c = session.call_async("pipeline.add", b, a, wait=fence_b)
    fence_c.wait(timeout=10.0)
    print(f"{'chain, x * 2 * 2 + x * 2:':<28} {c}")
    print(f"{'chain, every fence reached:':<28} "
          f"{all(f.query() for f in (fence_a, fence_b, fence_c))}")

    # 3. A call gated on a fence the host signals from another thread.
    gate = ireec.Semaphore(device)
    threading.Thread(target=gate.signal, args=(1,)).start()
    (gated,), done = session.call_async("pipeline.add", x, x, wait=gate.fence(1))
    done.wait()
    print(f"{'gated, x + x:':<28} {gated}")

    # 4. A fence nobody signals: the wait ends with a TimeoutError (Ctrl-C
    #    would end it too: waits run in short slices).
    never = ireec.Semaphore(device).fence(1)
    try:
        never.wait(timeout=0.05)
    except TimeoutError as error:
        print(f"{'unsignaled fence:':<28} {type(error).__name__}: {error}")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(Path(sys.argv[1]))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            main(compile_mlir(PROGRAM, Path(tmp) / "program.vmfb", COMPILE_FLAGS))
