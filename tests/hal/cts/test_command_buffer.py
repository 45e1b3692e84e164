"""Port of IREE's HAL CTS command_buffer_test.h: creating, recording and
submitting an empty command buffer."""

from __future__ import annotations

from ireec.hal import CommandBuffer, CommandBufferMode, CommandCategory

from cts_support import submit_and_wait


def test_create(device):
    command_buffer = CommandBuffer(device, CommandBufferMode.ONE_SHOT, CommandCategory.DISPATCH)
    assert command_buffer.allowed_categories & CommandCategory.DISPATCH
    assert command_buffer.state == "initial"


def test_begin_end(device):
    command_buffer = CommandBuffer(device, CommandBufferMode.ONE_SHOT, CommandCategory.DISPATCH)
    command_buffer.begin()
    command_buffer.end()
    assert command_buffer.state == "ended"


def test_submit_empty(device):
    command_buffer = CommandBuffer(device, CommandBufferMode.ONE_SHOT, CommandCategory.DISPATCH)
    command_buffer.begin()
    command_buffer.end()
    assert submit_and_wait(device, command_buffer) == 1
