"""Modules built for CPUs other than this one, for the tests of what ireec
says about them: one for a CPU feature this machine lacks (found from its
own `python -m ireec cpuinfo`), one for another architecture, and one linked
as a system library (`--iree-llvmcpu-link-embedded=false`)."""

from __future__ import annotations

import platform

import pytest

from child_process import run_ireec

# A multiply of f16 values: compiled for avx512fp16 (x86) or fullfp16
# (arm), its executable is made of that extension's instructions.
F16_MUL = """
module @f16 {
  func.func @mul(%a: tensor<64xf16>, %b: tensor<64xf16>) -> tensor<64xf16> {
    %r = arith.mulf %a, %b : tensor<64xf16>
    return %r : tensor<64xf16>
  }
}
"""
F16_MUL_INPUTS = ("--function=mul", "--input=64xf16=1.5", "--input=64xf16=2")

# Features tried first, in order: those F16_MUL's code is made of.
_PREFERRED = ("avx512fp16", "fullfp16", "zfh")

CPU_BACKEND_FLAGS = ("--iree-hal-target-device=local",
                     "--iree-hal-local-target-device-backends=llvm-cpu")


def host_cpu_features() -> dict[str, bool]:
    """{feature: present} as `python -m ireec cpuinfo` prints them."""
    result = run_ireec("cpuinfo").check()
    features = {}
    for line in result.stdout.splitlines():
        name, value = line.split()
        features[name] = value == "1"
    assert features, result.report()
    return features


def missing_cpu_feature() -> str:
    """A CPU feature IREE knows on this architecture and this machine lacks:
    the first of those F16_MUL would use, else the first missing."""
    features = host_cpu_features()
    missing = [name for name, present in features.items() if not present]
    if not missing:
        pytest.fail("this CPU has every feature IREE knows of its architecture: "
                    "no module can be built for one it lacks")
    preferred = [name for name in _PREFERRED if name in missing]
    return (preferred or missing)[0]


def flags_for_missing_feature(feature: str) -> tuple[str, ...]:
    """iree-compile flags building for the generic CPU plus `feature`."""
    return (*CPU_BACKEND_FLAGS, f"--iree-llvmcpu-target-cpu-features=+{feature}")


# IREE's names of architectures (IREE_ARCH) and the triples building for one.
_OTHER_ARCH = {"x86_64": ("arm_64", "aarch64-unknown-linux-gnu"),
               "aarch64": ("x86_64", "x86_64-unknown-linux-gnu")}


def other_architecture() -> tuple[str, tuple[str, ...]]:
    """(IREE's name of an architecture this machine is not, the iree-compile
    flags building CPU executables for it)."""
    machine = platform.machine()
    if machine not in _OTHER_ARCH:
        pytest.fail(f"no other architecture known to build for on {machine}")
    arch, triple = _OTHER_ARCH[machine]
    return arch, (*CPU_BACKEND_FLAGS, f"--iree-llvmcpu-target-triple={triple}")


# IREE's name of this machine's architecture.
HOST_ARCH = {"x86_64": "x86_64", "aarch64": "arm_64"}.get(platform.machine(),
                                                          platform.machine())

# A module whose executables are a system library (dlopen'ed), not embedded
# ELF.
SYSTEM_ELF_FLAGS = (*CPU_BACKEND_FLAGS, "--iree-llvmcpu-target-cpu=host",
                    "--iree-llvmcpu-link-embedded=false")
