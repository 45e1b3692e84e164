"""ireec.Semaphore and ireec.Fence on each CPU driver: timelines, waits with
timeouts, waits signalled from another thread, failures that keep their
reason and reach waiters (what IREE's own waits answer then too), device
waits on several semaphores, fences built from timepoints (insert, extend,
join), and raw handles wrapped.

IREE's conformance cases for semaphores are ported in cts/test_semaphore.py
and cts/test_semaphore_submission.py; what ireec's devices do beyond them
(a wait the HAL leaves to the driver, failures IREE's CPU drivers do not
pass on) is checked here."""

from __future__ import annotations

import threading

import pytest

import ireec
from ireec import check_status, lib
from ireec.hal import WaitMode


# --- semaphores ---------------------------------------------------------------------


def test_semaphore_timeline(device):
    semaphore = ireec.Semaphore(device, initial_value=5)
    assert semaphore.query() == 5 and semaphore.value == 5
    semaphore.wait(5, timeout=0)  # already reached
    semaphore.signal(9)
    assert semaphore.query() == 9
    semaphore.wait(7)
    with pytest.raises(ireec.OutOfRangeError, match="monotonically increasing"):
        semaphore.signal(3)
    assert semaphore.query() == 9


def test_semaphore_wait_timeout(device):
    semaphore = ireec.Semaphore(device)
    with pytest.raises(ireec.DeadlineExceededError, match="semaphore value 1 not reached within 0.01 s") as raised:
        semaphore.wait(1, timeout=0.01)
    assert isinstance(raised.value, TimeoutError)
    assert raised.value.code_name == "DEADLINE_EXCEEDED"
    with pytest.raises(TimeoutError):
        semaphore.wait(1, timeout=0)
    assert semaphore.query() == 0


def test_semaphore_wait_signaled_from_another_thread(device):
    semaphore = ireec.Semaphore(device)
    reached = []
    waiter = threading.Thread(target=lambda: reached.append(semaphore.wait(3) or semaphore.query()))
    waiter.start()
    semaphore.signal(1)
    semaphore.signal(3)
    waiter.join()
    assert reached == [3]


def _iree_wait(semaphore, value):
    """IREE's own wait (no timeout), its answer raised as Semaphore.wait's is not."""
    check_status(lib.iree_hal_semaphore_wait(semaphore.handle, value, lib.iree_infinite_timeout(),
                                             lib.IREE_HAL_WAIT_FLAG_DEFAULT))


def test_semaphore_fail(device):
    semaphore = ireec.Semaphore(device)
    semaphore.fail("device fell over", code=lib.IREE_STATUS_CANCELLED)
    with pytest.raises(ireec.CancelledError, match="device fell over"):
        semaphore.query()
    # IREE's wait answers ABORTED; Semaphore.wait raises the failure itself.
    with pytest.raises(ireec.AbortedError):
        _iree_wait(semaphore, 1)
    with pytest.raises(ireec.CancelledError, match="device fell over"):
        semaphore.wait(1)
    # A second failure does not replace the first.
    semaphore.fail("failed again", code=lib.IREE_STATUS_DATA_LOSS)
    with pytest.raises(ireec.CancelledError, match="device fell over"):
        semaphore.query()
    with pytest.raises(ValueError, match="non-OK"):
        semaphore.fail("x", code=lib.IREE_STATUS_OK)
    with pytest.raises(TypeError, match="message must be a str"):
        semaphore.fail(b"x")


def test_semaphore_failure_wakes_a_blocked_waiter(device):
    semaphore = ireec.Semaphore(device)
    thread = threading.Thread(target=semaphore.fail, args=("failed while waited on",
                                                           lib.IREE_STATUS_INTERNAL))
    thread.start()
    with pytest.raises(ireec.AbortedError):
        _iree_wait(semaphore, 1)
    thread.join()
    with pytest.raises(ireec.InternalError, match="failed while waited on"):
        semaphore.query()


# --- device waits -------------------------------------------------------------------


