"""Port of IREE's HAL CTS event_test.h: events signaled, reset and waited on
by command buffers."""

from __future__ import annotations

from ireec.hal import CommandBuffer, CommandBufferMode, CommandCategory, Event, ExecutionStage

from cts_support import submit_and_wait


def _dispatch_command_buffer(device):
    return CommandBuffer(device, CommandBufferMode.ONE_SHOT, CommandCategory.DISPATCH)


def test_create(device):
    event = Event(device)
    assert event.device is device
    event.close()


def test_signal_and_reset(device):
    event = Event(device)
    command_buffer = _dispatch_command_buffer(device)
    command_buffer.begin()
    command_buffer.signal_event(event, ExecutionStage.COMMAND_PROCESS)
    command_buffer.reset_event(event, ExecutionStage.COMMAND_RETIRE)
    command_buffer.end()
    assert submit_and_wait(device, command_buffer) == 1


def test_submit_with_chained_command_buffers(device):
    event = Event(device)
    # The first signals the event when done; the second waits for it first.
    first, second = _dispatch_command_buffer(device), _dispatch_command_buffer(device)
    first.begin()
    first.signal_event(event, ExecutionStage.COMMAND_RETIRE)
    first.end()
    second.begin()
    second.wait_events([event], ExecutionStage.COMMAND_RETIRE, ExecutionStage.COMMAND_ISSUE)
    second.end()
    assert submit_and_wait(device, first) == 1
    assert submit_and_wait(device, second) == 1
