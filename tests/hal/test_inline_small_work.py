"""local-task devices run small, ready work on the submitting thread
(csrc/hal/drivers/task_inline_execution.c; docs/devices.md, "Small work on the
caller's thread").

Whether a submission ran inline is read from the device itself
(iree_hal_device_query_i64, category "ireec.local_task"): `inline_small_work`
says whether the device does it, `inline_executions` counts the command
buffers it ran that way. Every result is checked against numpy.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

import ireec
from ireec import check_status, ffi, lib

MATMUL = """
func.func @matmul(%lhs: tensor<{n}x{n}xf32>, %rhs: tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<{n}x{n}xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  %0 = linalg.matmul ins(%lhs, %rhs : tensor<{n}x{n}xf32>, tensor<{n}x{n}xf32>)
                     outs(%acc : tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  return %0 : tensor<{n}x{n}xf32>
}}
"""


def inline_state(device) -> tuple[int, int]:
    """(inline_small_work, inline_executions) of a local-task device."""
    values = []
    for key in (b"inline_small_work", b"inline_executions"):
        out = ffi.new("int64_t*")
        check_status(lib.iree_hal_device_query_i64(
            device.handle, lib.iree_make_cstring_view(b"ireec.local_task"),
            lib.iree_make_cstring_view(key), out))
        values.append(out[0])
    return values[0], values[1]


def session_on(instance, uri, vmfb):
    device = instance.create_device(uri)
    session = ireec.Session(instance, device)
    session.load_module(vmfb)
    return device, session


def check_simple_mul(session, calls=5):
    a = np.array([1.0, 1.1, 1.2, 1.3], np.float32)
    b = np.array([10.0, 100.0, 1000.0, 10000.0], np.float32)
    for i in range(calls):
        np.testing.assert_array_equal(session.call("module.simple_mul", a + i, b)[0].to_numpy(),
                                      (a + i) * b)


# --- which devices do it -------------------------------------------------------------

def test_small_calls_run_on_the_caller_by_default(instance, program):
    device, session = session_on(instance, "local-task", program("simple_mul"))
    enabled, before = inline_state(device)
    assert enabled == 1
    check_simple_mul(session, calls=5)
    assert inline_state(device)[1] >= before + 5


@pytest.mark.parametrize("uri, enabled", [
    ("local-task://?inline_small_work=false", 0),
    ("local-task://?inline_small_work=0", 0),
    # Any other parameter keeps IREE's behaviour, as IREE's --task_* flags do.
    ("local-task://?topology_group_count=1", 0),
    ("local-task://?worker_spin_us=0", 0),
    ("local-task://?memory=host", 0),
    ("local-task://?memory=discrete", 0),
    # Unless it is asked for.
    ("local-task://?inline_small_work=true", 1),
    ("local-task://?inline_small_work", 1),
    ("local-task://?topology_group_count=1&inline_small_work=1", 1),
    ("local-task://?memory=discrete&inline_small_work=true", 1),
])
def test_the_uri_says_whether_small_calls_run_on_the_caller(instance, program, uri, enabled):
    device, session = session_on(instance, uri, program("simple_mul"))
    assert inline_state(device) == (enabled, 0)
    check_simple_mul(session, calls=5)
    ran_inline = inline_state(device)[1]
    assert ran_inline >= 5 if enabled else ran_inline == 0


def test_threads_on_sessions_of_one_device_each_get_their_own_results(instance, program):
    # Several callers running their work on their own threads at once, and
    # the workers taking whatever arrives while one of them is pending.
    device = instance.create_device("local-task")
    errors = []

    def work(index):
        try:
            session = ireec.Session(instance, device)
            session.load_module(program("simple_mul"))
            a = np.arange(4, dtype=np.float32) + index
            for i in range(50):
                b = np.full(4, i, np.float32)
                np.testing.assert_array_equal(
                    session.call("module.simple_mul", a, b)[0].to_numpy(), a * b)
        except BaseException as error:  # reported below, on the main thread
            errors.append(error)

    threads = [threading.Thread(target=work, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # How many ran inline depends on how the threads interleaved: not asserted.
    assert errors == []


def test_inline_small_work_takes_a_bool_or_auto(instance):
    with pytest.raises(ireec.InvalidArgumentError,
                       match="'inline_small_work' is 'maybe'; expected true, false, 1, 0 or "
                             "auto"):
        instance.create_device("local-task://?inline_small_work=maybe")
    with pytest.raises(ireec.InvalidArgumentError,
                       match="unknown local-sync device parameter 'inline_small_work'"):
        instance.create_device("local-sync://?inline_small_work=true")
    device = instance.create_device("local-task://?inline_small_work=auto")
    assert inline_state(device) == (1, 0)


def test_other_queries_still_reach_the_task_device(instance):
    device = instance.create_device("local-task")
    out = ffi.new("int64_t*")
    check_status(lib.iree_hal_device_query_i64(
        device.handle, lib.iree_make_cstring_view(b"hal.device.id"),
        lib.iree_make_cstring_view(b"local-task"), out))
    assert out[0] == 1
    with pytest.raises(ireec.NotFoundError, match="ireec.local_task :: colour"):
        check_status(lib.iree_hal_device_query_i64(
            device.handle, lib.iree_make_cstring_view(b"ireec.local_task"),
            lib.iree_make_cstring_view(b"colour"), out))


# --- what runs inline --------------------------------------------------------------

@pytest.mark.parametrize("n, runs_inline", [(64, True), (512, False)])
def test_only_small_work_runs_on_the_caller(instance, compile_mlir, n, runs_inline):
    # A 64x64 matmul touches 48 KiB, under the limit; a 512x512 one 3 MiB,
    # which the workers' parallelism pays for.
    device, session = session_on(instance, "local-task", compile_mlir(MATMUL.format(n=n)))
    rng = np.random.default_rng(n)
    lhs = rng.standard_normal((n, n), dtype=np.float32)
    rhs = rng.standard_normal((n, n), dtype=np.float32)
    before = inline_state(device)[1]
    for _ in range(3):
        got = session.call("module.matmul", lhs, rhs)[0].to_numpy()
        np.testing.assert_allclose(got, lhs @ rhs, rtol=1e-4, atol=1e-3)
    ran_inline = inline_state(device)[1] - before
    assert ran_inline >= 3 if runs_inline else ran_inline == 0


# --- the raw HAL: ordering and failures ----------------------------------------------

class Queue:
    """A local-task device's queue driven through the raw HAL."""

    def __init__(self, device):
        self.device = device
        self.keep = []

    def semaphore(self, initial=0):
        out = ffi.new("iree_hal_semaphore_t**")
        check_status(lib.iree_hal_semaphore_create(
            self.device.handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, initial, 0, out))
        self.keep.append(ffi.gc(out[0], lib.iree_hal_semaphore_release))
        return out[0]

    def buffer(self, data: bytes, access=lib.IREE_HAL_MEMORY_ACCESS_ALL):
        params = ffi.new("iree_hal_buffer_params_t*")
        params.type = (lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL
                       | lib.IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE)
        params.access = access
        params.usage = lib.IREE_HAL_BUFFER_USAGE_DEFAULT | lib.IREE_HAL_BUFFER_USAGE_MAPPING
        out = ffi.new("iree_hal_buffer_t**")
        check_status(lib.iree_hal_allocator_allocate_buffer(
            lib.iree_hal_device_allocator(self.device.handle), params[0], len(data), out))
        self.keep.append(ffi.gc(out[0], lib.iree_hal_buffer_release))
        if access & lib.IREE_HAL_MEMORY_ACCESS_WRITE:
            check_status(lib.iree_hal_buffer_map_write(out[0], 0, data, len(data)))
        return out[0]

    @staticmethod
    def read(buffer, size) -> bytes:
        out = ffi.new("uint8_t[]", size)
        check_status(lib.iree_hal_buffer_map_read(buffer, 0, out, size))
        return bytes(ffi.buffer(out, size))

    def recorded(self, record, binding_capacity=0, mode=lib.IREE_HAL_COMMAND_BUFFER_MODE_DEFAULT):
        """A recorded command buffer, replayed at submission: reusable, or
        ONE_SHOT with binding slots (local-task records those too)."""
        out = ffi.new("iree_hal_command_buffer_t**")
        check_status(lib.iree_hal_command_buffer_create(
            self.device.handle, mode,
            lib.IREE_HAL_COMMAND_CATEGORY_ANY, lib.IREE_HAL_QUEUE_AFFINITY_ANY,
            binding_capacity, out))
        self.keep.append(ffi.gc(out[0], lib.iree_hal_command_buffer_release))
        check_status(lib.iree_hal_command_buffer_begin(out[0]))
        record(out[0])
        check_status(lib.iree_hal_command_buffer_end(out[0]))
        return out[0]

    def copy(self, source, target, size):
        def record(cb):
            refs = ffi.new("iree_hal_buffer_ref_t[2]")
            refs[0].buffer, refs[0].length = source, size
            refs[1].buffer, refs[1].length = target, size
            check_status(lib.iree_hal_command_buffer_copy_buffer(cb, refs[0], refs[1], 0))
        return self.recorded(record)

    @staticmethod
    def semaphore_list(pairs):
        semaphores = ffi.new("iree_hal_semaphore_t*[]", [s for s, _ in pairs] or [ffi.NULL])
        values = ffi.new("uint64_t[]", [v for _, v in pairs] or [0])
        lst = ffi.new("iree_hal_semaphore_list_t*")
        lst.count, lst.semaphores, lst.payload_values = len(pairs), semaphores, values
        return lst, (semaphores, values)

    def execute(self, command_buffer, waits=(), signals=(), bindings=()):
        wait_list, keep_waits = self.semaphore_list(waits)
        signal_list, keep_signals = self.semaphore_list(signals)
        table = ffi.new("iree_hal_buffer_binding_table_t*")
        entries = ffi.new("iree_hal_buffer_binding_t[]", max(1, len(bindings)))
        for entry, buffer in zip(entries, bindings):
            entry.buffer, entry.length = buffer, lib.IREE_HAL_WHOLE_BUFFER
        table.count, table.bindings = len(bindings), entries
        check_status(lib.iree_hal_device_queue_execute(
            self.device.handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, wait_list[0], signal_list[0],
            command_buffer, table[0], 0))

    @staticmethod
    def query(semaphore) -> int:
        value = ffi.new("uint64_t*")
        check_status(lib.iree_hal_semaphore_query(semaphore, value))
        return value[0]

    @staticmethod
    def wait(semaphore, value):
        check_status(lib.iree_hal_semaphore_wait(
            semaphore, value, lib.iree_infinite_timeout(), lib.IREE_HAL_WAIT_FLAG_DEFAULT))


