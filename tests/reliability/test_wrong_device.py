"""A command buffer recorded on one device and submitted on another: IREE
does not check, and the commands are dropped while the signal is reached
(local-task's on local-sync) or the target device aborts all later work
(a discrete-memory local-task device's on local-task). ireec refuses the
submission with a typed error naming both devices, before IREE sees it,
and both devices keep working. Each case runs in a child process with a
bounded time, on the CPU drivers and Vulkan.
"""

from __future__ import annotations

import json

import pytest

from child_process import expect_error, run_case
from cts_support import device_uri

# A guard against a child that hangs; it does not measure anything.
CHILD_TIMEOUT = 120

SETUP = """
import json, sys
import numpy as np
import ireec
from ireec import hal
P = json.loads(sys.argv[1])
instance = ireec.Instance()
recorder = instance.create_device(P["recorded_on"])
runner = instance.create_device(P["submitted_on"])
HOST = dict(memory_type=hal.MemoryType.HOST_LOCAL | hal.MemoryType.DEVICE_VISIBLE,
            usage=hal.BufferUsage.DEFAULT | hal.BufferUsage.MAPPING)

def filled(device, target, value):
    commands = hal.CommandBuffer(device)
    commands.begin()
    commands.fill_buffer(target, 0, 16, np.uint32(value))
    commands.end()
    return commands
"""

PAIRS = [
    ("local-task", "local-sync"),
    ("local-sync", "local-task"),
    ("local-task://?memory=discrete", "local-task"),
    ("local-task", "local-task"),  # two devices of one driver
    ("vulkan", "local-task"),
    ("local-task", "vulkan"),
]


@pytest.mark.parametrize("recorded_on, submitted_on", PAIRS,
                         ids=[f"{a}-on-{b}" for a, b in PAIRS])
def test_a_command_buffer_of_another_device_is_refused(vulkan_uri, recorded_on,
                                                       submitted_on):
    outcome = run_case(SETUP, """
        target = runner.allocator.allocate_buffer(16, **HOST)
        target.map_write(0, np.full(4, 7, np.uint32).tobytes())
        semaphore = ireec.Semaphore(runner, 0)
        try:
            runner.queue_execute(filled(recorder, target, 1), signal=[(semaphore, 1)])
        finally:
            # Nothing ran and nothing was signalled; each device still runs
            # its own commands.
            print(semaphore.query(), np.frombuffer(target.map_read(0, 16), np.uint32).tolist())
            runner.queue_execute(filled(runner, target, 2), signal=[(semaphore, 1)])
            semaphore.wait(1, 30)
            print(np.frombuffer(target.map_read(0, 16), np.uint32).tolist())
            own = recorder.allocator.allocate_buffer(16, **HOST)
            mine = ireec.Semaphore(recorder, 0)
            recorder.queue_execute(filled(recorder, own, 3), signal=[(mine, 1)])
            mine.wait(1, 30)
            print(np.frombuffer(own.map_read(0, 16), np.uint32).tolist())""",
                       json.dumps({"recorded_on": device_uri(recorded_on, vulkan_uri),
                                   "submitted_on": device_uri(submitted_on, vulkan_uri)}),
                       timeout=CHILD_TIMEOUT)
    expect_error(outcome, "InvalidArgumentError", "queue_execute: the command buffer was made on",
                 "record it on the device that runs it")
    assert outcome["stdout"] == ["0 [7, 7, 7, 7]", "[2, 2, 2, 2]", "[3, 3, 3, 3]"]
