"""Port of IREE's HAL CTS file_test.h: a file in host memory read whole into
a buffer on the device's queue."""

from __future__ import annotations

import numpy as np

import ireec
from ireec.hal import (
    BufferUsage,
    CommandBuffer,
    File,
    MemoryAccess,
    MemoryType,
    TransferCommand,
)

from cts_support import read_back, submit_and_wait

ALIGNMENT = 128


def patterned_device_buffer(device, size, pattern):
    """IREE's CreatePatternedDeviceBuffer: filled by a transfer command
    buffer (iree_hal_create_transfer_command_buffer)."""
    buffer = device.allocator.allocate_buffer(
        size, memory_type=MemoryType.OPTIMAL_FOR_DEVICE, usage=BufferUsage.TRANSFER,
        min_alignment=ALIGNMENT)
    command_buffer = CommandBuffer.create_transfer(
        device, [TransferCommand.fill(buffer, 0, size, np.uint8(pattern))])
    submit_and_wait(device, command_buffer)
    return buffer


def patterned_memory_file(device, access, size, pattern):
    """IREE's CreatePatternedMemoryFile: aligned host memory as a file."""
    memory = ireec.empty_aligned(size, np.uint8, ALIGNMENT)
    memory[:] = pattern
    return File.from_memory(device, memory, access)


def test_read_entire_file(device):
    size = 128
    file = patterned_memory_file(device, MemoryAccess.READ, size, 0xDE)
    buffer = patterned_device_buffer(device, size, 0xCD)
    semaphore = ireec.Semaphore(device, 0)
    wait_fence, signal_fence = semaphore.fence(1), semaphore.fence(2)
    # (Executing synchronously here, so the wait starts reached.)
    wait_fence.signal()
    device.queue_read(file, 0, buffer, 0, size, wait=wait_fence, signal=signal_fence)
    signal_fence.wait()
    assert read_back(device, buffer) == [0xDE] * size
