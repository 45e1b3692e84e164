"""Port of IREE's HAL CTS command_buffer_dispatch_constants_test.h: a
dispatch's constants written into its output binding, with executables of
each CPU backend."""

from __future__ import annotations

import numpy as np

from ireec.hal import (
    BufferUsage,
    CommandBuffer,
    CommandBufferMode,
    CommandCategory,
    ExecutableCache,
    MemoryType,
)

from cts_support import read_back, submit_and_wait


def test_dispatch_with_dispatch_constants(device, executable_data):
    data, executable_format = executable_data("write_constants")
    # No executable-level constants (those are not the dispatch's).
    executable = ExecutableCache(device).prepare_executable(data, executable_format,
                                                            constants=())
    command_buffer = CommandBuffer(
        device, CommandBufferMode.ONE_SHOT | CommandBufferMode.ALLOW_INLINE_EXECUTION,
        CommandCategory.DISPATCH)
    command_buffer.begin()
    output = device.allocator.allocate_buffer(
        16, memory_type=MemoryType.DEVICE_LOCAL | MemoryType.HOST_VISIBLE,
        usage=BufferUsage.DISPATCH_STORAGE | BufferUsage.TRANSFER | BufferUsage.MAPPING)
    constants = np.array([11, 22, 33, 44], np.uint32)
    command_buffer.dispatch(executable, 0, (1, 1, 1), constants,
                            [(output, output.byte_offset, output.byte_length)])
    command_buffer.execution_barrier()
    command_buffer.end()
    submit_and_wait(device, command_buffer)
    assert read_back(device, output, np.uint32) == [11, 22, 33, 44]
