"""close() from another thread while the object is in use, and objects
outliving what they came from: each case runs in its own child process,
which must end normally and print the right verdict (never a signal, a hang
or a wrong value). The reference of a closed object is released when its
last user (a wait, a call, a format, an upload, or a child object) leaves.
"""

from __future__ import annotations

import textwrap

import pytest

from child_process import run_python
from locations import TESTS_DIR

# A guard against a child that hangs (one of the failures looked for); it
# does not measure anything.
CHILD_TIMEOUT = 120

PRELUDE = f"""
import sys, threading
import numpy as np
import ireec
sys.path.insert(0, {str(TESTS_DIR)!r})  # the tests' helpers
instance = ireec.Instance()
device = ireec.Device(instance, "local-task")
"""


def run_child(body: str, *args: str) -> list[str]:
    """The words the child printed: PRELUDE, then `body`."""
    script = PRELUDE + textwrap.dedent(body)
    return run_python("-c", script, *args, timeout=CHILD_TIMEOUT).check().stdout.split()


def test_closing_a_semaphore_while_another_thread_waits_on_it():
    out = run_child("""
        for _ in range(50):
            semaphore = ireec.Semaphore(device)
            other = ireec.Semaphore.from_handle(semaphore.handle, retain=True)
            started, verdicts = threading.Event(), []
            def wait():
                started.set()
                semaphore.wait(1)
                verdicts.append("reached")
            thread = threading.Thread(target=wait)
            thread.start()
            started.wait()
            semaphore.close()          # the wait holds a use: nothing is freed
            assert semaphore.closed
            other.signal(1)            # ends the wait on the same semaphore
            thread.join()
            assert verdicts == ["reached"], verdicts
            assert semaphore._released and semaphore._users == 0
            other.close()
        print("ok")
    """)
    assert out == ["ok"]


def test_closing_a_fence_while_another_thread_waits_on_it():
    out = run_child("""
        for _ in range(50):
            semaphore = ireec.Semaphore(device)
            fence = semaphore.fence(1)
            started, verdicts = threading.Event(), []
            def wait():
                started.set()
                fence.wait()
                verdicts.append("reached")
            thread = threading.Thread(target=wait)
            thread.start()
            started.wait()
            fence.close()
            semaphore.signal(1)
            thread.join()
            assert verdicts == ["reached"], verdicts
            assert fence._released
        print("ok")
    """)
    assert out == ["ok"]


def test_closing_a_buffer_view_while_another_thread_formats_or_reads_it():
    out = run_child("""
        values = np.arange(1 << 16, dtype=np.float32)
        expected = ireec.BufferView(device, values).format()
        for _ in range(40):
            view = ireec.BufferView(device, values)
            results = []
            def use():
                try:
                    results.append(view.format() == expected)
                    results.append(bool((view.to_numpy(copy=None) == values).all()))
                except ireec.ClosedError:
                    results.append("closed")
            thread = threading.Thread(target=use)
            thread.start()
            view.close()
            thread.join()
            # Either it finished with the right text and values, or it began
            # after close() and was told so.
            assert results in ([True, True], ["closed"], [True, "closed"]), results
        print("ok")
    """)
    assert out == ["ok"]


def test_closing_a_device_while_another_thread_uploads_to_it():
    out = run_child("""
        values = np.arange(1 << 18, dtype=np.float32)
        for _ in range(40):
            target = ireec.Device(instance, "local-task")
            results = []
            def upload():
                try:
                    view = ireec.BufferView(target, values)
                    results.append(bool((view.to_numpy() == values).all()))
                except ireec.ClosedError:
                    results.append("closed")
            thread = threading.Thread(target=upload)
            thread.start()
            target.close()
            thread.join()
            assert results in ([True], ["closed"]), results
        print("ok")
    """)
    assert out == ["ok"]


def test_closing_a_session_while_other_threads_call_it(program):
    out = run_child("""
        a = np.arange(4, dtype=np.float32)
        for _ in range(30):
            session = ireec.Session(instance, device)
            session.load_module(sys.argv[1])
            prepared = session.function("module.simple_mul").prepare()
            bound = prepared.bind(a, a)
            results = []
            def call(fn):
                try:
                    for _ in range(20):
                        results.append(bool((fn()[0].to_numpy() == a * a).all()))
                except ireec.ClosedError:
                    results.append("closed")
            threads = [threading.Thread(target=call, args=(f,)) for f in (
                lambda: session.call("module.simple_mul", a, a), lambda: prepared(a, a),
                bound)]
            for thread in threads:
                thread.start()
            session.close()
            for thread in threads:
                thread.join()
            assert set(results) <= {True, "closed"}, results
        print("ok")
    """, str(program("simple_mul")))
    assert out == ["ok"]


