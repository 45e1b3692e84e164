"""Bad input to ireec.hal raises a typed ireec.Error naming what was wrong,
before IREE sees it: IREE trusts its caller (a fill past a buffer's end is
recorded and then writes over whatever follows; a buffer is mapped whatever
its memory; a command buffer is submitted before it is ended). After each
refusal the device still works."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec import ffi, lib
from ireec.hal import (
    BindingSlot,
    Buffer,
    BufferUsage,
    CommandBuffer,
    CommandBufferMode,
    CommandCategory,
    ExecutableCache,
    File,
    MappingMode,
    MemoryAccess,
    MemoryType,
)

from cts_support import compile_executable
from device_buffers import heap_buffer

HOST_TYPE = MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE
ALL_USAGE = BufferUsage.DEFAULT | BufferUsage.MAPPING


@pytest.fixture(scope="module")
def executables(tmp_path_factory):
    out = tmp_path_factory.mktemp("exe")
    return {name: compile_executable(name, "llvm-cpu", out)
            for name in ("absolute_2xf32", "write_constants")}


def host_buffer(device, size=16, usage=ALL_USAGE, memory_type=HOST_TYPE):
    return device.allocator.allocate_buffer(size, memory_type=memory_type, usage=usage)


def recording(device, **options):
    command_buffer = CommandBuffer(device, **options)
    command_buffer.begin()
    return command_buffer


def still_works(device):
    buffer = host_buffer(device)
    semaphore = ireec.Semaphore(device, 0)
    device.queue_fill(buffer, 0, 16, np.uint32(0x01020304), signal=[(semaphore, 1)])
    semaphore.wait(1, timeout=60)
    assert buffer.map_read(0, 4) == b"\x04\x03\x02\x01"


def test_fill_patterns_are_1_2_or_4_bytes(device):
    buffer = host_buffer(device)
    command_buffer = recording(device)
    for fill in (lambda p: command_buffer.fill_buffer(buffer, 0, 12, p),
                 lambda p: device.queue_fill(buffer, 0, 12, p),
                 lambda p: buffer.map_fill(0, 12, p)):
        with pytest.raises(ireec.InvalidArgumentError, match="pattern is 3 bytes; fill "
                                                             "patterns are 1, 2 or 4 bytes"):
            fill(b"\x01\x02\x03")
        with pytest.raises(TypeError, match="int of unknown width"):
            fill(7)
    misaligned = pytest.raises(ireec.InvalidArgumentError, match="multiples of the 4-byte "
                                                                 "pattern")
    with misaligned:
        command_buffer.fill_buffer(buffer, 2, 8, np.uint32(1))
    with misaligned:
        device.queue_fill(buffer, 0, 6, np.uint32(1))
    with misaligned:
        buffer.map_fill(4, 2, np.uint32(1))
    still_works(device)


def test_offsets_and_lengths_past_the_end_are_refused(device, executables):
    buffer = host_buffer(device, 16)
    other = host_buffer(device, 16)
    command_buffer = recording(device)
    past = pytest.raises(ireec.OutOfRangeError, match="past the end of the buffer")
    with past:
        command_buffer.fill_buffer(buffer, 12, 8, b"\x00")
    with pytest.raises(ireec.OutOfRangeError, match="offset 17 is past the end"):
        command_buffer.fill_buffer(buffer, 17, None, b"\x00")
    with past:
        command_buffer.copy_buffer(buffer, 0, other, 8, 16)
    with past:
        command_buffer.update_buffer(b"\x01" * 8, buffer, 12)
    with past:
        device.queue_copy(buffer, 8, other, 0, 16)
    with past:
        device.queue_fill(buffer, 0, 20, b"\x00")
    with past:
        buffer.map_read(4, 16)
    with past:
        buffer.map_write(10, b"\x00" * 8)
    with past:
        buffer.subspan(8, 16)
    with past:
        device.transfer_d2h(buffer, 8, 9)
    exe = ExecutableCache(device).prepare_executable(executables["absolute_2xf32"])
    with past:
        command_buffer.dispatch(exe, 0, (1, 1, 1), b"", [(buffer, 12, 8), other])
    with pytest.raises(ireec.OutOfRangeError, match="reach past the source's 4 bytes"):
        command_buffer.update_buffer(b"\x01" * 4, buffer, 0, 8)
    with pytest.raises(ireec.InvalidArgumentError,
                       match="the offset is -1; it must be 0 to 18446744073709551615"):
        buffer.map_read(-1, 4)
    still_works(device)


def test_memory_the_host_cannot_map_is_not_mapped(instance):
    with instance.create_device("local-task://?memory=discrete") as discrete:
        buffer = discrete.allocator.allocate_buffer(16, memory_type=MemoryType.DEVICE_LOCAL,
                                                    usage=BufferUsage.DEFAULT)
        assert not buffer.memory_type & MemoryType.HOST_VISIBLE
        refused = pytest.raises(ireec.PermissionDeniedError,
                                match="memory is DEVICE_LOCAL, not HOST_VISIBLE: the host "
                                      "cannot map it")
        with refused:
            buffer.map_read(0, 4)
        with refused:
            buffer.map_range()
        with refused:
            buffer.map_fill(0, None, b"\x00")
        # What the host cannot map, the device's queue reads back.
        discrete.transfer_h2d(b"\x05" * 16, buffer)
        assert discrete.transfer_d2h(buffer, 0, 4) == b"\x05" * 4
    # A heap buffer said to be DEVICE_LOCAL only, which IREE would map
    # anyway, and one that does not allow mapping.
    device_only = Buffer.from_handle(heap_buffer(16))
    with pytest.raises(ireec.PermissionDeniedError, match="not HOST_VISIBLE"):
        device_only.map_read()
    unmappable = Buffer.from_handle(heap_buffer(
        16, memory_type=lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL,
        usage=lib.IREE_HAL_BUFFER_USAGE_TRANSFER))
    with pytest.raises(ireec.PermissionDeniedError, match="needs MAPPING_SCOPED"):
        unmappable.map_read()
    with pytest.raises(ireec.PermissionDeniedError, match="needs MAPPING_PERSISTENT"):
        unmappable.map_range(MappingMode.PERSISTENT)


def test_a_command_buffer_is_recorded_once_then_submitted(device):
    buffer = host_buffer(device)
    command_buffer = CommandBuffer(device)
    with pytest.raises(ireec.FailedPreconditionError, match="call begin.. first"):
        command_buffer.fill_buffer(buffer, 0, 4, b"\x00")
    with pytest.raises(ireec.FailedPreconditionError, match="has not been recorded"):
        device.queue_execute(command_buffer)
    command_buffer.begin()
    with pytest.raises(ireec.FailedPreconditionError, match="already recording"):
        command_buffer.begin()
    command_buffer.fill_buffer(buffer, 0, 4, b"\x09")
    with pytest.raises(ireec.FailedPreconditionError, match="still recording; call end"):
        device.queue_execute(command_buffer)
    command_buffer.end()
    with pytest.raises(ireec.FailedPreconditionError,
                       match="commands cannot be added after end"):
        command_buffer.fill_buffer(buffer, 0, 4, b"\x00")
    with pytest.raises(ireec.FailedPreconditionError, match="not recording"):
        command_buffer.end()
    with pytest.raises(ireec.FailedPreconditionError, match="already recorded"):
        command_buffer.begin()
    semaphore = ireec.Semaphore(device, 0)
    device.queue_execute(command_buffer, signal=[(semaphore, 1)])
    with pytest.raises(ireec.FailedPreconditionError, match="ONE_SHOT command buffer is "
                                                            "submitted once"):
        device.queue_execute(command_buffer, signal=[(semaphore, 2)])
    semaphore.wait(1, timeout=60)
    assert buffer.map_read(0, 4) == b"\x09" * 4
    transfers_only = recording(device, categories=CommandCategory.TRANSFER)
    with pytest.raises(ireec.FailedPreconditionError, match="created for TRANSFER commands, "
                                                            "not DISPATCH"):
        transfers_only.signal_event(ireec.hal.Event(device))


def test_dispatches_are_checked_against_their_export(device, executables):
    exe = ExecutableCache(device).prepare_executable(executables["absolute_2xf32"])
    constants_exe = ExecutableCache(device).prepare_executable(executables["write_constants"])
    good = host_buffer(device)
    transfer_only = host_buffer(device, usage=BufferUsage.TRANSFER | BufferUsage.MAPPING)
    command_buffer = recording(device, binding_capacity=1)
    with pytest.raises(ireec.PermissionDeniedError,
                       match="binding 1: the buffer allows usage TRANSFER|MAPPING.*needs one "
                             "of DISPATCH_STORAGE"):
        command_buffer.dispatch(exe, 0, (1, 1, 1), b"", [good, transfer_only])
    with pytest.raises(ireec.InvalidArgumentError, match="takes 2 binding.s., not 1"):
        command_buffer.dispatch(exe, 0, (1, 1, 1), b"", [good])
    with pytest.raises(ireec.InvalidArgumentError, match="takes 4 uint32 constant.s. "
                                                         ".16 bytes., not 8 bytes"):
        command_buffer.dispatch(constants_exe, 0, (1, 1, 1), [1, 2], [good])
    with pytest.raises(ireec.OutOfRangeError, match="export ordinal 1 is out of range"):
        command_buffer.dispatch(exe, 1, (1, 1, 1), b"", [good, good])
    with pytest.raises(ireec.InvalidArgumentError, match="three uint32 values"):
        command_buffer.dispatch(exe, 0, (1, 1), b"", [good, good])
    with pytest.raises(ireec.OutOfRangeError, match="slot 3 is out of range"):
        command_buffer.dispatch(exe, 0, (1, 1, 1), b"", [BindingSlot(3), good])
    with pytest.raises(TypeError, match="binding table slots are for command buffers"):
        device.queue_dispatch(exe, 0, (1, 1, 1), b"", [BindingSlot(0), good])
    with pytest.raises(ireec.OutOfRangeError, match="export ordinal 7"):
        device.queue_dispatch(exe, 7, (1, 1, 1), b"", [good, good])
    still_works(device)


def test_binding_tables_are_checked_at_submission(device):
    command_buffer = recording(device, mode=CommandBufferMode.DEFAULT, binding_capacity=2)
    command_buffer.fill_buffer(BindingSlot(1), 4, 8, b"\x01")
    command_buffer.end()
    small, big = host_buffer(device, 8), host_buffer(device, 16)
    with pytest.raises(ireec.InvalidArgumentError, match="use binding table slot 1; the "
                                                         "binding table has 1 entries"):
        device.queue_execute(command_buffer, [big])
    with pytest.raises(ireec.OutOfRangeError, match="slot 1 holds 8 bytes; the commands "
                                                    "reach byte 12"):
        device.queue_execute(command_buffer, [None, small])
    # (The device's allocator grants every transfer usage; a heap buffer
    # takes the usage it is given.)
    read_only = Buffer.from_handle(heap_buffer(
        16, memory_type=lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL,
        usage=lib.IREE_HAL_BUFFER_USAGE_TRANSFER_SOURCE | lib.IREE_HAL_BUFFER_USAGE_MAPPING))
    with pytest.raises(ireec.PermissionDeniedError, match="needs TRANSFER_TARGET"):
        device.queue_execute(command_buffer, [None, read_only])
    semaphore = ireec.Semaphore(device, 0)
    device.queue_execute(command_buffer, [None, big], signal=[(semaphore, 1)])
    semaphore.wait(1, timeout=60)
    assert big.map_read() == bytes(4) + b"\x01" * 8 + bytes(4)


def test_updates_and_copies_are_checked(device):
    buffer = host_buffer(device, 1 << 17)
    command_buffer = recording(device)
    with pytest.raises(ireec.InvalidArgumentError, match="an update records at most 65536"):
        command_buffer.update_buffer(bytes(70000), buffer, 0)
    with pytest.raises(ireec.InvalidArgumentError, match="overlap within the same buffer"):
        command_buffer.copy_buffer(buffer, 0, buffer, 8, 16)
    with pytest.raises(ireec.InvalidArgumentError, match="overlap"):
        command_buffer.copy_buffer(buffer.subspan(0, 64), 0, buffer.subspan(32, 64), 0, 48)
    with pytest.raises(TypeError, match="expected a Buffer"):
        command_buffer.copy_buffer(np.zeros(4), 0, buffer, 0, 4)
    with pytest.raises(TypeError, match="must be a bytes-like object"):
        command_buffer.update_buffer([1, 2, 3], buffer, 0)


def test_wait_and_signal_lists_are_checked(device):
    buffer = host_buffer(device)
    semaphore = ireec.Semaphore(device, 0)
    with pytest.raises(TypeError, match="signal\\[0\\] must be an ireec.Semaphore, not Buffer"):
        device.queue_barrier(signal=[(buffer, 1)])
    with pytest.raises(TypeError, match="must be a .Semaphore, value. pair"):
        device.queue_barrier(wait=[semaphore])
    with pytest.raises(ireec.InvalidArgumentError, match="it must be 0 to 18446744073709551615"):
        device.queue_barrier(signal=[(semaphore, -1)])
    closed = ireec.Semaphore(device, 0)
    closed.close()
    with pytest.raises(ireec.ClosedError):
        device.queue_barrier(wait=[(closed, 1)])
    with pytest.raises(TypeError, match="must be a Fence or a list"):
        device.queue_barrier(wait=semaphore)
    assert semaphore.query() == 0


def test_host_calls_take_at_most_4_uint64_arguments(device):
    with pytest.raises(ireec.InvalidArgumentError, match="at most 4 arguments"):
        device.queue_host_call(print, args=(1, 2, 3, 4, 5))
    with pytest.raises(TypeError, match="args\\[0\\] must be an integer, not str"):
        device.queue_host_call(print, args=("a",))
    with pytest.raises(TypeError, match="must be callable"):
        device.queue_host_call(42)
    assert len(ireec.hal._host_call._calls) == 0


def test_executable_data_is_checked(device, tmp_path):
    cache = ExecutableCache(device)
    with pytest.raises(ireec.InvalidArgumentError, match="not an ELF image"):
        cache.prepare_executable(b"\x00" * 128, "embedded-elf-x86_64")
    with pytest.raises(ireec.InvalidArgumentError, match="the executable data is empty"):
        cache.prepare_executable(b"", "embedded-elf-x86_64")
    truncated = bytearray(b"\x7fELF" + bytes(60))
    truncated[32:40] = (1 << 20).to_bytes(8, "little")
    truncated[54:56], truncated[56:58] = (56).to_bytes(2, "little"), (1).to_bytes(2, "little")
    with pytest.raises(ireec.InvalidArgumentError, match="the ELF image is truncated"):
        cache.prepare_executable(bytes(truncated), "embedded-elf-x86_64")
    with pytest.raises(ireec.InvalidArgumentError, match="cannot be inferred"):
        cache.prepare_executable(b"\x01\x02\x03\x04" * 8)
    with pytest.raises(ireec.IreeError):
        cache.prepare_executable(b"\x01\x02\x03\x04" * 8, "no-such-format")
    with pytest.raises(FileNotFoundError):
        cache.prepare_executable(tmp_path / "missing.so", "embedded-elf-x86_64")


def test_files_are_checked(device, tmp_path):
    path = tmp_path / "f.bin"
    path.write_bytes(bytes(16))
    buffer = host_buffer(device, 32)
    read_only = File.from_path(device, path, MemoryAccess.READ)
    with pytest.raises(ireec.OutOfRangeError, match="reach past the end of the file .16 "
                                                    "bytes."):
        device.queue_read(read_only, 8, buffer, 0, 16)
    with pytest.raises(ireec.PermissionDeniedError, match="the file allows access READ, not "
                                                          "WRITE"):
        device.queue_write(buffer, 0, read_only, 0, 4)
    memory = File.from_memory(device, bytearray(8), MemoryAccess.READ | MemoryAccess.WRITE)
    with pytest.raises(ireec.OutOfRangeError, match="past the end of the file .8 bytes."):
        device.queue_write(buffer, 0, memory, 4, 8)
    with pytest.raises(ireec.PermissionDeniedError, match="read-only data cannot be a file "
                                                          "allowing WRITE"):
        File.from_memory(device, b"\x00" * 8, MemoryAccess.WRITE)
    with pytest.raises(ireec.InvalidArgumentError, match="READ and/or WRITE"):
        File.from_path(device, path, MemoryAccess.NONE)
    with pytest.raises(ireec.NotFoundError):
        File.from_path(device, tmp_path / "missing.bin")


def test_closed_objects_are_refused(device):
    buffer = host_buffer(device)
    command_buffer = recording(device)
    buffer.close()
    with pytest.raises(ireec.ClosedError):
        command_buffer.fill_buffer(buffer, 0, 4, b"\x00")
    with pytest.raises(ireec.ClosedError):
        buffer.map_read()
    with pytest.raises(TypeError, match="buffers are made by an Allocator"):
        Buffer()
    with pytest.raises(TypeError, match="BufferView wraps|iree_hal_buffer_t"):
        ireec.BufferView.from_buffer(device, ffi.NULL, (1,), np.float32)
