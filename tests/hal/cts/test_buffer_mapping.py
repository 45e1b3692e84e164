"""Port of IREE's HAL CTS buffer_mapping_test.h: the host reading, writing,
filling and copying buffers through mappings (Buffer.map_*), of whole
buffers, offsets and subspans."""

from __future__ import annotations

import numpy as np
import pytest

from ireec.hal import BufferCompatibility, BufferUsage, MappingMode, MemoryAccess, MemoryType

SIZE = 1024
FF = np.uint8(0xFF)


@pytest.fixture
def new_buffer(device):
    """new_buffer(size): IREE's AllocateUninitializedBuffer, device-local
    memory the host can map."""
    def make(size=SIZE):
        return device.allocator.allocate_buffer(
            size, memory_type=MemoryType.DEVICE_LOCAL | MemoryType.HOST_VISIBLE,
            usage=BufferUsage.TRANSFER | BufferUsage.MAPPING)
    return make


def test_allocator_supports_buffer_mapping(device, new_buffer):
    compatibility, params, size = device.allocator.query_buffer_compatibility(
        SIZE, memory_type=MemoryType.HOST_VISIBLE, usage=BufferUsage.MAPPING)
    assert compatibility & BufferCompatibility.ALLOCATABLE
    buffer = new_buffer(size)
    assert buffer.memory_type & params.type == params.type
    assert buffer.allowed_usage & params.usage == params.usage
    assert buffer.allocation_size >= size


def test_zero_whole_buffer(new_buffer):
    buffer = new_buffer()
    buffer.map_zero(0, None)
    assert buffer.map_read(0, SIZE) == bytes(SIZE)


def test_zero_with_offset(new_buffer):
    buffer = new_buffer(16)
    buffer.map_fill(0, None, FF)
    buffer.map_zero(4, 8)
    assert buffer.map_read(0, 16) == b"\xff" * 4 + bytes(8) + b"\xff" * 4


def test_zero_subspan(new_buffer):
    buffer = new_buffer(16)
    buffer.map_fill(0, None, FF)
    subspan = buffer.subspan(4, 8)
    subspan.map_zero(4, 4)
    assert buffer.map_read(0, 16) == b"\xff" * 8 + bytes(4) + b"\xff" * 4
    assert subspan.map_read(0, 8) == b"\xff" * 4 + bytes(4)


def test_fill_empty(new_buffer):
    buffer = new_buffer()
    buffer.map_zero(0, None)
    buffer.map_fill(0, 0, FF)  # nothing
    assert buffer.map_read(0, SIZE) == bytes(SIZE)


def test_fill_whole_buffer(new_buffer):
    buffer = new_buffer()
    buffer.map_fill(0, None, FF)
    assert buffer.map_read(0, SIZE) == b"\xff" * SIZE


def test_fill_with_offset(new_buffer):
    buffer = new_buffer(16)
    buffer.map_zero(0, None)
    buffer.map_fill(4, 8, FF)
    assert buffer.map_read(0, 16) == bytes(4) + b"\xff" * 8 + bytes(4)


def test_fill_subspan(new_buffer):
    buffer = new_buffer(16)
    buffer.map_zero(0, None)
    subspan = buffer.subspan(4, 8)
    subspan.map_fill(4, 4, FF)
    assert buffer.map_read(0, 16) == bytes(8) + b"\xff" * 4 + bytes(4)
    assert subspan.map_read(0, 8) == bytes(4) + b"\xff" * 4


def test_read_data(new_buffer):
    buffer = new_buffer(16)
    buffer.map_zero(0, 8)
    buffer.map_fill(8, 8, FF)
    assert buffer.map_read(0, 16) == bytes(8) + b"\xff" * 8
    assert buffer.map_read(4, 8) == bytes(4) + b"\xff" * 4


def test_read_data_subspan(new_buffer):
    buffer = new_buffer(16)
    for offset, value in ((0, 0xAA), (4, 0xBB), (8, 0xCC), (12, 0xDD)):
        buffer.map_fill(offset, 4, np.uint8(value))
    subspan = buffer.subspan(4, 8)
    assert subspan.map_read(0, 8) == b"\xbb" * 4 + b"\xcc" * 4
    assert subspan.map_read(4, 4) == b"\xcc" * 4


def test_write_data_whole_buffer(new_buffer):
    buffer = new_buffer(16)
    buffer.map_write(0, b"\xff" * 16)
    assert buffer.map_read(0, 16) == b"\xff" * 16


def test_write_data_with_offset(new_buffer):
    buffer = new_buffer(16)
    buffer.map_zero(0, None)
    data = bytes([0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88])
    buffer.map_write(4, data)
    assert buffer.map_read(0, 16) == bytes(4) + data + bytes(4)


def test_write_data_subspan(new_buffer):
    buffer = new_buffer(16)
    buffer.map_zero(0, None)
    subspan = buffer.subspan(4, 8)
    subspan.map_write(4, bytes([0x11, 0x22, 0x33, 0x44]))
    assert buffer.map_read(0, 16) == bytes(8) + bytes([0x11, 0x22, 0x33, 0x44]) + bytes(4)
    assert subspan.map_read(0, 8) == bytes(4) + bytes([0x11, 0x22, 0x33, 0x44])


def test_copy_data(new_buffer):
    a, b = new_buffer(), new_buffer()
    a.map_fill(0, SIZE, np.uint8(0x07))
    a.map_copy(0, b, 0, SIZE)
    assert b.map_read(0, SIZE) == b"\x07" * SIZE


def test_map_range_read(new_buffer):
    buffer = new_buffer(16)
    buffer.map_fill(0, None, np.uint8(0xEF))
    mapping = buffer.map_range(MappingMode.SCOPED, MemoryAccess.READ, 0, 16)
    assert mapping.buffer is buffer
    assert mapping.byte_length >= 16
    assert bytes(mapping.contents) == b"\xef" * 16
    mapping.unmap()


def test_map_range_write(new_buffer):
    buffer = new_buffer(16)
    mapping = buffer.map_range(MappingMode.SCOPED, MemoryAccess.DISCARD_WRITE, 0, 16)
    assert mapping.buffer is buffer
    assert mapping.byte_length >= 16
    # Written through the mapping, flushed for the device, then read back.
    mapping.contents[:16] = b"\x12" * 16
    mapping.flush_range(0, 16)
    assert buffer.map_read(0, 16) == b"\x12" * 16
    mapping.unmap()
