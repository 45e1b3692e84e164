"""Port of IREE's HAL CTS command_buffer_update_buffer_test.h: host bytes
recorded into a command buffer and written into a buffer, whole, at
offsets, and into a subspan."""

from __future__ import annotations

from ireec.hal import CommandBuffer, CommandBufferMode, CommandCategory

from cts_support import read_back, submit_and_wait, zeroed_device_buffer

SOURCE = bytes([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
                0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8])


def _record_update(device, source_offset, target, target_offset, length):
    command_buffer = CommandBuffer(device, CommandBufferMode.ONE_SHOT, CommandCategory.ANY)
    command_buffer.begin()
    command_buffer.update_buffer(SOURCE, target, target_offset, length,
                                 source_offset=source_offset)
    command_buffer.end()
    submit_and_wait(device, command_buffer)


def test_update_buffer_whole_buffer(device):
    target = zeroed_device_buffer(device, 16)
    _record_update(device, 0, target, 0, 16)
    assert bytes(read_back(device, target)) == SOURCE


def test_update_buffer_with_offsets(device):
    target = zeroed_device_buffer(device, 16)
    _record_update(device, 4, target, 4, 8)
    assert bytes(read_back(device, target)) == bytes(4) + SOURCE[4:12] + bytes(4)


def test_update_buffer_subspan(device):
    target = zeroed_device_buffer(device, 16)
    subspan = target.subspan(4, 8)
    _record_update(device, 4, subspan, 4, 4)
    assert bytes(read_back(device, target)) == bytes(8) + SOURCE[4:8] + bytes(4)
    assert bytes(read_back(device, subspan)) == bytes(4) + SOURCE[4:8]
