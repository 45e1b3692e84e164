"""An indirect dispatch whose workgroup counts are in a binding table slot:
IREE checks the slot's buffer only while the queue replays the commands,
where on local-task a failure stops the device for good (every later
operation ABORTED). ireec checks it at submission, as IREE checks a buffer
named directly when recording: the usage the counts need, and whether the
device's queues can use the buffer for it (IREE's CPU allocators cannot for
indirect parameters). Each case runs in a child process with a bounded
time, and the device then still runs a dispatch.
"""

from __future__ import annotations

import json

import pytest

from child_process import expect_error, run_case
from cts_support import compile_executable

# A guard against a child that hangs; it does not measure anything.
CHILD_TIMEOUT = 120

SETUP = """
import json, sys
import numpy as np
import ireec
from ireec.hal import (BindingSlot, BufferUsage, CommandBuffer, CommandBufferMode,
                       CommandCategory, ExecutableCache, MemoryType)
P = json.loads(sys.argv[1])
instance = ireec.Instance()
device = instance.create_device(P["uri"])
executable = ExecutableCache(device).prepare_executable(open(P["executable"], "rb").read(),
                                                        "embedded-elf-x86_64")

def buffer(values, usage=BufferUsage.DEFAULT | BufferUsage.MAPPING):
    made = device.allocator.allocate_buffer(
        16, memory_type=MemoryType.OPTIMAL_FOR_DEVICE | MemoryType.HOST_VISIBLE, usage=usage)
    made.map_write(0, np.asarray(values).tobytes())
    return made

def run(workgroup_count, table, source, target):
    commands = CommandBuffer(device, CommandBufferMode.ONE_SHOT, CommandCategory.DISPATCH,
                             binding_capacity=len(table or ()))
    commands.begin()
    commands.dispatch(executable, 0, workgroup_count, b"", [(source, 4, 8), (target, 4, 8)])
    commands.end()
    semaphore = ireec.Semaphore(device, 0)
    device.queue_execute(commands, table, signal=[(semaphore, 1)])
    semaphore.wait(1, 30)
"""

COUNTS_USAGE = {
    "without indirect usage": "BufferUsage.DEFAULT | BufferUsage.MAPPING",
    "with indirect usage": "BufferUsage.DEFAULT | BufferUsage.MAPPING | "
                           "BufferUsage.DISPATCH_INDIRECT_PARAMETERS",
}


@pytest.fixture(scope="module")
def executable(tmp_path_factory):
    out = tmp_path_factory.mktemp("executables")
    compile_executable("absolute_2xf32", "llvm-cpu", out)
    return str(out / "absolute_2xf32.llvm-cpu.bin")


@pytest.mark.parametrize("usage", COUNTS_USAGE)
@pytest.mark.parametrize("uri", ["local-task", "local-sync"])
def test_counts_in_a_slot_the_queue_cannot_read_are_refused(executable, uri, usage):
    outcome = run_case(SETUP, f"""
        counts = buffer(np.array([1, 1, 1, 0], np.uint32), {COUNTS_USAGE[usage]})
        source = buffer(np.full(4, -2.5, np.float32))
        target = buffer(np.full(4, -9.0, np.float32))
        try:
            run((BindingSlot(0), 0, 12), [counts], source, target)
        finally:
            # Nothing ran, and the device still runs a dispatch.
            print(np.frombuffer(target.map_read(0, 16), np.float32).tolist())
            run((1, 1, 1), None, source, target)
            print(np.frombuffer(target.map_read(0, 16), np.float32).tolist())""",
                       json.dumps({"uri": uri, "executable": executable}),
                       timeout=CHILD_TIMEOUT)
    expect_error(outcome, "PermissionDeniedError", "queue_execute: binding table slot 0",
                 "DISPATCH_INDIRECT_PARAMETERS")
    assert outcome["stdout"] == ["[-9.0, -9.0, -9.0, -9.0]", "[-9.0, 2.5, 2.5, -9.0]"]
