"""Python functions IREE calls (ireec.status_callback): an exception they
raise fails the status they return, and raises again, as itself, where that
status reaches Python — never a silent success."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec import ffi, lib

from child_process import returned, run_case

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


ALLOCATOR_IN_PYTHON = '''
import ireec
from ireec import ffi, lib

instance = ireec.Instance()  # (registers the VM's types)
live = set()
budget = {"left": 3}

@ireec.status_callback("iree_status_t(void*, iree_allocator_command_t, const void*, void**)")
def ctl(self, command, params, inout_ptr):
    # The system allocator's, with a budget of allocations: past it, raises.
    if command != lib.IREE_ALLOCATOR_COMMAND_FREE:
        if budget["left"] == 0:
            raise MemoryError("the allocator's budget is spent")
        budget["left"] -= 1
    else:
        live.discard(int(ffi.cast("uintptr_t", inout_ptr[0])))
    status = lib.iree_allocator_libc_ctl(ffi.NULL, command, params, inout_ptr)
    if command != lib.IREE_ALLOCATOR_COMMAND_FREE:
        live.add(int(ffi.cast("uintptr_t", inout_ptr[0])))
    return status

allocator = ffi.new("iree_allocator_t*", {"self": ffi.NULL, "ctl": ctl})[0]
'''


def test_an_allocator_written_in_python_that_raises_fails_the_allocation():
    # IREE calls the allocator's ctl for every allocation: one that reports
    # OK without allocating leaves IREE writing through a pointer it never
    # got (with a plain ffi.callback, this child dies of SIGSEGV in
    # iree_vm_list_create). Through status_callback the allocation fails,
    # and the exception raised in the allocator is what the caller gets.
    outcome = run_case(ALLOCATOR_IN_PYTHON, '''
        made, failures = [], []
        for _ in range(3):
            out = ffi.new("iree_vm_list_t**")
            try:
                ireec.check_status(lib.iree_vm_list_create(
                    lib.iree_vm_make_undefined_type_def(), 8, allocator, out))
            except MemoryError as error:
                failures.append(str(error))
                continue
            made.append(out[0])
        # The list made works; releasing it frees everything it allocated.
        value = ffi.new("iree_vm_value_t*", {"type": lib.IREE_VM_VALUE_TYPE_I32, "i32": 41})
        ireec.check_status(lib.iree_vm_list_push_value(made[0], value))
        read = ffi.new("iree_vm_value_t*")
        ireec.check_status(lib.iree_vm_list_get_value(made[0], 0, read))
        for made_list in made:
            lib.iree_vm_list_release(made_list)
        return {"made": len(made), "failures": failures, "read": read.i32, "live": len(live)}
    ''')
    assert returned(outcome) == {"made": 1, "failures": ["the allocator's budget is spent"] * 2,
                                 "read": 41, "live": 0}
