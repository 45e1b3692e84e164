"""Python functions IREE calls (ireec.status_callback): an exception they
raise fails the status they return, and raises again, as itself, where that
status reaches Python — never a silent success."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec import ffi, lib

HOST_CALL = "iree_status_t(void*, const uint64_t[4], iree_hal_host_call_context_t*)"


def _loop():
    return ffi.new("iree_loop_t*")[0]


def test_an_exception_becomes_a_failed_status_that_raises_it_again():
    @ireec.status_callback("iree_status_t(void*, iree_loop_t, iree_status_t)")
    def callback(user_data, loop, status):
        raise KeyError("no such key")

    status = callback(ffi.NULL, _loop(), ffi.NULL)
    assert status != ffi.NULL
    assert lib.iree_status_code(status) == lib.IREE_STATUS_NOT_FOUND
    with pytest.raises(KeyError, match="no such key") as raised:
        ireec.check_status(status)
    # Where it was raised, and what IREE made of it.
    assert any(entry.name == "callback" for entry in raised.traceback)
    (note,) = raised.value.__notes__
    assert "NOT_FOUND; KeyError: 'no such key'" in note


@pytest.mark.parametrize("error, code", [
    (ValueError("v"), "INVALID_ARGUMENT"), (TimeoutError("t"), "DEADLINE_EXCEEDED"),
    (MemoryError("m"), "RESOURCE_EXHAUSTED"), (NotImplementedError("n"), "UNIMPLEMENTED"),
    (IndexError("i"), "OUT_OF_RANGE"), (RuntimeError("r"), "UNKNOWN"),
    (ireec.AbortedError("a", lib.IREE_STATUS_ABORTED), "ABORTED"),
])
def test_the_status_code_follows_the_exception(error, code):
    @ireec.status_callback("iree_status_t(void*, iree_loop_t, iree_status_t)")
    def callback(user_data, loop, status):
        raise error

    status = callback(ffi.NULL, _loop(), ffi.NULL)
    assert lib.iree_status_code(status) == getattr(lib, f"IREE_STATUS_{code}")
    with pytest.raises(type(error)) as raised:
        ireec.check_status(status)
    assert raised.value is error


def test_returning_none_is_ok_and_a_status_is_passed_through():
    @ireec.status_callback("iree_status_t(void*, iree_loop_t, iree_status_t)")
    def passes(user_data, loop, status):
        return None if status == ffi.NULL else status

    assert passes(ffi.NULL, _loop(), ffi.NULL) == ffi.NULL
    failed = lib.iree_status_allocate_f(lib.IREE_STATUS_DATA_LOSS, ffi.NULL, 0, b"%s",
                                        ffi.new("char[]", b"lost"))
    with pytest.raises(ireec.DataLossError, match="lost"):
        ireec.check_status(passes(ffi.NULL, _loop(), failed))


def test_only_functions_returning_a_status_are_taken():
    with pytest.raises(TypeError, match="returning iree_status_t"):
        ireec.status_callback("int(int)")
    with pytest.raises(TypeError, match="not a C function type"):
        ireec.status_callback("no_such_type(int)")


def test_a_host_call_that_raises_fails_its_signal_and_the_waiter_gets_it(device):
    # Through a device's queue: the failure travels in the signal semaphore.
    seen = []

    @ireec.status_callback(HOST_CALL)
    def host_call(user_data, args, context):
        seen.append(list(args[0:4]))
        raise ValueError(f"refused {args[0]}")

    semaphore = ireec.Semaphore(device, 0)
    handles = ffi.new("iree_hal_semaphore_t*[1]", [semaphore.handle])
    values = ffi.new("uint64_t[1]", [1])
    signal = ffi.new("iree_hal_semaphore_list_t*", {"count": 1, "semaphores": handles,
                                                    "payload_values": values})
    nothing = ffi.new("iree_hal_semaphore_list_t*")
    ireec.check_status(lib.iree_hal_device_queue_host_call(
        device.handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, nothing[0], signal[0],
        lib.iree_hal_make_host_call(host_call, ffi.NULL),
        ffi.new("uint64_t[4]", [7, 8, 9, 10]), lib.IREE_HAL_HOST_CALL_FLAG_NONE))
    with pytest.raises(ValueError, match="refused 7"):
        semaphore.wait(1, timeout=60)
    assert seen == [[7, 8, 9, 10]]
    # The device keeps working.
    session = ireec.Session(device.instance, device)
    view = ireec.BufferView(device, np.arange(3, dtype=np.float32))
    assert view.to_numpy().tolist() == [0.0, 1.0, 2.0]
    session.close()
