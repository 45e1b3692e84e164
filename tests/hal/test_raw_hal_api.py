"""The HAL driven through the raw layer (ireec.lib), as a C program drives it.

Every case runs on both CPU drivers (local-task: work on worker threads;
local-sync: work inline on the submitting thread) and asserts values read
back from the device: queue operations that wait and signal, command buffers
(fill, update, copy, dispatch of a compiled executable, reusable with binding
tables), queue alloca/dealloca, buffer mapping and files. IREE's own HAL
conformance cases are ported in cts/ (against ireec.hal); semaphores and
fences are tested in test_semaphores_and_fences.py.

On local-sync a submission returns only once its waits are reached, so a
test that needs a wait to be pending signals from another thread.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

import ireec
from ireec import check_status, ffi, lib

from locations import PROGRAMS_DIR
from raw_support import new_device, new_instance

DRIVERS = ["local-task", "local-sync"]
INFINITE = None  # marker: wait forever


@pytest.fixture(scope="module")
def raw_instance():
    instance = new_instance()
    yield instance
    lib.iree_runtime_instance_release(instance)


@pytest.fixture(scope="module", params=DRIVERS)
def device(request, raw_instance):
    device = new_device(raw_instance, request.param)
    yield device
    lib.iree_hal_device_release(device)


# IREE's own local-task takes a failed semaphore's failure value as
# "reached" in its queue and multi-waits; ireec's local-task devices do what
# the HAL promises.
DRIVERS_FAILURE_PROPAGATION = ["local-task", "local-sync"]


@pytest.fixture
def device_by_uri(raw_instance):
    """device_by_uri(uri) -> (a new device, its Semaphores), for the cases
    that run on some drivers only; all released when the test ends."""
    made = []
    def make(uri):
        device = new_device(raw_instance, uri)
        made.append((device, Semaphores(device)))
        return made[-1]
    yield make
    for device, semaphores in made:
        semaphores.release()
        lib.iree_hal_device_release(device)


def timeout_of(seconds):
    if seconds is INFINITE:
        return lib.iree_infinite_timeout()
    return lib.iree_make_timeout_ns(int(seconds * 1e9))


class Semaphores:
    """Semaphores of one device, released when the test ends."""

    def __init__(self, device):
        self.device = device
        self.made = []

    def new(self, initial=0):
        out = ffi.new("iree_hal_semaphore_t**")
        check_status(lib.iree_hal_semaphore_create(
            self.device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, initial, 0, out))
        self.made.append(out[0])
        return out[0]

    def release(self):
        for semaphore in self.made:
            lib.iree_hal_semaphore_release(semaphore)


@pytest.fixture
def semaphores(device):
    made = Semaphores(device)
    yield made
    made.release()


def query(semaphore):
    value = ffi.new("uint64_t*")
    check_status(lib.iree_hal_semaphore_query(semaphore, value))
    return value[0]


def semaphore_list(*pairs):
    """An iree_hal_semaphore_list_t of (semaphore, value) pairs, with the
    arrays it points to kept alive by the returned tuple."""
    semaphores = ffi.new("iree_hal_semaphore_t*[]", [s for s, _ in pairs] or [ffi.NULL])
    values = ffi.new("uint64_t[]", [v for _, v in pairs] or [0])
    lst = ffi.new("iree_hal_semaphore_list_t*")
    lst.count = len(pairs)
    lst.semaphores = semaphores
    lst.payload_values = values
    return lst[0], (semaphores, values, lst)


def wait(semaphore, value, seconds=INFINITE):
    check_status(lib.iree_hal_semaphore_wait(
        semaphore, value, timeout_of(seconds), lib.IREE_HAL_WAIT_FLAG_DEFAULT))


def signal_later(semaphore, value, after: threading.Event | None = None):
    """Signals from another thread (after `after` is set, if given)."""
    def run():
        if after is not None:
            after.wait()
        check_status(lib.iree_hal_semaphore_signal(semaphore, value))
    thread = threading.Thread(target=run)
    thread.start()
    return thread


def new_buffer(device, size, usage=None):
    allocator = lib.iree_hal_device_allocator(device)
    params = ffi.new("iree_hal_buffer_params_t*")
    params.type = lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL | lib.IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE
    params.access = lib.IREE_HAL_MEMORY_ACCESS_ALL
    params.usage = usage if usage is not None else (
        lib.IREE_HAL_BUFFER_USAGE_DEFAULT | lib.IREE_HAL_BUFFER_USAGE_MAPPING)
    out = ffi.new("iree_hal_buffer_t**")
    check_status(lib.iree_hal_allocator_allocate_buffer(allocator, params[0], size, out))
    return out[0]


def write(buffer, data: bytes, offset=0):
    check_status(lib.iree_hal_buffer_map_write(buffer, offset, data, len(data)))


def read(buffer, size, offset=0) -> bytes:
    out = ffi.new("uint8_t[]", size)
    check_status(lib.iree_hal_buffer_map_read(buffer, offset, out, size))
    return bytes(ffi.buffer(out, size))


def buffer_ref(buffer, offset, length, slot=0):
    ref = ffi.new("iree_hal_buffer_ref_t*")
    ref.buffer_slot = slot
    ref.buffer = buffer
    ref.offset = offset
    ref.length = length
    return ref[0]


EMPTY_TABLE = None


def binding_table(*buffers):
    if not buffers:
        table = ffi.new("iree_hal_buffer_binding_table_t*")
        return table[0], (table,)
    bindings = ffi.new("iree_hal_buffer_binding_t[]", len(buffers))
    for i, (buffer, offset, length) in enumerate(buffers):
        bindings[i].buffer = buffer
        bindings[i].offset = offset
        bindings[i].length = length
    table = ffi.new("iree_hal_buffer_binding_table_t*")
    table.count = len(buffers)
    table.bindings = bindings
    return table[0], (bindings, table)


def execute(device, command_buffer, waits=(), signals=(), table=()):
    wait_list, keep_w = semaphore_list(*waits)
    signal_list, keep_s = semaphore_list(*signals)
    table_value, keep_t = binding_table(*table)
    check_status(lib.iree_hal_device_queue_execute(
        device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, wait_list, signal_list,
        command_buffer, table_value, 0))


def new_command_buffer(device, mode=lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT,
                       binding_capacity=0):
    out = ffi.new("iree_hal_command_buffer_t**")
    check_status(lib.iree_hal_command_buffer_create(
        device, mode, lib.IREE_HAL_COMMAND_CATEGORY_ANY,
        lib.IREE_HAL_QUEUE_AFFINITY_ANY, binding_capacity, out))
    return out[0]


def record_and_execute(device, mode, record, signal):
    """Records record(command_buffer) into a new command buffer of `mode`,
    then executes it on the queue, signalling `signal` (semaphore, value)."""
    cb = new_command_buffer(device, mode)
    try:
        check_status(lib.iree_hal_command_buffer_begin(cb))
        record(cb)
        check_status(lib.iree_hal_command_buffer_end(cb))
        execute(device, cb, signals=[signal])
    finally:
        lib.iree_hal_command_buffer_release(cb)


# ---------------------------------------------------------------------------
# Queue operations that wait and signal
# ---------------------------------------------------------------------------

def test_queue_fill_waits_for_its_semaphore_then_signals(device, semaphores):
    buffer = new_buffer(device, 16)
    try:
        write(buffer, bytes(16))
        gate, done = semaphores.new(), semaphores.new()
        wait_list, k1 = semaphore_list((gate, 1))
        signal_list, k2 = semaphore_list((done, 1))
        pattern = ffi.new("uint32_t*", 0xA1B2C3D4)
        # Opened from another thread: on local-sync this submission blocks
        # until then.
        thread = signal_later(gate, 1)
        check_status(lib.iree_hal_device_queue_fill(
            device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, wait_list, signal_list,
            buffer, 4, 8, pattern, 4, 0))
        wait(done, 1)
        thread.join()
        assert np.frombuffer(read(buffer, 16), np.uint32).tolist() == \
            [0, 0xA1B2C3D4, 0xA1B2C3D4, 0]
    finally:
        lib.iree_hal_buffer_release(buffer)


def test_queue_update_and_copy_chain_through_semaphores(device, semaphores):
    source, target = new_buffer(device, 32), new_buffer(device, 32)
    try:
        write(source, bytes(32))
        write(target, bytes(32))
        s = semaphores.new()
        data = bytes(range(1, 17))
        host = ffi.new("uint8_t[]", data)
        no_waits, k0 = semaphore_list()
        to1, k1 = semaphore_list((s, 1))
        to2, k2 = semaphore_list((s, 2))
        check_status(lib.iree_hal_device_queue_update(
            device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, no_waits, to1,
            host, 0, source, 8, 16, 0))
        check_status(lib.iree_hal_device_queue_copy(
            device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, to1, to2,
            source, 8, target, 3, 16, 0))
        wait(s, 2)
        assert read(target, 32) == bytes(3) + data + bytes(13)
    finally:
        lib.iree_hal_buffer_release(source)
        lib.iree_hal_buffer_release(target)


def test_queue_barrier_orders_semaphores(device, semaphores):
    a, b = semaphores.new(), semaphores.new()
    waits, k1 = semaphore_list((a, 1))
    signals, k2 = semaphore_list((b, 5))
    thread = signal_later(a, 1)
    check_status(lib.iree_hal_device_queue_barrier(
        device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, waits, signals, 0))
    wait(b, 5)
    thread.join()
    assert (query(a), query(b)) == (1, 5)


@pytest.mark.parametrize("uri", DRIVERS_FAILURE_PROPAGATION)
def test_queue_work_waiting_on_a_failed_semaphore_fails_its_signals(device_by_uri, uri):
    device, semaphores = device_by_uri(uri)
    buffer = new_buffer(device, 8)
    try:
        write(buffer, bytes(8))
        gate, done = semaphores.new(), semaphores.new()
        lib.iree_hal_semaphore_fail(gate, lib.iree_status_allocate(
            lib.IREE_STATUS_UNAVAILABLE, b"cts", 1, lib.iree_make_cstring_view(b"upstream broke")))
        wait_list, k1 = semaphore_list((gate, 1))
        signal_list, k2 = semaphore_list((done, 1))
        pattern = ffi.new("uint8_t*", 0xFF)
        check_status(lib.iree_hal_device_queue_fill(
            device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, wait_list, signal_list,
            buffer, 0, 8, pattern, 1, 0))
        with pytest.raises(ireec.AbortedError):
            wait(done, 1)
        # The work never ran.
        assert read(buffer, 8) == bytes(8)
    finally:
        lib.iree_hal_buffer_release(buffer)


def test_queue_alloca_and_dealloca(device, semaphores):
    s = semaphores.new()
    no_waits, k0 = semaphore_list()
    to1, k1 = semaphore_list((s, 1))
    to2, k2 = semaphore_list((s, 2))
    params = ffi.new("iree_hal_buffer_params_t*")
    params.type = lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL | lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
    params.access = lib.IREE_HAL_MEMORY_ACCESS_ALL
    params.usage = lib.IREE_HAL_BUFFER_USAGE_DEFAULT | lib.IREE_HAL_BUFFER_USAGE_MAPPING
    out = ffi.new("iree_hal_buffer_t**")
    check_status(lib.iree_hal_device_queue_alloca(
        device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, no_waits, to1,
        lib.IREE_HAL_ALLOCATOR_POOL_DEFAULT, params[0], 256, 0, out))
    buffer = out[0]
    try:
        wait(s, 1)
        assert lib.iree_hal_buffer_allocation_size(buffer) >= 256
        write(buffer, bytes(range(256)))
        assert read(buffer, 4, offset=100) == bytes([100, 101, 102, 103])
        check_status(lib.iree_hal_device_queue_dealloca(
            device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, to1, to2, buffer, 0))
        wait(s, 2)
        assert query(s) == 2
    finally:
        lib.iree_hal_buffer_release(buffer)


def test_buffer_mapping(device):
    buffer = new_buffer(device, 64)
    try:
        mapping = ffi.new("iree_hal_buffer_mapping_t*")
        check_status(lib.iree_hal_buffer_map_range(
            buffer, lib.IREE_HAL_MAPPING_MODE_SCOPED, lib.IREE_HAL_MEMORY_ACCESS_ALL,
            8, 16, mapping))
        try:
            assert mapping.contents.data_length == 16
            ffi.memmove(mapping.contents.data, bytes(range(16)), 16)
        finally:
            check_status(lib.iree_hal_buffer_unmap_range(mapping))
        assert read(buffer, 16, offset=8) == bytes(range(16))
    finally:
        lib.iree_hal_buffer_release(buffer)


def test_file_import_and_queue_read_and_write(device, semaphores, tmp_path):
    # A file imported by the device: read into a buffer on the queue, and (on
    # local-sync) a buffer written back into it.
    path = tmp_path / "data.bin"
    path.write_bytes(bytes(range(64)))
    handle = ffi.new("iree_io_file_handle_t**")
    check_status(lib.iree_io_file_handle_open(
        lib.IREE_IO_FILE_MODE_READ | lib.IREE_IO_FILE_MODE_WRITE,
        lib.iree_make_cstring_view(str(path).encode()), lib.iree_allocator_system(), handle))
    file = ffi.new("iree_hal_file_t**")
    buffer = new_buffer(device, 32)
    try:
        check_status(lib.iree_hal_file_import(
            device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, lib.IREE_HAL_MEMORY_ACCESS_ALL,
            handle[0], 0, file))
        assert lib.iree_hal_file_length(file[0]) == 64
        write(buffer, bytes(32))
        s = semaphores.new()
        no_waits, k0 = semaphore_list()
        to1, k1 = semaphore_list((s, 1))
        to2, k2 = semaphore_list((s, 2))
        check_status(lib.iree_hal_device_queue_read(
            device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, no_waits, to1,
            file[0], 10, buffer, 4, 20, 0))
        wait(s, 1)
        assert read(buffer, 32) == bytes(4) + bytes(range(10, 30)) + bytes(8)
        if lib.iree_string_view_equal(lib.iree_hal_device_id(device),
                                      lib.iree_make_cstring_view(b"local-sync")):
            # (IREE's local-task blocks forever in a queue write to an fd
            # file at this commit; only local-sync writes here.)
            write(buffer, b"\xab" * 8, offset=0)
            check_status(lib.iree_hal_device_queue_write(
                device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, to1, to2,
                buffer, 0, file[0], 60, 4, 0))
            wait(s, 2)
            expected = bytes(range(60)) + b"\xab" * 4
        else:
            expected = bytes(range(64))
    finally:
        if file[0] != ffi.NULL:
            lib.iree_hal_file_release(file[0])
        lib.iree_io_file_handle_release(handle[0])
        lib.iree_hal_buffer_release(buffer)
    assert path.read_bytes() == expected


# ---------------------------------------------------------------------------
# Command buffers
# ---------------------------------------------------------------------------

MODES = {
    "one-shot": lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT,
    "inline": lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT
    | lib.IREE_HAL_COMMAND_BUFFER_MODE_ALLOW_INLINE_EXECUTION,
    "reusable": lib.IREE_HAL_COMMAND_BUFFER_MODE_DEFAULT,
}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("pattern_length, offset, length", [
    (1, 1, 7), (1, 3, 13), (2, 2, 6), (2, 6, 10), (4, 4, 8), (4, 12, 20),
])
def test_command_buffer_fill(device, semaphores, mode, pattern_length, offset, length):
    size = 48
    buffer = new_buffer(device, size)
    try:
        write(buffer, b"\xee" * size)
        pattern_bytes = bytes([0x11, 0x22, 0x33, 0x44][:pattern_length])
        pattern = ffi.new("uint8_t[]", pattern_bytes)
        done = semaphores.new()
        record_and_execute(device, MODES[mode], lambda cb: check_status(
            lib.iree_hal_command_buffer_fill_buffer(
                cb, buffer_ref(buffer, offset, length), pattern, pattern_length, 0)),
            (done, 1))
        wait(done, 1)
        expected = bytearray(b"\xee" * size)
        expected[offset:offset + length] = (pattern_bytes * size)[:length]
        assert read(buffer, size) == bytes(expected)
    finally:
        lib.iree_hal_buffer_release(buffer)


@pytest.mark.parametrize("mode", MODES)
def test_command_buffer_update_and_copy(device, semaphores, mode):
    a, b = new_buffer(device, 32), new_buffer(device, 32)
    try:
        write(a, bytes(32))
        write(b, bytes(32))
        data = bytes(range(100, 120))
        host = ffi.new("uint8_t[]", data)

        def record(cb):
            # Source offset 4 within the host data, 12 bytes to offset 5 of a.
            check_status(lib.iree_hal_command_buffer_update_buffer(
                cb, host, 4, buffer_ref(a, 5, 12), 0))
            check_status(lib.iree_hal_command_buffer_execution_barrier(
                cb, lib.IREE_HAL_EXECUTION_STAGE_TRANSFER,
                lib.IREE_HAL_EXECUTION_STAGE_TRANSFER, 0, 0, ffi.NULL, 0, ffi.NULL))
            check_status(lib.iree_hal_command_buffer_copy_buffer(
                cb, buffer_ref(a, 5, 12), buffer_ref(b, 17, 12), 0))

        done = semaphores.new()
        record_and_execute(device, MODES[mode], record, (done, 1))
        wait(done, 1)
        assert read(a, 32) == bytes(5) + data[4:16] + bytes(15)
        assert read(b, 32) == bytes(17) + data[4:16] + bytes(3)
    finally:
        lib.iree_hal_buffer_release(a)
        lib.iree_hal_buffer_release(b)


def test_reusable_command_buffer_with_binding_table(device, semaphores):
    # Recorded once against binding slot 0, submitted twice with different
    # buffers bound.
    buffers = [new_buffer(device, 16) for _ in range(2)]
    try:
        for buffer in buffers:
            write(buffer, bytes(16))
        cb = new_command_buffer(device, lib.IREE_HAL_COMMAND_BUFFER_MODE_DEFAULT,
                                binding_capacity=1)
        try:
            pattern = ffi.new("uint16_t*", 0xBEEF)
            check_status(lib.iree_hal_command_buffer_begin(cb))
            check_status(lib.iree_hal_command_buffer_fill_buffer(
                cb, buffer_ref(ffi.NULL, 2, 8, slot=0), pattern, 2, 0))
            check_status(lib.iree_hal_command_buffer_end(cb))
            done = semaphores.new()
            for i, buffer in enumerate(buffers):
                execute(device, cb, waits=[(done, i)], signals=[(done, i + 1)],
                        table=[(buffer, 0, 16)])
            wait(done, 2)
        finally:
            lib.iree_hal_command_buffer_release(cb)
        for buffer in buffers:
            assert np.frombuffer(read(buffer, 16), np.uint16).tolist() == \
                [0, 0xBEEF, 0xBEEF, 0xBEEF, 0xBEEF, 0, 0, 0]
    finally:
        for buffer in buffers:
            lib.iree_hal_buffer_release(buffer)


# ---------------------------------------------------------------------------
# Dispatch of a compiled executable
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def mul_executable_binary(tmp_path_factory):
    """The embedded-ELF executable iree-compile makes for simple_mul: one
    export, bindings (lhs, rhs, out), one workgroup for 4xf32."""
    import subprocess
    from ireec.compile import LOCAL_CPU_FLAGS, find_iree_compile
    out_dir = tmp_path_factory.mktemp("bins")
    source = PROGRAMS_DIR / "simple_mul.mlir"
    result = subprocess.run(
        [find_iree_compile(), *LOCAL_CPU_FLAGS,
         f"--iree-hal-dump-executable-binaries-to={out_dir}", str(source),
         "-o", str(out_dir / "simple_mul.vmfb")],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    (binary,) = out_dir.glob("*embedded_elf*.so")
    return binary.read_bytes()


@pytest.fixture
def mul_executable(device, mul_executable_binary):
    executable = prepare(device, mul_executable_binary)
    yield executable
    lib.iree_hal_executable_release(executable)


def prepare(device, binary):
    """The executable `binary` (embedded ELF) prepared for `device`."""
    mul_executable_binary = binary
    loop = ffi.new("iree_loop_t*")
    status = ffi.new("iree_status_t*")
    loop.self = status
    loop.ctl = lib.iree_loop_inline_ctl
    cache = ffi.new("iree_hal_executable_cache_t**")
    check_status(lib.iree_hal_executable_cache_create(
        device, lib.iree_make_cstring_view(b"cts"), loop[0], cache))
    data = ffi.from_buffer(mul_executable_binary)
    params = ffi.new("iree_hal_executable_params_t*")
    lib.iree_hal_executable_params_initialize(params)
    params.executable_format = lib.iree_make_cstring_view(b"embedded-elf-x86_64")
    params.executable_data = lib.iree_make_const_byte_span(data, len(mul_executable_binary))
    params.caching_mode = lib.IREE_HAL_EXECUTABLE_CACHING_MODE_ALLOW_OPTIMIZATION
    out = ffi.new("iree_hal_executable_t**")
    try:
        check_status(lib.iree_hal_executable_cache_prepare_executable(cache[0], params, out))
    finally:
        lib.iree_hal_executable_cache_release(cache[0])
    return out[0]


def dispatch_args(buffers):
    refs = ffi.new("iree_hal_buffer_ref_t[]", len(buffers))
    for i, buffer in enumerate(buffers):
        refs[i] = buffer_ref(buffer, 0, 16)
    bindings = ffi.new("iree_hal_buffer_ref_list_t*")
    bindings.count = len(buffers)
    bindings.values = refs
    config = ffi.new("iree_hal_dispatch_config_t*")
    config.workgroup_count = [1, 1, 1]
    return config, bindings, refs


@pytest.mark.parametrize("mode", ["one-shot", "reusable", "queue"])
def test_dispatch_of_a_compiled_executable(device, semaphores, mul_executable, mode):
    assert lib.iree_hal_executable_export_count(mul_executable) == 1
    lhs, rhs, out = (new_buffer(device, 16) for _ in range(3))
    try:
        write(lhs, np.array([1, 2, 3, 4], np.float32).tobytes())
        write(rhs, np.array([10, 20, 30, 0.5], np.float32).tobytes())
        write(out, bytes(16))
        config, bindings, keep = dispatch_args([lhs, rhs, out])
        constants = lib.iree_make_const_byte_span(ffi.NULL, 0)
        done = semaphores.new()
        if mode == "queue":
            no_waits, k0 = semaphore_list()
            signals, k1 = semaphore_list((done, 1))
            check_status(lib.iree_hal_device_queue_dispatch(
                device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, no_waits, signals,
                mul_executable, 0, config[0], constants, bindings[0], 0))
        else:
            record_and_execute(device, MODES[mode], lambda cb: check_status(
                lib.iree_hal_command_buffer_dispatch(
                    cb, mul_executable, 0, config[0], constants, bindings[0], 0)),
                (done, 1))
        wait(done, 1)
        assert np.frombuffer(read(out, 16), np.float32).tolist() == [10, 40, 90, 2]
    finally:
        for buffer in (lhs, rhs, out):
            lib.iree_hal_buffer_release(buffer)


def test_dispatch_with_wrong_binding_count_fails_the_submission(
        device, semaphores, mul_executable):
    lhs, rhs = new_buffer(device, 16), new_buffer(device, 16)
    try:
        config, bindings, keep = dispatch_args([lhs, rhs])
        done = semaphores.new()
        no_waits, k0 = semaphore_list()
        signals, k1 = semaphore_list((done, 1))
        with pytest.raises(ireec.IreeError):
            check_status(lib.iree_hal_device_queue_dispatch(
                device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, no_waits, signals,
                mul_executable, 0, config[0], lib.iree_make_const_byte_span(ffi.NULL, 0),
                bindings[0], 0))
            wait(done, 1)
    finally:
        lib.iree_hal_buffer_release(lhs)
        lib.iree_hal_buffer_release(rhs)


# local-sync only: IREE's local-task does not check the ordinal of a queue
# dispatch and reads past its export table (undefined behavior to test).
@pytest.mark.parametrize("uri", ["local-sync"])
def test_dispatch_of_an_export_that_does_not_exist_is_refused(device_by_uri, uri,
                                                              mul_executable_binary):
    device, semaphores = device_by_uri(uri)
    lhs, rhs, out = (new_buffer(device, 16) for _ in range(3))
    executable = prepare(device, mul_executable_binary)
    try:
        config, bindings, keep = dispatch_args([lhs, rhs, out])
        done = semaphores.new()
        no_waits, k0 = semaphore_list()
        signals, k1 = semaphore_list((done, 1))
        # Accepted, then failed on the queue: the signal semaphore keeps why.
        check_status(lib.iree_hal_device_queue_dispatch(
            device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, no_waits, signals,
            executable, 5, config[0], lib.iree_make_const_byte_span(ffi.NULL, 0),
            bindings[0], 0))
        with pytest.raises(ireec.AbortedError):
            wait(done, 1)
        with pytest.raises(ireec.InvalidArgumentError) as info:
            query(done)
        assert "export ordinal 5 is out of range" in info.value.message
    finally:
        lib.iree_hal_executable_release(executable)
        for buffer in (lhs, rhs, out):
            lib.iree_hal_buffer_release(buffer)