def test_work_never_overtakes_work_still_queued(instance):
    device = instance.create_device("local-task")
    queue = Queue(device)
    ones, twos = b"\x01" * 64, b"\x02" * 64
    x, y, z = queue.buffer(ones), queue.buffer(bytes(64)), queue.buffer(bytes(64))
    gate, first, second, third = (queue.semaphore() for _ in range(4))
    before = inline_state(device)[1]

    # Queued behind a wait not yet reached: x <- twos once the gate opens.
    queue.execute(queue.copy(queue.buffer(twos), x, 64), waits=[(gate, 1)],
                  signals=[(first, 1)])
    # Ready, small, but submitted while the queue holds pending work: queued too.
    queue.execute(queue.copy(x, y, 64), waits=[(first, 1)], signals=[(second, 1)])
    queue.execute(queue.copy(queue.buffer(ones), z, 64), signals=[(third, 1)])
    assert inline_state(device)[1] == before
    assert queue.query(first) == 0

    check_status(lib.iree_hal_semaphore_signal(gate, 1))
    for semaphore in (first, second, third):
        queue.wait(semaphore, 1)
    assert queue.read(x, 64) == twos and queue.read(y, 64) == twos
    assert queue.read(z, 64) == ones

    # The queue idle again: the same kind of submission runs before it returns.
    w = queue.buffer(bytes(64))
    fourth = queue.semaphore()
    queue.execute(queue.copy(x, w, 64), signals=[(fourth, 1)])
    assert inline_state(device)[1] == before + 1
    assert queue.query(fourth) == 1
    assert queue.read(w, 64) == twos


