"""The Vulkan rows of bench/run.py: a small call on IREE's Vulkan driver
(lavapipe where there is no GPU), ireec beside iree.runtime on the same
device, numpy in and out."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import ireec
from programs import SIMPLE_MUL, compile_program

VULKAN_FLAGS = ("--iree-hal-target-device=vulkan",)

FULL_OURS = "Vulkan full call simple_mul 4xf32: ireec session.call(a, b)[0].to_numpy()"
FULL_OURS_DISCRETE = ("Vulkan ?memory=discrete full call simple_mul 4xf32: ireec "
                      "session.call(a, b)[0].to_numpy()")
FULL_THEIRS = "Vulkan full call simple_mul 4xf32: iree.runtime f(a, b).to_host()"


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


def ratio_rows(median: dict) -> list:
    """(name, value, target, met) rows for the table, when the cases ran."""
    if FULL_OURS not in median:
        return []
    return [
        ("Vulkan full call simple_mul, ireec / iree.runtime",
         median[FULL_OURS] / median[FULL_THEIRS], "≤ 0.80", lambda r: r <= 0.80),
        ("Vulkan ?memory=discrete full call simple_mul, ireec / iree.runtime",
         median[FULL_OURS_DISCRETE] / median[FULL_THEIRS], "", None),
    ]
