"""Port of IREE's HAL CTS queue_host_call_test.h: Python functions a
device's queue calls once their waits are reached (Device.queue_host_call):
before and after their waits, without waits, NON_BLOCKING, signaling later
themselves (DEFERRED), and failing.

Where IREE's case sleeps to make an ordering likely, the port orders by
what it waits on instead; where IREE sleeps before checking each signal
semaphore failed, the port waits on each."""

from __future__ import annotations

import threading

import pytest

import ireec
from ireec.hal import DEFERRED, HostCallFlag, semaphore_list_signal, semaphore_list_wait

UINT64_MAX = 2**64 - 1


def semaphores(device, *values):
    """(Semaphore 0 -> value) pairs, one per value."""
    return [(ireec.Semaphore(device, 0), value) for value in values]


class Recorder:
    """A host call that records its calls (and their arguments)."""

    def __init__(self):
        self.calls = []

    def __call__(self, *args):
        self.calls.append(list(args))


def test_enqueue_before_signal(device):
    call = Recorder()
    wait, signal = semaphores(device, 1), semaphores(device, 1)
    seen_before_signal = []

    def waker():
        # The call cannot have been made: its wait is not reached yet.
        seen_before_signal.append(list(call.calls))
        semaphore_list_signal(wait)

    # Started first, so a device that runs the call inline (local-sync) is
    # woken too.
    thread = threading.Thread(target=waker)
    thread.start()
    device.queue_host_call(call, (10, 20, 30, UINT64_MAX), wait=wait, signal=signal)
    semaphore_list_wait(signal, timeout=60)
    thread.join()
    assert seen_before_signal == [[]]
    assert call.calls == [[10, 20, 30, UINT64_MAX]]


def test_no_wait_semaphores(device):
    call = Recorder()
    signal = semaphores(device, 1)
    device.queue_host_call(call, (100, 200, 300, 400), wait=[], signal=signal)
    semaphore_list_wait(signal, timeout=60)
    assert call.calls == [[100, 200, 300, 400]]


def test_non_blocking_flag(device):
    sideband = semaphores(device, 1)
    received = []

    def call(*args, context):
        # NON_BLOCKING: the queue signals first and hands the call none.
        received.append(context.signal)
        semaphore_list_signal(sideband)

    wait, signal = semaphores(device, 1), semaphores(device, 1)
    semaphore_list_signal(wait)
    device.queue_host_call(call, (1, 2, 3, 4), flags=HostCallFlag.NON_BLOCKING, context=True,
                           wait=wait, signal=signal)
    semaphore_list_wait(signal, timeout=60)
    semaphore_list_wait(sideband, timeout=60)
    assert received == [[]]


def test_async_callback(device):
    threads = []
    states = []

    def call(*args, context):
        # Takes over its signal semaphores (references of its own) and
        # signals them from a thread of its own.
        cloned = list(context.signal)

        def signal_later():
            states.append("started")
            semaphore_list_signal(cloned)
            states.append("completed")

        threads.append(threading.Thread(target=signal_later))
        threads[0].start()
        return DEFERRED

    wait, signal = semaphores(device, 1), semaphores(device, 1, 2)
    semaphore_list_signal(wait)
    device.queue_host_call(call, (5, 6, 7, 8), context=True, wait=wait, signal=signal)
    semaphore_list_wait(signal, timeout=60)
    threads[0].join()
    assert states == ["started", "completed"]
    assert [s.query() for s, _ in signal] == [1, 2]


def _fails_with_permission_denied(signal):
    with pytest.raises(ireec.PermissionDeniedError, match="test error"):
        semaphore_list_wait(signal, timeout=60)
    # Every signal semaphore keeps the failure.
    for semaphore, value in signal:
        with pytest.raises(ireec.PermissionDeniedError, match="test error"):
            semaphore.wait(value, timeout=60)
        with pytest.raises(ireec.PermissionDeniedError, match="test error"):
            semaphore.query()


def test_callback_returns_error(device):
    calls = []

    def call(*args):
        calls.append(args)
        raise ireec.PermissionDeniedError("test error from callback",
                                          ireec.lib.IREE_STATUS_PERMISSION_DENIED)

    wait, signal = semaphores(device, 1), semaphores(device, 1, 2)
    semaphore_list_signal(wait)
    device.queue_host_call(call, (9, 10, 11, 12), wait=wait, signal=signal)
    _fails_with_permission_denied(signal)
    assert calls == [(9, 10, 11, 12)]


def test_callback_returns_error_after_wait(device):
    calls = []

    def call(*args):
        calls.append(args)
        raise ireec.PermissionDeniedError("test error after waiting",
                                          ireec.lib.IREE_STATUS_PERMISSION_DENIED)

    wait, signal = semaphores(device, 1), semaphores(device, 1, 2)
    seen_before_signal = []

    def waker():
        seen_before_signal.append(list(calls))
        semaphore_list_signal(wait)

    thread = threading.Thread(target=waker)
    thread.start()
    device.queue_host_call(call, (13, 14, 15, 16), wait=wait, signal=signal)
    _fails_with_permission_denied(signal)
    thread.join()
    assert seen_before_signal == [[]]
    assert calls == [(13, 14, 15, 16)]
