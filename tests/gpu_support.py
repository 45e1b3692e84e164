"""What the tests on GPU drivers share: the compiler flags of programs for
IREE's Vulkan driver (lavapipe in CI) and CUDA driver."""

from __future__ import annotations

# SPIR-V for any Vulkan 1.x device, compiled without a GPU.
VULKAN_FLAGS = ("--iree-hal-target-device=vulkan",)
# PTX for NVIDIA GPUs of compute capability 8.0 and newer, compiled without one.
CUDA_FLAGS = ("--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80")