@pytest.mark.parametrize("mode", [lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT,
                                  lib.IREE_HAL_COMMAND_BUFFER_MODE_DEFAULT],
                         ids=["one_shot", "reusable"])
@pytest.mark.parametrize("size, runs_inline", [(64, True), (128 * 1024, False)],
                         ids=["small", "large"])
def test_transfers_into_binding_slots_write_them(instance, mode, size, runs_inline):
    # A fill and a copy into the buffers a binding table names at submission.
    # Deciding whether the work is small replays the recording without running
    # it; the commands must still be there for the run that follows, on the
    # caller's thread or on the workers (a ONE_SHOT recording is dropped by
    # the replay that runs it).
    device = instance.create_device("local-task")
    queue = Queue(device)
    source, target = queue.buffer(b"\x88" * 32), queue.buffer(bytes(size))
    fill_length = size - 32

    def record(cb):
        fill, copy = ffi.new("iree_hal_buffer_ref_t*"), ffi.new("iree_hal_buffer_ref_t[2]")
        fill.buffer_slot, fill.length = 1, fill_length
        check_status(lib.iree_hal_command_buffer_fill_buffer(
            cb, fill[0], ffi.new("uint8_t*", 7), 1, 0))
        copy[0].buffer_slot, copy[0].offset, copy[0].length = 0, 4, 8
        copy[1].buffer_slot, copy[1].offset, copy[1].length = 1, fill_length, 8
        check_status(lib.iree_hal_command_buffer_copy_buffer(cb, copy[0], copy[1], 0))

    command_buffer = queue.recorded(record, binding_capacity=2, mode=mode)
    signal = queue.semaphore()
    before = inline_state(device)[1]
    queue.execute(command_buffer, signals=[(signal, 1)], bindings=[source, target])
    queue.wait(signal, 1)
    assert inline_state(device)[1] == before + (1 if runs_inline else 0)
    assert queue.read(target, size) == b"\x07" * fill_length + b"\x88" * 8 + bytes(24)


