"""How long ireec.hal's objects and what they name live: whatever made a
buffer outlives it, a command buffer keeps what its commands name, closing
is safe in any order, collection releases everything, a forked child
refuses what it inherited, and the interpreter exits with work still
queued on semaphores nobody signals."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

import ireec
from ireec.hal import BufferUsage, CommandBuffer, MemoryType

from child_process import FORKED_USES, run_python

HOST_TYPE = MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE
USAGE = BufferUsage.DEFAULT | BufferUsage.MAPPING


def test_a_buffer_keeps_its_allocator_and_device(instance, cpu_driver):
    device = instance.create_device(cpu_driver)
    allocator = device.allocator
    buffer = allocator.allocate_buffer(16, memory_type=HOST_TYPE, usage=USAGE)
    assert buffer.owner is allocator and buffer.device is device
    device.close()
    allocator.close()
    # Closed, but kept until the buffer (whose statistics the allocator
    # keeps) goes.
    assert device.closed and not device._released
    assert allocator.closed and not allocator._released
    buffer.map_fill(0, None, np.uint8(4))
    assert buffer.map_read(0, 2) == b"\x04\x04"
    buffer.close()
    assert allocator._released and device._released


def test_a_command_buffer_keeps_what_its_commands_name(device):
    buffer = device.allocator.allocate_buffer(16, memory_type=HOST_TYPE, usage=USAGE)
    command_buffer = CommandBuffer(device)
    command_buffer.begin()
    command_buffer.fill_buffer(buffer, 0, 16, np.uint8(3))
    command_buffer.end()
    buffer.close()  # in use by the command buffer: released when it goes
    assert buffer.closed and not buffer._released
    semaphore = ireec.Semaphore(device, 0)
    device.queue_execute(command_buffer, signal=[(semaphore, 1)])
    semaphore.wait(1, timeout=60)
    command_buffer.close()
    assert buffer._released


def test_wait_events_checks_before_it_records_and_keeps_its_events(device):
    from ireec.hal import BindingSlot, Event

    first, second = Event(device), Event(device)
    command_buffer = CommandBuffer(device, binding_capacity=1)
    command_buffer.begin()
    # A buffer barrier naming a slot past the binding capacity: refused
    # before anything is recorded or kept.
    with pytest.raises(ireec.OutOfRangeError, match="slot 5 is out of range"):
        command_buffer.wait_events([first], buffer_barriers=[(0, 0, BindingSlot(5))])
    assert first._users == 0
    command_buffer.signal_event(first)
    command_buffer.wait_events([first, second])
    command_buffer.end()
    for event in (first, second):
        event.close()  # in use by the command buffer: released when it goes
        assert event.closed and not event._released
    command_buffer.close()
    assert first._released and second._released


def test_views_and_their_buffers(device):
    view = ireec.BufferView.from_numpy(device, np.arange(4, dtype=np.float32))
    buffer = view.buffer
    view.close()
    assert not view._released  # its buffer holds a use of it
    assert np.frombuffer(device.transfer_d2h(buffer), np.float32).tolist() == [0, 1, 2, 3]
    buffer.close()
    assert view._released


def run_child(body: str) -> dict:
    return run_python("-c", textwrap.dedent(body), timeout=120).check().json_line()


def test_everything_is_released_when_collected(tmp_path):
    figures = run_child('''
        import gc, json, weakref
        import numpy as np
        import ireec
        from ireec.hal import *
        instance = ireec.Instance()
        device = instance.create_device("local-task")
        stats = device.allocator
        before = stats.statistics
        objects = []
        def made():
            buffer = device.allocator.allocate_buffer(
                64, memory_type=MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE,
                usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
            command_buffer = CommandBuffer(device)
            command_buffer.begin()
            command_buffer.fill_buffer(buffer, 0, 64, np.uint8(1))
            command_buffer.end()
            semaphore = Semaphore(device, 0)
            device.queue_execute(command_buffer, signal=[(semaphore, 1)])
            semaphore.wait(1)
            file = File.from_memory(device, bytearray(64), MemoryAccess.READ)
            event = Event(device)
            cache = ExecutableCache(device)
            view = ireec.BufferView(buffer.subspan(0, 16), (4,), np.float32)
            return [buffer, command_buffer, semaphore, file, event, cache, view, view.buffer,
                    device.allocator]
        refs = [weakref.ref(o) for o in made()]
        gc.collect()
        after = stats.statistics
        print(json.dumps({
            "alive": [repr(r()) for r in refs if r() is not None],
            "host": [after.host_bytes_allocated - before.host_bytes_allocated,
                     after.host_bytes_freed - before.host_bytes_freed],
            "lent": ireec.io.file_handle.lent_memory_count()}))
    ''')
    assert figures["alive"] == []
    allocated, freed = figures["host"]
    assert allocated >= 64 and freed == allocated
    assert figures["lent"] == 0


def test_an_executable_collected_in_a_reference_cycle(tmp_path):
    # The executable's data stays exported while it lives. Collected in a
    # cycle (a traceback kept in a frame it is a local of), the collector
    # clears its members in no fixed order: an export taken from a
    # memoryview, cleared first, crashed the interpreter when the export
    # was given back. The export is taken from the bytes themselves.
    from cts_support import compile_executable

    executable = compile_executable("write_constants", "llvm-cpu", tmp_path)
    figures = run_child(f'''
        import gc, json
        import ireec
        from ireec.hal import ExecutableCache
        device = ireec.Instance().create_device("local-task")
        data = bytes.fromhex("{executable.hex()}")
        exe = ExecutableCache(device).prepare_executable(data, "embedded-elf-x86_64")
        cycle = [exe]
        cycle.append(cycle)
        del exe, cycle
        collected = gc.collect()
        print(json.dumps({{"collected": collected > 0}}))
    ''')
    assert figures == {"collected": True}


@pytest.mark.parametrize("waiting", ["queue_fill", "queue_host_call", "queue_execute"])
def test_exit_with_work_waiting_on_a_semaphore_nobody_signals(waiting):
    # IREE's queues drain before a device is released: ireec fails such
    # waits at exit, so the work is skipped and the process ends.
    outcome = run_python("-c", textwrap.dedent(f'''
        import numpy as np
        import ireec
        from ireec.hal import *
        instance = ireec.Instance()
        device = instance.create_device("local-task")
        never, done = ireec.Semaphore(device, 0), ireec.Semaphore(device, 0)
        buffer = device.allocator.allocate_buffer(
            16, memory_type=MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE,
            usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
        called = []
        if "{waiting}" == "queue_fill":
            device.queue_fill(buffer, 0, 16, b"\\x01", wait=[(never, 1)], signal=[(done, 1)])
        elif "{waiting}" == "queue_host_call":
            device.queue_host_call(lambda: called.append(1), wait=never.fence(1),
                                   signal=[(done, 1)])
        else:
            command_buffer = CommandBuffer(device)
            command_buffer.begin()
            command_buffer.end()
            device.queue_execute(command_buffer, wait=[(never, 1)], signal=[(done, 1)])
        print("queued", done.query(), called, flush=True)
    '''), timeout=120).check()
    assert outcome.stdout == "queued 0 []\n"


def test_a_host_call_whose_wait_fails_is_not_called(device):
    never, done = ireec.Semaphore(device, 0), ireec.Semaphore(device, 0)
    called = []
    if device.id == "local-sync":
        never.fail("upstream failed", ireec.lib.IREE_STATUS_DATA_LOSS)
    device.queue_host_call(lambda: called.append(1), wait=[(never, 1)], signal=[(done, 1)])
    if device.id != "local-sync":
        never.fail("upstream failed", ireec.lib.IREE_STATUS_DATA_LOSS)
    with pytest.raises(ireec.IreeError):
        done.wait(1, timeout=60)
    with pytest.raises(ireec.DataLossError, match="upstream failed"):
        done.query()
    assert called == []
    # A call never made is dropped at the next registration.
    other = ireec.Semaphore(device, 0)
    device.queue_host_call(lambda: called.append(2), signal=[(other, 1)])
    other.wait(1, timeout=60)
    assert called == [2]
    assert len(ireec.hal._host_call._calls) == 0


def test_a_forked_child_refuses_inherited_hal_objects():
    figures = run_child(FORKED_USES + textwrap.dedent('''
        import json
        import numpy as np
        import ireec
        from ireec.hal import *
        device = ireec.Instance().create_device("local-task")
        buffer = device.allocator.allocate_buffer(
            16, memory_type=MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE,
            usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
        command_buffer = CommandBuffer(device)
        uses = {"map_read": lambda: buffer.map_read(),
                "begin": lambda: command_buffer.begin(),
                "allocator": lambda: device.allocator,
                "queue_fill": lambda: device.queue_fill(buffer, 0, 16, b"\\x00")}
        exit_code, report = forked_uses(uses)
        buffer.map_fill(0, None, np.uint8(2))
        report["parent"] = list(buffer.map_read(0, 2))
        report["exit code"] = exit_code
        print(json.dumps(report))
    '''))
    assert figures.pop("parent") == [2, 2]
    assert figures.pop("exit code") == 0
    assert set(figures.values()) == {"inherited"}, figures
