"""Port of IREE's HAL CTS allocator_test.h: what a device's allocator can do
with buffers, and buffers it allocates."""

from __future__ import annotations

from ireec.hal import BufferCompatibility, BufferUsage, MemoryType

ALLOCATION_SIZE = 1024


def test_baseline_buffer_compatibility(device):
    # BaselineBufferCompatibility: some memory moves data between host and
    # device, and some can be a dispatch's input or output.
    allocator = device.allocator
    host, _, host_size = allocator.query_buffer_compatibility(
        ALLOCATION_SIZE, memory_type=MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE,
        usage=BufferUsage.TRANSFER)
    assert host_size >= ALLOCATION_SIZE
    local, _, local_size = allocator.query_buffer_compatibility(
        ALLOCATION_SIZE, memory_type=MemoryType.HOST_VISIBLE | MemoryType.DEVICE_LOCAL,
        usage=BufferUsage.TRANSFER)
    assert local_size >= ALLOCATION_SIZE
    transfer = BufferCompatibility.ALLOCATABLE | BufferCompatibility.QUEUE_TRANSFER
    assert host & transfer == transfer or local & transfer == transfer

    dispatch, _, dispatch_size = allocator.query_buffer_compatibility(
        ALLOCATION_SIZE, memory_type=MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE,
        usage=BufferUsage.DISPATCH_STORAGE)
    assert dispatch_size >= ALLOCATION_SIZE
    wanted = BufferCompatibility.ALLOCATABLE | BufferCompatibility.QUEUE_DISPATCH
    assert dispatch & wanted == wanted


def test_allocate_buffer(device):
    # AllocateBuffer: at least the memory type and usage asked for, and at
    # least the size.
    buffer = device.allocator.allocate_buffer(
        ALLOCATION_SIZE, memory_type=MemoryType.DEVICE_LOCAL, usage=BufferUsage.TRANSFER)
    assert buffer.memory_type & MemoryType.DEVICE_LOCAL == MemoryType.DEVICE_LOCAL
    assert buffer.allowed_usage & BufferUsage.TRANSFER == BufferUsage.TRANSFER
    assert buffer.allocation_size >= ALLOCATION_SIZE
    buffer.close()
    assert buffer.closed


def test_allocate_empty_buffer(device):
    # AllocateEmptyBuffer: allocating nothing succeeds (a discrete device
    # rounds it up to a few bytes, as GPU allocators do).
    buffer = device.allocator.allocate_buffer(
        0, memory_type=MemoryType.DEVICE_LOCAL, usage=BufferUsage.TRANSFER)
    assert buffer.memory_type & MemoryType.DEVICE_LOCAL == MemoryType.DEVICE_LOCAL
    assert buffer.byte_length <= 4
    buffer.close()