def test_a_failed_wait_fails_the_signals_and_the_work_does_not_run(instance):
    device = instance.create_device("local-task")
    queue = Queue(device)
    x, y = queue.buffer(b"\x07" * 16), queue.buffer(bytes(16))
    failed, signal = queue.semaphore(), queue.semaphore()
    lib.iree_hal_semaphore_fail(failed, lib.iree_status_allocate(
        lib.IREE_STATUS_DATA_LOSS, b"test", 1, lib.iree_make_cstring_view(b"upstream broke")))
    before = inline_state(device)[1]
    queue.execute(queue.copy(x, y, 16), waits=[(failed, 1)], signals=[(signal, 1)])
    with pytest.raises(ireec.DataLossError, match="upstream broke"):
        queue.query(signal)
    assert queue.read(y, 16) == bytes(16)
    assert inline_state(device)[1] == before


@pytest.mark.parametrize("uri, runs_inline", [
    ("local-task", True), ("local-task://?inline_small_work=false", False)])
def test_failing_work_fails_its_signals_and_later_work_as_on_the_workers(
        instance, uri, runs_inline):
    # A fill whose binding table names a read-only buffer: the recording is
    # valid, the submission fails as it runs (on the caller's thread or on a
    # worker). Its signal fails with ABORTED and, as IREE's task queue does
    # after a failure, so does all later work of the device.
    device = instance.create_device(uri)
    queue = Queue(device)
    target = queue.buffer(bytes(16), access=lib.IREE_HAL_MEMORY_ACCESS_READ)
    contents = queue.read(target, 16)

    def record(cb):
        ref = ffi.new("iree_hal_buffer_ref_t*")
        ref.buffer_slot, ref.length = 0, 16
        check_status(lib.iree_hal_command_buffer_fill_buffer(
            cb, ref[0], ffi.new("uint32_t*", 0x05050505), 4, 0))

    command_buffer = queue.recorded(record, binding_capacity=1)
    signal, later = queue.semaphore(), queue.semaphore()
    before = inline_state(device)[1]
    queue.execute(command_buffer, signals=[(signal, 1)], bindings=[target])
    with pytest.raises(ireec.AbortedError):
        queue.wait(signal, 1)
    with pytest.raises(ireec.AbortedError) as failure:
        queue.query(signal)
    if runs_inline:
        # The root cause, which IREE's task queue does not keep.
        assert "the device has failed" in str(failure.value)
        assert "operation requires WRITE" in str(failure.value)
    assert queue.read(target, 16) == contents
    assert inline_state(device)[1] == before + (1 if runs_inline else 0)

    x, y = queue.buffer(b"\x03" * 16), queue.buffer(bytes(16))
    queue.execute(queue.copy(x, y, 16), waits=[(signal, 0)], signals=[(later, 1)])
    with pytest.raises(ireec.AbortedError):
        queue.wait(later, 1)
    assert queue.read(y, 16) == bytes(16)
    assert inline_state(device)[1] == before + (1 if runs_inline else 0)
