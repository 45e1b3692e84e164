"""What the tests on GPU drivers share: the compiler flags of programs for
IREE's Vulkan driver (lavapipe in CI) and CUDA driver."""

from __future__ import annotations

# SPIR-V for any Vulkan 1.x device, compiled without a GPU.
VULKAN_FLAGS = ("--iree-hal-target-device=vulkan",)
# PTX for NVIDIA GPUs of compute capability 8.0 and newer, compiled without one.
CUDA_FLAGS = ("--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80")


def cuda_device_reason() -> str | None:
    """None if this machine has a CUDA device ireec can create, else why not
    (IREE's own cuda driver, lent by IREE's official runtime, refusing)."""
    import ireec
    try:
        devices = ireec.Instance().query_devices("cuda")
    except ireec.Error as error:
        return str(error)
    return None if devices else "the cuda driver lists no device"
