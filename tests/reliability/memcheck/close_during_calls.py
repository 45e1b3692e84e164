"""close() from another thread during each blocking method of each public
class: the methods that release the GIL while IREE works on the object
(waits, transfers, reads, parses, uploads, calls). Run by
tests/reliability/test_close_during_calls.py, as a child process, and
under valgrind's memcheck for a sample of the cases.

Each case makes its object, runs the method on a thread, and closes the
object from this thread while a call holds a use of it. Either the call
finishes with the right result (close() then waits: the reference goes
when the call gives its use back) or it starts after close() and raises
ClosedError; the object is released once its last user leaves, and the
run never crashes, hangs, or reads freed memory (memcheck).

Two kinds of case:

* waits and calls that block until this thread lets them go (a semaphore
  signalled, a fence passed to a program): closed while certainly inside;
* the others run in a loop until closed: this thread closes the object as
  soon as one call holds a use of it (its user count above what its
  children hold), which every blocking method does around its IREE call.

Usage: python close_during_calls.py SIMPLE_MUL_VMFB BLOCKING_VMFB EXECUTABLE WORK_DIR
[CASE ...] (EXECUTABLE: a HAL executable, iree-compile --compile-mode=hal-executable)
(every case when none is named). Prints "CASE ok" per case, then "done".
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import numpy as np

import ireec
from ireec import hal

mul_path, blocking_path, executable_path = sys.argv[1:4]
work_dir = Path(sys.argv[4])
# The loops' calls are short: the switch interval lets this thread see one
# in progress soon.
sys.setswitchinterval(1e-4)

instance = ireec.Instance()
device = ireec.Device(instance, "local-task")
# 1 MiB: large enough for every read to leave the GIL (C reads smaller views
# holding it), small enough for memcheck.
N = 1 << 18
values = np.arange(N, dtype=np.float32)


def close_during(obj, call, check=lambda result: True) -> list[str]:
    """Calls `call()` on a thread until it raises ClosedError, closing `obj`
    from here once a call holds a use of it; `check(result)` must be true
    for each call that returned. The outcomes, in order ("done" per call,
    then "closed")."""
    base = obj._users  # what its children hold
    outcomes: list[str] = []
    failures: list[BaseException] = []

    def caller() -> None:
        try:
            while True:
                try:
                    result = call()
                except ireec.ClosedError:
                    outcomes.append("closed")
                    return
                assert check(result), f"{call} returned {result!r}"
                outcomes.append("done")
        except BaseException as error:  # reported below
            failures.append(error)

    thread = threading.Thread(target=caller)
    thread.start()
    while obj._users <= base and thread.is_alive():
        # (A system call: under valgrind, which runs one thread at a time,
        # the caller then gets its turn sooner than by the GIL's switching.)
        time.sleep(0)
    obj.close()
    thread.join()
    if failures:
        raise failures[0]
    assert outcomes and outcomes[-1] == "closed", outcomes
    assert obj.closed
    return outcomes


def released(*objects) -> None:
    for obj in objects:
        assert obj._released and obj._users == 0, (obj, obj._users)


# -- waits: closed while certainly waiting ------------------------------------

def wait_blocked(obj, wait, release) -> None:
    """`wait()` on a thread, blocked until `release()`; `obj` closed on
    another thread while the wait holds its use (close() marks it closed at
    once, or, for a session whose lock the call holds, waits for the call),
    then released. The first use `wait()` takes of `obj` must be the one it
    blocks in."""
    base = obj._users
    outcomes: list[str] = []
    waiter = threading.Thread(target=lambda: (wait(), outcomes.append("reached")))
    waiter.start()
    while obj._users <= base:
        time.sleep(0)
    closer = threading.Thread(target=obj.close)
    closer.start()
    assert not obj._released  # the wait holds it
    release()
    waiter.join()
    closer.join()
    assert outcomes == ["reached"], outcomes


def case_semaphore_wait() -> None:
    semaphore = ireec.Semaphore(device)
    other = ireec.Semaphore.from_handle(semaphore.handle, retain=True)
    wait_blocked(semaphore, lambda: semaphore.wait(1), lambda: other.signal(1))
    released(semaphore)
    other.close()


def case_fence_wait() -> None:
    semaphore = ireec.Semaphore(device)
    fence = ireec.Fence.at(semaphore, 1)
    wait_blocked(fence, fence.wait, lambda: semaphore.signal(1))
    released(fence)
    semaphore.close()


def case_device_wait_semaphores() -> None:
    own = ireec.Device(instance, "local-task")
    semaphore = ireec.Semaphore(own)
    other = ireec.Semaphore.from_handle(semaphore.handle, retain=True)
    wait_blocked(own, lambda: own.wait_semaphores(hal.WaitMode.ALL, [(semaphore, 1)]),
                 lambda: other.signal(1))
    semaphore.close()
    other.close()
    released(own)


def blocking_session():
    """(a session of the blocking program, a semaphore, a fence at its 1
    which the program's calls wait for inside the call (hal.fence.await),
    an argument)."""
    session = ireec.Session(instance, device)
    session.load_module(blocking_path)
    semaphore = ireec.Semaphore(device)
    return session, semaphore, ireec.Fence.at(semaphore, 1), np.arange(4, dtype=np.float32)


def case_session_call() -> None:
    session, semaphore, gate, a = blocking_session()
    # A first call, not blocked, looks the function up: the call closed
    # from here then holds no use of the session but its invoke's.
    session.call("blocking.await_then_double", ireec.Fence(0), a)
    results: list = []
    wait_blocked(session, lambda: results.append(
                     session.call("blocking.await_then_double", gate, a)[0].to_numpy()),
                 lambda: semaphore.signal(1))
    assert results[0].tolist() == (a + a).tolist()
    released(session)
    gate.close()
    semaphore.close()


def case_bound_call_session() -> None:
    session, semaphore, gate, a = blocking_session()
    bound = session.function("blocking.await_then_double").prepare().bind(gate, a)
    results: list = []
    wait_blocked(session, lambda: results.append(bound()[0].to_numpy()),
                 lambda: semaphore.signal(1))
    assert results[0].tolist() == (a + a).tolist()
    try:
        bound()
    except ireec.ClosedError:
        pass
    else:
        raise AssertionError("a bound call of a closed session ran")
    bound.close()
    released(session)
    gate.close()
    semaphore.close()


# -- the others: closed as soon as a call holds a use --------------------------

def case_parameter_index_load() -> None:
    path = work_dir / "many.irpa"
    if not path.exists():
        source = ireec.ParameterIndex()
        for i in range(2000):
            source.add_splat(f"p{i}", b"\x01\x02\x03\x04", 16)
        source.save(path)
        source.close()
    index = ireec.ParameterIndex()

    def load() -> str:
        # A load after the first names keys already here: refused while
        # the index is in use (its keys looked up), and nothing added.
        try:
            index.load(path)
        except ireec.AlreadyExistsError:
            return "refused"
        return "loaded"

    results: list[str] = []
    outcomes = close_during(index, load, lambda result: results.append(result) is None)
    released(index)
    assert outcomes[-1] == "closed"
    assert results in (["loaded"] + ["refused"] * (len(results) - 1), []), results


def case_parameter_index_read_and_save() -> None:
    index = ireec.ParameterIndex()
    data = np.arange(N, dtype=np.uint8)
    index.add("big", data)
    close_during(index, lambda: index.read("big"),
                 lambda read: read == data.tobytes())
    released(index)
    index = ireec.ParameterIndex()
    index.add("big", data)
    close_during(index, lambda: index.save(work_dir / "saved.irpa"))
    released(index)


def case_device_transfers() -> None:
    own = ireec.Device(instance, "local-task")
    buffer = own.allocator.allocate_buffer(values.nbytes)
    own.transfer_h2d(values, buffer)

    def round_trip():
        own.transfer_h2d(values, buffer)
        return own.transfer_d2h(buffer)

    close_during(own, round_trip,
                 # (numpy's comparison, not lists: under valgrind a slow check
                 # leaves the calls' uses too rare a moment to close during)
                 lambda read: np.array_equal(np.frombuffer(read, np.float32), values))
    buffer.close()
    buffer = None  # (and its Allocator, which holds a use of the device)
    released(own)


def case_device_upload() -> None:
    own = ireec.Device(instance, "local-task")

    def upload():
        view = ireec.BufferView(own, values)
        try:
            return view.to_numpy()
        finally:
            view.close()

    close_during(own, upload, lambda read: (read == values).all())
    released(own)


def case_device_check() -> None:
    own = ireec.Device(instance, "local-task")
    close_during(own, own.check)
    released(own)


def case_buffer_view_reads() -> None:
    # (to_numpy(copy=None) maps the buffer holding the GIL: not blocking.)
    for read in (lambda v: v.to_numpy(), lambda v: v.format(8)):
        view = ireec.BufferView(device, values)
        expected = read(view)
        close_during(view, lambda: read(view),
                     lambda got: np.array_equal(got, expected))
        released(view)


def case_buffer_view_to_device() -> None:
    target = ireec.Device(instance, "local-task")
    view = ireec.BufferView(device, values)

    def copy():
        made = view.to_device(target)
        try:
            return made.to_numpy()
        finally:
            made.close()

    close_during(view, copy, lambda read: (read == values).all())
    released(view)
    target.close()


def case_buffer_maps() -> None:
    buffer = device.allocator.allocate_buffer(
        values.nbytes, memory_type=hal.MemoryType.HOST_LOCAL | hal.MemoryType.DEVICE_VISIBLE,
        usage=hal.BufferUsage.DEFAULT | hal.BufferUsage.MAPPING)
    buffer.map_write(0, values)
    close_during(buffer, lambda: buffer.map_read(),
                 lambda read: read == values.tobytes())
    released(buffer)


def case_allocator_allocate() -> None:
    allocator = device.allocator

    def allocate():
        buffer = allocator.allocate_buffer(values.nbytes)
        buffer.close()

    close_during(allocator, allocate)
    released(allocator)


def case_file_read() -> None:
    path = work_dir / "values.bin"
    path.write_bytes(values.tobytes())
    file = hal.File.from_path(device, path)
    buffer = device.allocator.allocate_buffer(
        values.nbytes, memory_type=hal.MemoryType.HOST_LOCAL | hal.MemoryType.DEVICE_VISIBLE,
        usage=hal.BufferUsage.DEFAULT | hal.BufferUsage.MAPPING)

    def read():
        file.read(0, buffer)
        return buffer.map_read()

    close_during(file, read, lambda got: got == values.tobytes())
    released(file)
    buffer.close()


def case_session_load_module() -> None:
    session = ireec.Session(instance, device)
    data = Path(mul_path).read_bytes()

    def load():
        # Each load a module of a new name would need a new program: the
        # same bytes again, refused as a duplicate after the first.
        try:
            session.load_module(data)
        except ireec.AlreadyExistsError:
            pass

    close_during(session, load)
    released(session)


def case_instance_create_device() -> None:
    own = ireec.Instance()

    def create():
        ireec.Device(own, "local-task").close()

    close_during(own, create)
    released(own)


def case_executable_cache_prepare() -> None:
    cache = hal.ExecutableCache(device, "cache")
    data = Path(executable_path).read_bytes()

    def prepare():
        cache.prepare_executable(data).close()

    close_during(cache, prepare)
    released(cache)


CASES = {name[len("case_"):]: value for name, value in globals().items()
         if name.startswith("case_")}

for name in sys.argv[5:] or list(CASES):
    CASES[name]()
    print(f"{name} ok", flush=True)
device.close()
instance.close()
print("done", flush=True)