def test_device_wait_all_and_any(device):
    # IREE's CTS leaves the answer of an ALL wait not yet reached to the
    # driver; ireec's devices time out.
    a, b = ireec.Semaphore(device, 1), ireec.Semaphore(device, 0)
    device.wait_semaphores(WaitMode.ANY, [(a, 1), (b, 1)], timeout=0)
    device.wait_semaphores(WaitMode.ANY, [(a, 1), (b, 1)])
    with pytest.raises(ireec.DeadlineExceededError):
        device.wait_semaphores(WaitMode.ALL, [(a, 1), (b, 1)], timeout=0)
    with pytest.raises(ireec.DeadlineExceededError):
        device.wait_semaphores(WaitMode.ALL, [(a, 1), (b, 1)], timeout=0.01)
    thread = threading.Thread(target=b.signal, args=(1,))
    thread.start()
    device.wait_semaphores(WaitMode.ALL, [(a, 1), (b, 1)])
    thread.join()
    assert (a.query(), b.query()) == (1, 1)


@pytest.mark.parametrize("mode", [WaitMode.ALL, WaitMode.ANY])
def test_device_wait_with_a_failed_semaphore_aborts(device, mode):
    # IREE's own local-task takes a failed semaphore's failure value as
    # reached in its multi-waits; ireec's devices answer ABORTED, as the HAL
    # promises.
    a, b = ireec.Semaphore(device, 1), ireec.Semaphore(device)
    b.fail("failed before the wait", code=lib.IREE_STATUS_INTERNAL)
    for timepoints, timeout in (([(a, 1), (b, 1)], lib.iree_make_timeout_ns(10_000_000)),
                                ([(b, 1)], lib.iree_infinite_timeout())):
        fence = ireec.Fence(len(timepoints))
        for semaphore, value in timepoints:
            fence.insert(semaphore, value)
        with pytest.raises(ireec.AbortedError):
            check_status(lib.iree_hal_device_wait_semaphores(
                device.handle, mode, lib.iree_hal_fence_semaphore_list(fence.handle), timeout,
                lib.IREE_HAL_WAIT_FLAG_DEFAULT))


# --- fences -----------------------------------------------------------------------------


def test_fence_at_query_signal_wait(device):
    semaphore = ireec.Semaphore(device)
    fence = semaphore.fence(2)
    assert len(fence) == 1 and fence.query() is False
    semaphore.signal(1)
    assert fence.query() is False
    fence.signal()  # advances every semaphore to its value
    assert semaphore.query() == 2 and fence.query() is True
    fence.wait()
    fence.wait(timeout=0)
    fence.wait(timeout=float("inf"))


def test_fence_wait_timeout(device):
    fence = ireec.Semaphore(device).fence(1)
    with pytest.raises(ireec.DeadlineExceededError, match="fence not reached within 0.02 s") as raised:
        fence.wait(timeout=0.02)
    assert isinstance(raised.value, TimeoutError)
    with pytest.raises(TimeoutError):
        fence.wait(timeout=0)
    with pytest.raises(ValueError, match="NaN"):
        fence.wait(timeout=float("nan"))


def test_fence_insert_extend_join(device):
    s1 = ireec.Semaphore(device)
    s2 = ireec.Semaphore(device)
    fence = ireec.Fence(capacity=2)
    assert fence.query() is True  # nothing to reach
    fence.insert(s1, 3)
    fence.insert(s1, 1)  # the same semaphore keeps the larger value
    assert [(s.handle, v) for s, v in fence.timepoints] == [(s1.handle, 3)]
    other = ireec.Fence.at(s2, 4)
    fence.extend(other)
    assert [(s.handle, v) for s, v in fence.timepoints] == [(s1.handle, 3), (s2.handle, 4)]
    with pytest.raises(ireec.ResourceExhaustedError, match="capacity 2 reached"):
        fence.insert(ireec.Semaphore(device), 1)
    joined = ireec.Fence.join([ireec.Fence.at(s1, 5), other])
    assert sorted(v for _, v in joined.timepoints) == [4, 5]
    s1.signal(5)
    assert fence.query() is False and joined.query() is False
    s2.signal(4)
    assert fence.query() is True and joined.query() is True
    empty = ireec.Fence.join([])
    assert isinstance(empty, ireec.Fence) and empty.timepoint_count == 0
    empty.wait(timeout=0)


def test_fence_fail(device):
    semaphore = ireec.Semaphore(device)
    fence = semaphore.fence(1)
    fence.fail("no result today")
    with pytest.raises(ireec.AbortedError, match="no result today"):
        fence.wait()
    with pytest.raises(ireec.AbortedError, match="no result today"):
        fence.query()


