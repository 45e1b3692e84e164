"""The Vulkan rows of bench/run.py: a small call on IREE's Vulkan driver
(lavapipe where there is no GPU), ireec beside iree.runtime on the same
device, numpy in and out; and the two-device program with a CPU device and
the Vulkan device, beside two CPU devices."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import ireec
from programs import DEVICE_HOP, SIMPLE_MUL, compile_program

VULKAN_FLAGS = ("--iree-hal-target-device=vulkan",)

FULL_OURS = "Vulkan full call simple_mul 4xf32: ireec session.call(a, b)[0].to_numpy()"
FULL_OURS_DISCRETE = ("Vulkan ?memory=discrete full call simple_mul 4xf32: ireec "
                      "session.call(a, b)[0].to_numpy()")
FULL_THEIRS = "Vulkan full call simple_mul 4xf32: iree.runtime f(a, b).to_host()"
HOP_CPU_VULKAN = "two devices, hop {size}: local-task + Vulkan"
# iree-compile lowers a transfer between a local and a Vulkan device only
# when the module says each may use the other's buffers.
_TOPOLOGY = (" attributes {stream.topology = #hal.device.topology<links = ["
             "(@device_a -> @device_b = {transparent_access = true}), "
             "(@device_b -> @device_a = {transparent_access = true})]>}")
_CPU_VULKAN_FLAGS = (
    "--iree-hal-target-device=device_a=local",
    "--iree-hal-target-device=device_b=vulkan",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
    "--iree-execution-model=async-external",
)


def vulkan_uri() -> str | None:
    """The first Vulkan device's URI, or None where there is none."""
    try:
        devices = ireec.Instance().query_devices("vulkan")
    except ireec.Error:
        return None
    return devices[0].uri if devices else None


def cases(instance: ireec.Instance, cache: Path, calls: int, official_call) -> dict:
    """{row: (function, calls)} for the Vulkan device, or {} without one."""
    uri = vulkan_uri()
    if uri is None:
        return {}
    import iree.runtime as rt

    vmfb = compile_program(SIMPLE_MUL, cache, VULKAN_FLAGS)
    a4 = np.array([1.0, 1.1, 1.2, 1.3], np.float32)
    b4 = np.array([10.0, 100.0, 1000.0, 10000.0], np.float32)
    rows = {}
    for label, device_uri in ((FULL_OURS, uri), (FULL_OURS_DISCRETE, f"{uri}?memory=discrete")):
        session = ireec.Session(instance, instance.create_device(device_uri))
        session.load_module(vmfb)
        rows[label] = (lambda s=session: s.call("mul.simple_mul", a4, b4)[0].to_numpy(), calls)
    theirs = official_call(rt.Config(device=rt.get_driver("vulkan").create_device_by_uri(uri)),
                           vmfb, "mul.simple_mul")
    rows[FULL_THEIRS] = (lambda: theirs(a4, b4).to_host(), calls)
    return rows


def hop_cases(instance: ireec.Instance, cache: Path, sizes: dict[str, int],
              calls_for) -> dict:
    """{row: (function, calls)}: the hop program (bench/programs.py's
    DEVICE_HOP) over local-task and the Vulkan device, or {} without one."""
    uri = vulkan_uri()
    if uri is None:
        return {}
    rows = {}
    for size, n in sizes.items():
        source = DEVICE_HOP.format(n=n).replace("module @hop {", f"module @hop{_TOPOLOGY} {{", 1)
        session = ireec.Session(instance, devices=[instance.create_device("local-task"),
                                                   instance.create_device(uri)])
        session.load_module(compile_program(source, cache, _CPU_VULKAN_FLAGS))
        x = np.ones(n, np.float32)
        rows[HOP_CPU_VULKAN.format(size=size)] = (
            lambda s=session, x=x: s.call("hop.hop", x)[0].to_numpy(), calls_for(n))
    return rows


def ratio_rows(median: dict, hop_plain: str, sizes) -> list:
    """(name, value, target, met) rows for the table, when the cases ran;
    `hop_plain` names the two-CPU hop row of each size."""
    if FULL_OURS not in median:
        return []
    return [
        *((f"two devices, hop {size}: local-task + Vulkan / two plain devices",
           median[HOP_CPU_VULKAN.format(size=size)] / median[hop_plain.format(size=size)],
           "", None) for size in sizes),
        ("Vulkan full call simple_mul, ireec / iree.runtime",
         median[FULL_OURS] / median[FULL_THEIRS], "≤ 0.80", lambda r: r <= 0.80),
        ("Vulkan ?memory=discrete full call simple_mul, ireec / iree.runtime",
         median[FULL_OURS_DISCRETE] / median[FULL_THEIRS], "", None),
    ]
