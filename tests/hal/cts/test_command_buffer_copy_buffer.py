"""Port of IREE's HAL CTS command_buffer_copy_buffer_test.h: copies between
host-local and device-local buffers, whole, in part (with fills around), and
through a binding table."""

from __future__ import annotations

from ireec.hal import (
    BindingSlot,
    BufferUsage,
    CommandBuffer,
    CommandBufferMode,
    CommandCategory,
    MemoryType,
)

from cts_support import read_back, submit_and_wait

SIZE = 1024
USAGE = BufferUsage.DISPATCH_STORAGE | BufferUsage.TRANSFER | BufferUsage.MAPPING
HOST_TYPE = MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE
DEVICE_TYPE = MemoryType.DEVICE_LOCAL | MemoryType.HOST_VISIBLE
ZERO = b"\x00"


def _transfer_command_buffer(device, binding_capacity=0):
    return CommandBuffer(device, CommandBufferMode.ONE_SHOT, CommandCategory.TRANSFER,
                         binding_capacity=binding_capacity)


def test_copy_whole_buffer(device):
    host = device.allocator.allocate_buffer(SIZE, memory_type=HOST_TYPE, usage=USAGE)
    device.transfer_h2d(b"\x54" * SIZE, host, 0)
    target = device.allocator.allocate_buffer(SIZE, memory_type=DEVICE_TYPE, usage=USAGE)
    command_buffer = _transfer_command_buffer(device)
    command_buffer.begin()
    command_buffer.copy_buffer(host, 0, target, 0, SIZE)
    command_buffer.end()
    submit_and_wait(device, command_buffer)
    assert read_back(device, target) == [0x54] * SIZE


def _sub_buffers(device):
    target = device.allocator.allocate_buffer(SIZE, memory_type=DEVICE_TYPE, usage=USAGE)
    # A smaller host buffer holding 0x88s.
    host = device.allocator.allocate_buffer(SIZE // 2, memory_type=HOST_TYPE, usage=USAGE)
    device.transfer_h2d(b"\x88" * (SIZE // 2), host, 0)
    return host, target


# Bytes 8 .. 8 + SIZE/2 - 4 of the target hold the host buffer's bytes 4 ..;
# the rest are zero-filled.
COPIED = SIZE // 2 - 4
EXPECTED = [0] * 8 + [0x88] * COPIED + [0] * (SIZE - 8 - COPIED)


def test_copy_sub_buffer(device):
    host, target = _sub_buffers(device)
    command_buffer = _transfer_command_buffer(device)
    command_buffer.begin()
    command_buffer.fill_buffer(target, 0, 8, ZERO)
    command_buffer.copy_buffer(host, 4, target, 8, COPIED)
    command_buffer.fill_buffer(target, 8 + COPIED, SIZE - (8 + COPIED), ZERO)
    command_buffer.end()
    submit_and_wait(device, command_buffer)
    assert read_back(device, target) == EXPECTED


def test_copy_sub_buffer_indirect(device):
    host_slot, target_slot = BindingSlot(0), BindingSlot(1)
    host, target = _sub_buffers(device)
    command_buffer = _transfer_command_buffer(device, binding_capacity=2)
    command_buffer.begin()
    command_buffer.fill_buffer(target_slot, 0, 8, ZERO)
    command_buffer.copy_buffer(host_slot, 4, target_slot, 8, COPIED)
    command_buffer.fill_buffer(target_slot, 8 + COPIED, SIZE - (8 + COPIED), ZERO)
    command_buffer.end()
    # Whole buffers in the table (IREE_HAL_WHOLE_BUFFER), slots in order.
    submit_and_wait(device, command_buffer, [host, target])
    assert read_back(device, target) == EXPECTED