def test_results_and_semaphores_outlive_their_device_closed_first():
    out = run_child("""
        from device_buffers import device_only_view
        values = np.arange(6, dtype=np.int32)
        own = ireec.Device(instance, "local-task")
        mapped = ireec.BufferView(own, values)
        unmappable = device_only_view(own, values)   # read back by the device
        semaphore = ireec.Semaphore(own)
        own.close()
        assert own.closed and not own._released and own._users == 3  # used by three
        assert (mapped.to_numpy() == values).all()
        try:   # a transfer needs the Device itself open: a typed refusal
            unmappable.to_numpy()
        except ireec.ClosedError as error:
            print(error)
        try:
            semaphore.wait(1, timeout=0)   # nothing signalled it: not reached
            print("returned")
        except ireec.DeadlineExceededError:
            print("not-reached")
        for child in (mapped, unmappable, semaphore):
            child.close()
        assert own._released and own._users == 0   # the last user left
        print("released")
    """)
    assert out == ["Device", "is", "closed", "not-reached", "released"]


def test_closing_a_sessions_device_wrapper_does_not_free_what_its_calls_use(program):
    out = run_child("""
        session = ireec.Session(instance, device)
        session.load_module(sys.argv[1])
        a = np.arange(4, dtype=np.float32)
        session.call("module.simple_mul", a, a)
        session.device.close()           # the session's own wrapper
        # Its calls keep working on the device the session holds a use of.
        print(session.call("module.simple_mul", a, a)[0].to_numpy().tolist())
    """, str(program("simple_mul")))
    assert out == ["[0.0,", "1.0,", "4.0,", "9.0]"]


def test_an_instance_closed_before_its_device_stays_until_the_device_goes():
    out = run_child("""
        own = ireec.Instance()
        dev = ireec.Device(own, "local-task")
        own.close()
        try:
            own.query_drivers()
        except ireec.ClosedError:
            print("closed")
        print(dev.id, not own._released)
        dev.close()
        print(own._released)
    """)
    assert out == ["closed", "local-task", "True", "True"]


@pytest.mark.parametrize("name", ["Device", "Semaphore", "Fence", "BufferView"])
def test_collecting_an_open_object_in_a_cycle_releases_it(name):
    out = run_child(f"""
        import gc, weakref
        objects = {{
            "Device": lambda: ireec.Device(instance),
            "Semaphore": lambda: ireec.Semaphore(device),
            "Fence": lambda: ireec.Fence(),
            "BufferView": lambda: ireec.BufferView(device, np.zeros(3)),
        }}
        class Holder:
            pass
        for _ in range(200):
            holder = Holder()
            holder.obj = objects[{name!r}]()
            holder.me = holder
            alive = weakref.ref(holder.obj)
            del holder
            gc.collect()
            assert alive() is None
        print("ok")
    """)
    assert out == ["ok"]


def test_a_del_in_a_cycle_that_calls_its_session_at_collection_and_at_exit(program):
    out = run_child("""
        import gc
        a = np.arange(4, dtype=np.float32)

        class User:
            def __del__(self):
                try:
                    values = self.session.call("module.simple_mul", a, a)[0].to_numpy()
                    print("called", values.tolist() == [0, 1, 4, 9])
                except ireec.Error as error:
                    print("refused", type(error).__name__)

        class HeldSession(ireec.Session):
            __slots__ = ("user",)

        def cycle():
            user, session = User(), HeldSession(instance, device)
            session.load_module(sys.argv[1])
            user.session, session.user = session, user
            return user

        for _ in range(10):
            cycle()
            gc.collect()
        kept = cycle()   # collected at interpreter exit
    """, str(program("simple_mul")))
    # Finalizers run before anything in the cycle is cleared: the session is
    # still open and calls work, at collection and at exit alike.
    assert out == ["called", "True"] * 11
