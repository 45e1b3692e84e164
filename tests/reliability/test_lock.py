"""ireec._cext.Lock, a Session's lock (csrc/python/lock.c): reentrant as
threading.RLock, waits without the GIL, refuses a release by a thread that
does not hold it, and is made new in a forked child."""

from __future__ import annotations

import os
import threading
import time

import numpy as np
import pytest

import ireec
from ireec import _cext


def test_reentrant_and_owned():
    lock = _cext.Lock()
    assert not lock._is_owned()
    assert lock.acquire() is True
    assert lock.acquire(timeout=0.1) is True
    with lock:
        assert lock._is_owned()
    lock.release()
    assert lock._is_owned()
    lock.release()
    assert not lock._is_owned()
    with pytest.raises(RuntimeError, match="cannot release un-acquired lock"):
        lock.release()


def test_other_threads_wait_and_cannot_release():
    lock = _cext.Lock()
    seen = []
    lock.acquire()

    def other():
        seen.append(lock.acquire(blocking=False))
        seen.append(lock.acquire(timeout=0.05))
        try:
            lock.release()
        except RuntimeError as error:
            seen.append(str(error))
        seen.append(lock.acquire(timeout=10))  # given back below
        lock.release()

    thread = threading.Thread(target=other)
    thread.start()
    time.sleep(0.3)  # the waiting thread does not hold the GIL meanwhile
    lock.release()
    thread.join()
    assert seen == [False, False, "cannot release un-acquired lock", True]


def test_bad_arguments():
    lock = _cext.Lock()
    with pytest.raises(ValueError, match="non-blocking"):
        lock.acquire(False, 1)
    with pytest.raises(ValueError, match="non-negative"):
        lock.acquire(timeout=-2)
    with pytest.raises(TypeError):
        _cext.Lock(1)


# The fork while another thread holds the lock is the point of this test.
@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")
# JAX, when another test imported it, warns at every fork; this child uses
# only ireec and exits with os._exit.
@pytest.mark.filterwarnings("ignore:os.fork\\(\\) was called:RuntimeWarning")
def test_a_session_lock_held_at_fork_is_free_in_the_child(session_with):
    session = session_with("simple_mul")
    assert isinstance(session.lock, _cext.Lock)
    prepared = session.function("module.simple_mul").prepare()
    held = threading.Event()
    done = threading.Event()

    def hold():
        with session.lock:
            held.set()
            done.wait(30)

    thread = threading.Thread(target=hold)
    thread.start()
    held.wait(30)
    try:
        pid = os.fork()
        if pid == 0:  # the child: the holder thread does not exist here
            code = 1
            try:
                if session.lock.acquire(timeout=5):
                    session.lock.release()
                    # The invoker takes the same lock, then finds the
                    # session abandoned (its lists leaked, never released).
                    try:
                        prepared(np.ones(4, np.float32), np.ones(4, np.float32))
                    except ireec.ClosedError as error:
                        code = 0 if "fork" in str(error) and prepared.closed else 2
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
    finally:
        done.set()
        thread.join()
    assert os.waitstatus_to_exitcode(status) == 0
