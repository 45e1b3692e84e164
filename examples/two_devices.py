#!/usr/bin/env python3
"""One program, two devices: computes on device_a, moves the intermediate to
device_b with flow.tensor.transfer, computes there and moves the result back.

    python examples/two_devices.py [PROGRAM.vmfb] [--device=URI --device=URI]

The session hands the HAL module both devices, in the order the program's
--iree-hal-target-device flags name them. By default both are local-task CPU
devices, so this runs anywhere; any two device URIs may be given instead,
also devices that cannot reach each other's memory, e.g.
`--device=local-task://?memory=discrete --device=local-sync` (a GPU-like
device and a CPU one: tensors moving between them are staged through host
memory, docs/heterogeneous_devices.md). Without an argument the program below is
compiled first with the `iree-compile` installed beside this Python
(pip install iree-base-compiler==3.9.0) or found on PATH; a .vmfb given
instead must be compiled from the same source with COMPILE_FLAGS.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np

import ireec
from ireec.compile import compile_mlir

PROGRAM = """
module @two_devices {
  func.func public @mul_on_a_then_b(
    %x: tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}
  ) -> (tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}) {
    %ca = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
    %on_a = arith.mulf %x, %ca : tensor<4xf32>
    %moved = flow.tensor.transfer %on_a : tensor<4xf32> to #hal.device.promise<@device_b>
    %cb = arith.constant dense<[4.0, 5.0, 6.0, 7.0]> : tensor<4xf32>
    %on_b = arith.mulf %moved, %cb : tensor<4xf32>
    %back = flow.tensor.transfer %on_b : tensor<4xf32> to #hal.device.promise<@device_a>
    return %back : tensor<4xf32>
  }
}
"""

COMPILE_FLAGS = [
    "--iree-hal-target-device=device_a=local[0]",
    "--iree-hal-target-device=device_b=local[1]",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
]


def main(vmfb: Path, uris: list[str]) -> None:
    instance = ireec.Instance()
    device_a = ireec.Device(instance, uris[0])
    device_b = ireec.Device(instance, uris[1])
    session = ireec.Session(instance, devices=[device_a, device_b])
    session.load_module(vmfb)

    x = np.array([10.0, 11.0, 12.0, 13.0], np.float32)
    print(f"{'x:':<28} {x}")

    # Numpy arguments are copied to the session's first device (device_a)...
    (result,) = session.call("two_devices.mul_on_a_then_b", x)
    print(f"{'input on device_a:':<28} {result}")

    # ...or to the device a call names,
    (result,) = session.call("two_devices.mul_on_a_then_b", x, device=session.devices[1])
    print(f"{'input on device_b:':<28} {result}")

    # ...or they are buffer views already made on either device.
    on_b = ireec.BufferView.from_numpy(device_b, x)
    (result,) = session.call("two_devices.mul_on_a_then_b", on_b)
    print(f"{'buffer view on device_b:':<28} {result}")

    # The same program cannot run with one device: it needs device_b.
    single = ireec.Session(instance, device_a)
    try:
        single.load_module(vmfb)
    except ireec.IncompatibleError as error:
        reason = error.message.split("; ")[1].split(":")[0]
        print(f"{'one device only:':<28} IncompatibleError: {reason}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--device=")]
    device_uris = [a.partition("=")[2] for a in sys.argv[1:] if a.startswith("--device=")]
    if device_uris and len(device_uris) != 2:
        sys.exit("give no --device, or two")
    device_uris = device_uris or ["local-task", "local-task"]
    if args:
        main(Path(args[0]), device_uris)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            main(compile_mlir(PROGRAM, Path(tmp) / "program.vmfb", COMPILE_FLAGS), device_uris)
