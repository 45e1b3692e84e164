"""What the ports of IREE's HAL conformance tests (tests/hal/cts/) share,
written against ireec.hal: the devices they run on, the executables they
dispatch (compiled at test time with `iree-compile
--compile-mode=hal-executable` from tests/programs/executables/), and the
steps IREE's CTS base class offers (a submission waited for, buffers made
zeroed or filled).

IREE runs its CTS on each of its drivers, with executables of each of its
compiler backends for that driver (embedded ELF from llvm-cpu and VMVX for
the CPU drivers, SPIR-V for Vulkan); the ports run on local-task, local-sync
and local-task with discrete memory (where DEVICE_LOCAL buffers cannot be
mapped), and on the Vulkan device (lavapipe in CI) with either memory. A
case IREE leaves out of a driver's CTS is deselected on that driver's
devices (cts_exclusions.py, keyed by the driver name a device URI starts
with).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np

import ireec
from ireec.compile import find_iree_compile
from ireec.hal import (
    BufferUsage,
    CommandBuffer,
    CommandBufferMode,
    CommandCategory,
    MemoryType,
)

from locations import PROGRAMS_DIR

CPU_DEVICES = ("local-task", "local-sync", "local-task://?memory=discrete")
# The machine's Vulkan device's URI holds its UUID: "vulkan" stands for it
# here, and the ports' `device` fixture puts it in (the vulkan_uri fixture).
DEVICES = (*CPU_DEVICES, "vulkan", "vulkan://?memory=discrete")

# The compiler backend of each executable format a driver loads.
CPU_BACKENDS = {"llvm-cpu": "embedded-elf-x86_64", "vmvx": "vmvx-bytecode-fb"}
BACKENDS_BY_DRIVER = {"local-task": CPU_BACKENDS, "local-sync": CPU_BACKENDS,
                      "vulkan": {"vulkan-spirv": "vulkan-spirv-fb"}}
# Drivers whose executables say nothing of their exports: IREE's Vulkan
# executables count none ("TODO: implement executable reflection", the
# reason IREE leaves its executable CTS out for Vulkan).
WITHOUT_EXPORT_REFLECTION = ("vulkan",)
# iree-compile's flags for each backend's executables.
_BACKEND_FLAGS = {
    "llvm-cpu": ("--iree-hal-target-device=local",
                 "--iree-hal-local-target-device-backends=llvm-cpu",
                 "--iree-llvmcpu-target-cpu=generic"),
    "vmvx": ("--iree-hal-target-device=local",
             "--iree-hal-local-target-device-backends=vmvx"),
    "vulkan-spirv": ("--iree-hal-target-device=vulkan",),
}


def device_uri(device: str, vulkan_uri: str) -> str:
    """The URI a DEVICES entry stands for on this machine."""
    if device == "vulkan":
        return vulkan_uri
    if device.startswith("vulkan://"):  # the device's parameters only
        return vulkan_uri + device.removeprefix("vulkan://")
    return device

EXECUTABLES_DIR = PROGRAMS_DIR / "executables"


def compile_executable(name: str, backend: str, out_dir: Path) -> bytes:
    """tests/programs/executables/NAME.mlir compiled by iree-compile's
    hal-executable mode for `backend` (as IREE's CTS builds its testdata)."""
    out = out_dir / f"{name}.{backend}.bin"
    if not out.exists():
        flags = ["--compile-mode=hal-executable", *_BACKEND_FLAGS[backend]]
        result = subprocess.run(
            [find_iree_compile(), *flags, str(EXECUTABLES_DIR / f"{name}.mlir"), "-o", str(out)],
            capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
    return out.read_bytes()


def submit_and_wait(device: ireec.Device, command_buffer: CommandBuffer,
                    binding_table=None) -> int:
    """IREE's SubmitCommandBufferAndWait: executes the command buffer with no
    waits, signalling a new semaphore 0 -> 1, and waits for it. Returns the
    semaphore's value read back then (1 once the submission completed)."""
    semaphore = ireec.Semaphore(device, 0)
    device.queue_execute(command_buffer, binding_table, wait=[], signal=[(semaphore, 1)])
    semaphore.wait(1)
    return semaphore.query()


def empty_command_buffer(device: ireec.Device, binding_capacity: int = 0) -> CommandBuffer:
    """IREE's CreateEmptyCommandBuffer: a ONE_SHOT dispatch command buffer
    recorded with nothing in it."""
    command_buffer = CommandBuffer(device, CommandBufferMode.ONE_SHOT, CommandCategory.DISPATCH,
                                   binding_capacity=binding_capacity)
    command_buffer.begin()
    command_buffer.end()
    return command_buffer


# The buffers of IREE's CTS base class: device-local memory the host can see,
# usable by dispatches and transfers.
DEVICE_VISIBLE_TYPE = MemoryType.DEVICE_LOCAL | MemoryType.HOST_VISIBLE
DISPATCH_AND_TRANSFER = BufferUsage.DISPATCH_STORAGE | BufferUsage.TRANSFER


def zeroed_device_buffer(device: ireec.Device, size: int):
    """IREE's CreateZeroedDeviceBuffer."""
    buffer = device.allocator.allocate_buffer(
        size, memory_type=DEVICE_VISIBLE_TYPE,
        usage=DISPATCH_AND_TRANSFER | BufferUsage.MAPPING)
    buffer.map_zero(0, None)
    return buffer


def filled_device_buffer(device: ireec.Device, size: int, pattern: np.generic):
    """IREE's CreateFilledDeviceBuffer: `pattern` (a numpy scalar) repeated."""
    buffer = device.allocator.allocate_buffer(
        size, memory_type=MemoryType.OPTIMAL_FOR_DEVICE | MemoryType.HOST_VISIBLE,
        usage=DISPATCH_AND_TRANSFER | BufferUsage.MAPPING)
    buffer.map_fill(0, None, pattern)
    return buffer


def read_back(device: ireec.Device, buffer, dtype=np.uint8, length: int | None = None) -> list:
    """The buffer's first `length` bytes (all of them by default), read by
    iree_hal_device_transfer_d2h. (A driver may round an allocation up:
    IREE's Vulkan allocator to 4 bytes; IREE's tests read what they asked
    for.)"""
    return np.frombuffer(device.transfer_d2h(buffer, 0, length), dtype).tolist()
