"""Port of IREE's HAL CTS command_buffer_dispatch_test.h: |x| dispatched over
elements 1-2 of a 4-element buffer, the bindings named (direct) or given in
a binding table (indirect), with executables of each CPU backend."""

from __future__ import annotations

import numpy as np
import pytest

from ireec.hal import (
    BindingSlot,
    CommandBuffer,
    CommandBufferMode,
    CommandCategory,
    ExecutableCache,
    ExecutionStage,
)

from cts_support import filled_device_buffer, read_back, submit_and_wait


@pytest.mark.parametrize("recording", ["direct", "indirect"])
def test_dispatch_abs(device, executable_data, recording):
    data, executable_format = executable_data("absolute_2xf32")
    executable = ExecutableCache(device).prepare_executable(data, executable_format)
    source = filled_device_buffer(device, 16, np.float32(-2.5))
    target = filled_device_buffer(device, 16, np.float32(-9.0))
    indirect = recording == "indirect"
    if indirect:
        bindings = [(BindingSlot(0), 0, 8), (BindingSlot(1), 0, 8)]
        table = [(source, 4, 8), (target, 4, 8)]
    else:
        bindings = [(source, 4, 8), (target, 4, 8)]
        table = None
    command_buffer = CommandBuffer(device, CommandBufferMode.ONE_SHOT, CommandCategory.DISPATCH,
                                   binding_capacity=len(table or ()))
    command_buffer.begin()
    command_buffer.dispatch(executable, 0, (1, 1, 1), b"", bindings)
    command_buffer.execution_barrier(
        ExecutionStage.DISPATCH | ExecutionStage.TRANSFER | ExecutionStage.COMMAND_RETIRE,
        ExecutionStage.COMMAND_ISSUE | ExecutionStage.DISPATCH | ExecutionStage.TRANSFER)
    command_buffer.end()
    submit_and_wait(device, command_buffer, table)
    assert read_back(device, target, np.float32) == [-9.0, 2.5, 2.5, -9.0]
