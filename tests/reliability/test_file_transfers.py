"""Queue reads and writes of fd files, on every CPU driver and memory kind.

Reads past the length the file had when imported are refused as the queue
operation is made; one past the end of a file truncated after it was
imported fails the operation's signals with OUT_OF_RANGE (local-task's own
streaming transfer waited forever). Writes complete (local-task's own
streaming write never returned from the call, whether it would succeed or
fail), may extend the file, and a write the system refuses fails the
operation's signals. Each case runs in a child process with a bounded time,
the hang being one of the failures looked for."""

from __future__ import annotations

import pytest

from ireec import lib

from child_process import expect_error, returned, run_case

CHILD_TIMEOUT = 60

URIS = ["local-task", "local-sync", "local-task://?memory=discrete",
        "local-sync://?memory=discrete"]

# The file (bytes 0..63) opened with the mode argv[3] and imported allowing
# the access argv[4]; a 32-byte device-local buffer holding bytes 100..131;
# one signal (semaphore 1) and no waits.
SETUP = '''
import os, sys
import ireec
from ireec import check_status, ffi, lib

path, uri, mode, access = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
with open(path, "wb") as f:
    f.write(bytes(range(64)))
instance = ireec.Instance()
device = instance.create_device(uri)
d = device.handle
handle = ffi.new("iree_io_file_handle_t**")
check_status(lib.iree_io_file_handle_open(
    mode, lib.iree_make_cstring_view(path.encode()), lib.iree_allocator_system(), handle))
file = ffi.new("iree_hal_file_t**")
check_status(lib.iree_hal_file_import(
    d, lib.IREE_HAL_QUEUE_AFFINITY_ANY, access, handle[0], 0, file))
params = ffi.new("iree_hal_buffer_params_t*")
params.type = lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL
params.access = lib.IREE_HAL_MEMORY_ACCESS_ALL
params.usage = lib.IREE_HAL_BUFFER_USAGE_DEFAULT
buffer = ffi.new("iree_hal_buffer_t**")
check_status(lib.iree_hal_allocator_allocate_buffer(
    lib.iree_hal_device_allocator(d), params[0], 32, buffer))
check_status(lib.iree_hal_device_transfer_h2d(
    d, bytes(range(100, 132)), buffer[0], 0, 32, lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
    lib.iree_infinite_timeout()))
semaphore = ireec.Semaphore(device)
keep = (ffi.new("iree_hal_semaphore_t*[1]", [semaphore.handle]),
        ffi.new("uint64_t[1]", [1]))
signals = ffi.new("iree_hal_semaphore_list_t*")
signals.count = 1
signals.semaphores, signals.payload_values = keep
no_waits = ffi.new("iree_hal_semaphore_list_t*")

def read(offset, length):
    """The bytes a queue read of the file puts in the (device-local) buffer."""
    check_status(lib.iree_hal_device_queue_read(
        d, lib.IREE_HAL_QUEUE_AFFINITY_ANY, no_waits[0], signals[0], file[0],
        offset, buffer[0], 0, length, 0))
    semaphore.wait(1)
    out = ffi.new("uint8_t[]", length)
    check_status(lib.iree_hal_device_transfer_d2h(
        d, buffer[0], 0, out, length, lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
        lib.iree_infinite_timeout()))
    return list(bytes(ffi.buffer(out, length)))

def write(source_offset, file_offset, length):
    """The file's bytes after a queue write of the buffer's bytes into it."""
    check_status(lib.iree_hal_device_queue_write(
        d, lib.IREE_HAL_QUEUE_AFFINITY_ANY, no_waits[0], signals[0], buffer[0],
        source_offset, file[0], file_offset, length, 0))
    semaphore.wait(1)
    with open(path, "rb") as f:
        return list(f.read())
'''

READ = lib.IREE_IO_FILE_MODE_READ
READ_WRITE = lib.IREE_IO_FILE_MODE_READ | lib.IREE_IO_FILE_MODE_WRITE
ACCESS_READ = lib.IREE_HAL_MEMORY_ACCESS_READ
ACCESS_READ_WRITE = lib.IREE_HAL_MEMORY_ACCESS_READ | lib.IREE_HAL_MEMORY_ACCESS_WRITE


def file_case(tmp_path, uri, body, mode=READ, access=ACCESS_READ):
    return run_case(SETUP, body, str(tmp_path / "data.bin"), uri, str(int(mode)),
                    str(int(access)), timeout=CHILD_TIMEOUT)


def write_case(tmp_path, uri, body, mode=READ_WRITE):
    # Imported allowing writes whatever the mode: with READ alone the system
    # refuses each write.
    return file_case(tmp_path, uri, body, mode, ACCESS_READ_WRITE)


@pytest.mark.parametrize("uri", URIS)
def test_read_inside_the_file(tmp_path, uri):
    assert returned(file_case(tmp_path, uri, "return read(16, 32)")) == list(range(16, 48))


@pytest.mark.parametrize("uri", URIS)
def test_read_past_the_imported_length_is_refused(tmp_path, uri):
    outcome = file_case(tmp_path, uri, "return read(40, 32)")
    expect_error(outcome, "OutOfRangeError", "32 bytes at offset 40",
                 "past the end of the file (64 bytes)")


@pytest.mark.parametrize("uri", URIS)
def test_read_past_the_end_of_a_truncated_file_fails(tmp_path, uri):
    outcome = file_case(tmp_path, uri, "os.truncate(path, 20)\nreturn read(8, 32)")
    expect_error(outcome, "OutOfRangeError", "end of file")


@pytest.mark.parametrize("uri", URIS)
def test_write_inside_the_file(tmp_path, uri):
    written = returned(write_case(tmp_path, uri, "return write(4, 8, 16)"))
    assert written == list(range(8)) + list(range(104, 120)) + list(range(24, 64))


@pytest.mark.parametrize("uri", URIS)
def test_write_past_the_end_extends_the_file(tmp_path, uri):
    written = returned(write_case(tmp_path, uri, "return write(0, 48, 32)"))
    assert written == list(range(48)) + list(range(100, 132))


@pytest.mark.parametrize("uri", URIS)
def test_write_the_system_refuses_fails_the_signals(tmp_path, uri):
    outcome = write_case(tmp_path, uri, "return write(0, 0, 32)", mode=READ)
    expect_error(outcome, "FailedPreconditionError", "failed to write")