def test_fence_argument_errors(device):
    fence = ireec.Fence(1)
    with pytest.raises(TypeError, match="semaphore must be an ireec.Semaphore, not NoneType"):
        fence.insert(None, 1)
    with pytest.raises(TypeError, match="other must be an ireec.Fence, not int"):
        fence.extend(3)
    with pytest.raises(TypeError, match=r"fences\[1\] must be an ireec.Fence"):
        ireec.Fence.join([fence, "x"])
    with pytest.raises(TypeError, match="semaphore must be an ireec.Semaphore"):
        ireec.Fence.at(device, 1)
    with pytest.raises(ValueError, match="capacity"):
        ireec.Fence(-1)
    with pytest.raises(ValueError, match="capacity"):
        ireec.Fence(70000)
    fence.close()
    with pytest.raises(ireec.ClosedError):
        fence.wait()
    with pytest.raises(ireec.ClosedError):
        ireec.Fence.join([fence])


# Every method taking a semaphore value checks it the same way before IREE
# takes it as a uint64_t; a bool is refused rather than passing as 0 or 1.
SEMAPHORE_VALUE_TAKERS = {
    "Semaphore.signal": lambda semaphore, value: semaphore.signal(value),
    "Semaphore.wait": lambda semaphore, value: semaphore.wait(value, timeout=0),
    "Semaphore.fence": lambda semaphore, value: semaphore.fence(value),
    "Fence.at": lambda semaphore, value: ireec.Fence.at(semaphore, value),
    "Fence.insert": lambda semaphore, value: ireec.Fence(1).insert(semaphore, value),
}
REFUSED_SEMAPHORE_VALUES = [
    (True, TypeError, "a semaphore value must be an integer, not bool (True)"),
    (False, TypeError, "a semaphore value must be an integer, not bool (False)"),
    (-1, ireec.InvalidArgumentError, "a semaphore value is -1; it must be 0 to "),
    (2**64, ireec.InvalidArgumentError, "a semaphore value is 18446744073709551616; "),
    # IREE_HAL_SEMAPHORE_MAX_VALUE + 1: IREE reads it as a failure.
    (2**31 - 1, ireec.InvalidArgumentError, "a semaphore value is 2147483647; it must be 0 to "
                                            "2147483646"),
]


@pytest.mark.parametrize("taker", list(SEMAPHORE_VALUE_TAKERS))
def test_semaphore_values_are_refused_out_of_range_or_bool(device, taker):
    semaphore = ireec.Semaphore(device, 2)
    for value, error, message in REFUSED_SEMAPHORE_VALUES:
        with pytest.raises(error) as raised:
            SEMAPHORE_VALUE_TAKERS[taker](semaphore, value)
        assert str(raised.value).startswith(message), (value, str(raised.value))
    assert semaphore.query() == 2  # nothing reached IREE


def test_initial_values_and_timepoint_values_refuse_bools(device):
    semaphore = ireec.Semaphore(device)
    for value in (True, False):
        with pytest.raises(TypeError, match=rf"^a semaphore's initial value must be an "
                                            rf"integer, not bool \({value}\)$"):
            ireec.Semaphore(device, value)
        with pytest.raises(TypeError, match=rf"^timepoints\[0\]'s value must be an "
                                            rf"integer, not bool \({value}\)$"):
            ireec.hal.semaphore_list_signal([(semaphore, value)])
    assert semaphore.query() == 0


def test_checked_semaphore_values_reach_iree(device):
    semaphore = ireec.Semaphore(device, 2)
    semaphore.signal(5)
    assert semaphore.query() == 5
    semaphore.wait(5, timeout=0)
    fence = ireec.Fence(1)
    fence.insert(semaphore, 9)
    assert fence.timepoints[0][1] == 9 and fence.query() is False
    fence.signal()
    assert semaphore.query() == 9
    ireec.Fence.at(semaphore, 9).wait(timeout=0)
    assert semaphore.fence(9).query() is True


def test_fence_and_semaphore_wrap_raw_handles(device):
    semaphore = ireec.Semaphore(device)
    fence = semaphore.fence(1)
    # Wrapping a borrowed pointer adds a reference of its own.
    again = ireec.Fence.from_handle(fence.handle, retain=True)
    fence.close()
    semaphore.signal(1)
    assert again.query() is True
    with pytest.raises(ValueError, match="non-NULL"):
        ireec.Fence.from_handle(ireec.ffi.NULL)
