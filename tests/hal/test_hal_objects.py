"""ireec.hal's objects used as a script uses them: the shapes the HAL API
promises (allocate, fill, update, copy, dispatch, read back; queue
operations with semaphores and fences; files, host calls, events, binding
tables, allocators, buffer views over buffers), each checked against values
the device produced, on local-task, local-sync and discrete memory."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import ireec
from ireec.hal import (
    DEFERRED,
    Allocator,
    BindingSlot,
    Buffer,
    BufferCompatibility,
    BufferParams,
    BufferUsage,
    Channel,
    CommandBuffer,
    CommandBufferMode,
    CommandCategory,
    Event,
    ExecutableCache,
    File,
    MappingMode,
    MemoryAccess,
    MemoryType,
    TransferCommand,
)

from cts_support import CPU_DEVICES, compile_executable

HOST_TYPE = MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE
HOST_USAGE = BufferUsage.TRANSFER | BufferUsage.MAPPING


_URIS: dict[int, str] = {}


@pytest.fixture(scope="module", params=CPU_DEVICES)
def device(instance, request):
    with ireec.Device(instance, request.param) as device:
        _URIS[id(device)] = request.param
        yield device


def device_uri(device) -> str:
    return _URIS[id(device)]


@pytest.fixture(scope="module")
def abs_elf(tmp_path_factory):
    return compile_executable("absolute_2xf32", "llvm-cpu", tmp_path_factory.mktemp("exe"))


@pytest.fixture(scope="module")
def constants_elf(tmp_path_factory):
    return compile_executable("write_constants", "llvm-cpu", tmp_path_factory.mktemp("exe"))


def run(device, command_buffer, binding_table=None):
    semaphore = ireec.Semaphore(device, 0)
    device.queue_execute(command_buffer, binding_table, wait=[], signal=[(semaphore, 1)])
    semaphore.wait(1, timeout=60)


def test_the_issue_shapes_allocate_fill_update_copy_dispatch_read_back(device, abs_elf):
    buf = device.allocator.allocate_buffer(64, memory_type=MemoryType.DEVICE_LOCAL,
                                           usage=BufferUsage.DEFAULT)
    host = device.allocator.allocate_buffer(64, memory_type=HOST_TYPE, usage=HOST_USAGE)
    assert buf.allocation_size >= 64
    assert buf.memory_type & MemoryType.DEVICE_LOCAL == MemoryType.DEVICE_LOCAL
    assert buf.allowed_usage & BufferUsage.DEFAULT == BufferUsage.DEFAULT
    assert buf.allowed_access == MemoryAccess.ALL
    assert buf.subspan(16, 32).byte_length == 32

    cb = CommandBuffer(device, mode=CommandBufferMode.ONE_SHOT,
                       categories=CommandCategory.TRANSFER)
    cb.begin()
    cb.fill_buffer(buf, 0, 64, b"\x07\x00\x00\x00")
    cb.execution_barrier()
    cb.update_buffer(np.arange(4, dtype=np.uint32), buf, 16)
    cb.execution_barrier()
    cb.copy_buffer(buf, 0, host, 0, 64)
    cb.end()
    sem = ireec.Semaphore(device, 0)
    device.queue_execute(cb, wait=[], signal=[(sem, 1)])
    sem.wait(1)
    assert np.frombuffer(host.map_read(0, 64), np.uint32).tolist() == \
        [7, 7, 7, 7, 0, 1, 2, 3] + [7] * 8

    exe = ExecutableCache(device).prepare_executable(abs_elf, format="embedded-elf-x86_64")
    src = device.allocator.allocate_buffer(8, memory_type=HOST_TYPE,
                                           usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
    dst = device.allocator.allocate_buffer(8, memory_type=MemoryType.DEVICE_LOCAL,
                                           usage=BufferUsage.DEFAULT)
    src.map_write(0, np.array([-1.5, 2.0], np.float32))
    cb = CommandBuffer(device)
    cb.begin()
    cb.dispatch(exe, 0, (1, 1, 1), constants=b"", bindings=[src, dst])
    cb.execution_barrier()
    cb.copy_buffer(dst, 0, host, 0, 8)
    cb.end()
    device.queue_execute(cb, wait=[(sem, 1)], signal=[(sem, 2)])
    sem.wait(2)
    assert np.frombuffer(host.map_read(0, 8), np.float32).tolist() == [1.5, 2.0]


def test_map_range_is_a_memoryview_until_the_block_ends(device):
    host = device.allocator.allocate_buffer(16, memory_type=HOST_TYPE, usage=HOST_USAGE)
    with host.map_range(MappingMode.SCOPED, MemoryAccess.WRITE, 4, 8) as view:
        assert isinstance(view, memoryview) and len(view) == 8
        view[:] = bytes(range(1, 9))
    assert host.map_read(0, 16) == bytes(4) + bytes(range(1, 9)) + bytes(4)
    mapping = host.map_range(memory_access=MemoryAccess.READ)
    array = np.frombuffer(mapping.contents, np.uint8)
    mapping.unmap()  # the array still reads the mapped bytes
    assert array.tolist() == [0] * 4 + list(range(1, 9)) + [0] * 4
    with pytest.raises(ireec.ClosedError):
        mapping.contents
    with pytest.raises(TypeError):
        host.map_range(memory_access=MemoryAccess.READ).contents[0] = 1  # read-only


def test_queue_operations_chain_through_semaphores_and_fences(device):
    sem = ireec.Semaphore(device, 0)
    params = dict(memory_type=MemoryType.DEVICE_LOCAL | MemoryType.HOST_VISIBLE,
                  usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
    b = device.queue_alloca(256, **params, wait=[], signal=[(sem, 1)])
    device.queue_fill(b, 0, 256, np.uint16(0x0102), wait=[(sem, 1)], signal=[(sem, 2)])
    device.queue_update(b"\xaa\xbb\xcc\xdd", 1, b, 8, 2, wait=sem.fence(2),
                        signal=sem.fence(3))
    other = device.allocator.allocate_buffer(16, **params)
    device.queue_copy(b, 4, other, 0, 16, wait=[(sem, 3)], signal=[(sem, 4)])
    device.queue_barrier(wait=[(sem, 4)], signal=[(sem, 5)])
    device.queue_flush()
    sem.wait(5)
    assert other.map_read(0, 8) == bytes([2, 1, 2, 1, 0xBB, 0xCC, 2, 1])
    device.queue_dealloca(b, wait=[(sem, 5)], signal=[(sem, 6)])
    sem.wait(6)


def test_queue_read_and_write_files(device, tmp_path):
    path = tmp_path / "data.bin"
    path.write_bytes(bytes(range(64)))
    file = File.from_path(device, path, access=MemoryAccess.READ | MemoryAccess.WRITE)
    assert file.length == 64
    assert file.allowed_access & MemoryAccess.WRITE
    buf = device.allocator.allocate_buffer(32, memory_type=MemoryType.DEVICE_LOCAL,
                                           usage=BufferUsage.DEFAULT)
    sem = ireec.Semaphore(device, 0)
    device.queue_fill(buf, 0, 32, np.uint8(0), signal=[(sem, 1)])
    device.queue_read(file, 10, buf, 4, 20, wait=[(sem, 1)], signal=[(sem, 2)])
    device.queue_fill(buf, 0, 4, np.uint8(0xAB), wait=[(sem, 2)], signal=[(sem, 3)])
    # (Written through ireec's own steps on local-task, where IREE's queue
    # write blocks for ever.)
    device.queue_write(buf, 0, file, 60, 4, wait=[(sem, 3)], signal=[(sem, 4)])
    sem.wait(4, timeout=60)
    assert device.transfer_d2h(buf) == b"\xab" * 4 + bytes(range(10, 30)) + bytes(8)
    file.close()
    assert path.read_bytes() == bytes(range(60)) + b"\xab" * 4

    memory = bytearray(16)
    in_memory = File.from_memory(device, memory, MemoryAccess.READ | MemoryAccess.WRITE)
    device.queue_write(buf, 4, in_memory, 2, 8, signal=[(sem, 5)])
    sem.wait(5, timeout=60)
    assert bytes(memory) == bytes(2) + bytes(range(10, 18)) + bytes(6)


def test_host_calls_run_after_their_waits_with_their_arguments(device):
    calls = []
    sem = ireec.Semaphore(device, 0)
    device.queue_host_call(lambda *args: calls.append(args), args=(1, 2, 3, 4),
                           wait=[], signal=[(sem, 1)])
    device.queue_host_call(lambda a, b: calls.append((a, b)), args=(5, 2**64 - 1),
                           wait=[(sem, 1)], signal=[(sem, 2)])
    sem.wait(2, timeout=60)
    assert calls == [(1, 2, 3, 4), (5, 2**64 - 1)]


def test_a_host_call_that_raises_fails_its_signals_and_waiters_raise_it(device):
    sem, after = ireec.Semaphore(device, 0), ireec.Semaphore(device, 0)

    def refuse(value):
        raise KeyError(f"no entry {value}")

    device.queue_host_call(refuse, args=(7,), wait=[], signal=[(sem, 1)])
    with pytest.raises(KeyError, match="no entry 7"):
        sem.wait(1, timeout=60)
    with pytest.raises(ireec.NotFoundError, match="KeyError"):
        sem.query()  # the failure stays, with the exception's type and text
    # Work waiting on it never runs: its signals fail too.
    ran = []
    device.queue_host_call(lambda: ran.append(1), wait=[(sem, 1)], signal=[(after, 1)])
    with pytest.raises(ireec.IreeError):
        after.wait(1, timeout=60)
    assert ran == []


def test_a_deferred_host_call_signals_later_itself(device):
    sem = ireec.Semaphore(device, 0)
    called = threading.Event()
    taken = []

    def start(value, context):
        taken.append((value, context.signal))
        called.set()
        return DEFERRED

    device.queue_host_call(start, args=(3,), context=True, signal=[(sem, 1)])
    assert called.wait(timeout=60)
    ((value, signal),) = taken
    assert value == 3 and [v for _, v in signal] == [1]
    # The queue leaves a deferred call's semaphores to the call.
    assert sem.query() == 0
    signal[0][0].signal(1)
    sem.wait(1, timeout=60)


def test_reusable_command_buffer_with_a_binding_table(device, constants_elf):
    exe = ExecutableCache(device).prepare_executable(constants_elf, "embedded-elf-x86_64")
    outs = [device.allocator.allocate_buffer(32, memory_type=HOST_TYPE,
                                             usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
            for _ in range(2)]
    cb = CommandBuffer(device, CommandBufferMode.DEFAULT, binding_capacity=1)
    cb.begin()
    cb.dispatch(exe, 0, (1, 1, 1), [5, 6, 7, 8], [(BindingSlot(0), 0, 16)])
    cb.end()
    for index, out in enumerate(outs):
        out.map_zero()
        run(device, cb, [(out, 16 * index, 16)])
    assert np.frombuffer(outs[0].map_read(), np.uint32).tolist() == [5, 6, 7, 8] + [0] * 4
    assert np.frombuffer(outs[1].map_read(), np.uint32).tolist() == [0] * 4 + [5, 6, 7, 8]
    run(device, cb, [outs[0]])  # reusable: again


def test_events_order_command_buffers(device):
    event = Event(device)
    host = device.allocator.allocate_buffer(4, memory_type=HOST_TYPE, usage=HOST_USAGE)
    first, second = CommandBuffer(device), CommandBuffer(device)
    first.begin()
    first.fill_buffer(host, 0, 4, np.uint32(9))
    first.signal_event(event)
    first.end()
    second.begin()
    second.wait_events([event])
    second.fill_buffer(host, 0, 2, np.uint16(1))
    second.end()
    run(device, first)
    run(device, second)
    assert host.map_read() == b"\x01\x00\x00\x00"


def test_allocator_statistics_heaps_and_compatibility(device):
    allocator = device.allocator
    assert allocator.device is device
    before = allocator.query_statistics()
    buffer = allocator.allocate_buffer(4096, memory_type=HOST_TYPE, usage=HOST_USAGE)
    during = allocator.statistics
    assert during.host_bytes_allocated >= before.host_bytes_allocated + 4096
    buffer.close()
    after = allocator.statistics
    assert after.host_bytes_freed >= before.host_bytes_freed + 4096
    assert "HOST_LOCAL" in str(after)
    heaps = allocator.query_memory_heaps()
    assert heaps and all(h.min_alignment >= 1 for h in heaps)
    # A discrete device has a heap the host cannot see, where its
    # DEVICE_LOCAL buffers come from.
    discrete = any(not h.type & MemoryType.HOST_VISIBLE for h in heaps)
    assert discrete == ("discrete" in device_uri(device))
    compatibility, params, size = allocator.query_buffer_compatibility(
        100, memory_type=MemoryType.DEVICE_LOCAL, usage=BufferUsage.DEFAULT)
    assert compatibility & BufferCompatibility.ALLOCATABLE
    assert isinstance(params, BufferParams) and size >= 100
    assert bool(params.type & MemoryType.HOST_VISIBLE) != discrete


def test_import_buffer_shares_host_memory(device):
    array = ireec.empty_aligned(8, np.float32)
    array[:] = 1.0
    buffer = device.allocator.import_buffer(array)
    sem = ireec.Semaphore(device, 0)
    device.queue_fill(buffer, 8, 16, np.float32(4.5), signal=[(sem, 1)])
    sem.wait(1)
    assert array.tolist() == [1.0, 1.0, 4.5, 4.5, 4.5, 4.5, 1.0, 1.0]
    frozen = ireec.empty_aligned(16, np.uint8)
    frozen[:] = 7
    frozen.flags.writeable = False
    read_only = device.allocator.import_buffer(frozen)
    assert read_only.allowed_access == MemoryAccess.READ
    assert read_only.map_read(0, 4) == b"\x07" * 4
    with pytest.raises(ireec.PermissionDeniedError, match="allows access READ"):
        device.queue_fill(read_only, 0, 4, np.uint8(0))
    with pytest.raises(ireec.PermissionDeniedError, match="allows access READ"):
        read_only.map_write(0, b"\x00")
    with pytest.raises(ireec.InvalidArgumentError, match="not aligned to 64 bytes"):
        device.allocator.import_buffer(np.zeros(64, np.uint8)[1:])


def test_buffer_views_over_buffers_and_their_buffers(device):
    buffer = device.allocator.allocate_buffer(
        24, memory_type=HOST_TYPE, usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
    buffer.map_write(0, np.arange(6, dtype=np.int32))
    view = ireec.BufferView(buffer, (2, 3), np.int32)
    assert view.device is device
    assert view.to_numpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    assert isinstance(view.buffer, Buffer)
    assert view.buffer.handle == buffer.handle
    sint32 = ireec.lib.IREE_HAL_ELEMENT_TYPE_SINT_32
    assert str(ireec.BufferView(buffer.subspan(12), (3,), sint32)) == "3xsi32=3 4 5"
    mappable = ireec.BufferView.from_numpy(
        device, np.array([1, 2], np.float32), memory_type=HOST_TYPE,
        usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
    assert mappable.memory_type & MemoryType.HOST_LOCAL == MemoryType.HOST_LOCAL
    assert np.frombuffer(mappable.buffer.map_read(), np.float32).tolist() == [1.0, 2.0]


def test_device_queries(device):
    assert device.query_i64("hal.executable.format", "embedded-elf-x86_64") == 1
    assert device.query_i64("hal.device.id", "local*") == 1
    with pytest.raises(ireec.NotFoundError):
        device.query_i64("no.such.category", "key")


@pytest.mark.parametrize("pattern", [np.uint8(0xA5), np.uint16(0xA1B2), np.uint32(0x01020304)],
                         ids=["1 byte", "2 bytes", "4 bytes"])
def test_a_transfer_command_buffer_fills_with_the_pattern_given(device, pattern):
    buffer = device.allocator.allocate_buffer(16, memory_type=HOST_TYPE, usage=HOST_USAGE)
    buffer.map_fill(0, None, np.uint8(0))
    run(device, CommandBuffer.create_transfer(
        device, [TransferCommand.fill(buffer, 4, 8, pattern)]))
    filled = np.frombuffer(buffer.map_read(0, 16), np.uint8)
    assert filled[:4].tolist() == [0] * 4 and filled[12:].tolist() == [0] * 4
    assert filled[4:12].view(pattern.dtype).tolist() == [int(pattern)] * (8 // pattern.itemsize)


def test_channels_are_unimplemented_on_cpu_devices(device):
    users = device._users
    with pytest.raises(ireec.UnimplementedError, match="collectives") as raised:
        Channel(device)
    assert any("has no collectives" in note for note in raised.value.__notes__)
    assert device._users == users  # the refused channel holds no use of the device


def test_a_heap_allocator_of_its_own(device):
    heap = Allocator.create_heap("scratch")
    buffer = heap.allocate_buffer(16, memory_type=HOST_TYPE, usage=HOST_USAGE)
    buffer.map_fill(0, None, np.uint8(3))
    assert buffer.map_read(0, 4) == b"\x03" * 4
    heap.close()  # released once its buffer goes
    assert heap.closed and not heap._released
    assert buffer.map_read(12, 4) == b"\x03" * 4
    buffer.close()
    assert heap._released
