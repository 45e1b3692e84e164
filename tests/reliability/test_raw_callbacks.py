"""Callbacks made with `ireec.ffi.callback`, the route a C sample ported
line by line takes: a Python body that raises never reports success to
IREE. cffi's own default returns zero, which for an `iree_status_t` is OK:
a host call's signal reached, a native module's function returning zeros,
an allocator's ctl "allocating" nothing (then SIGSEGV). By default, without
an `onerror`, a callback returning `iree_status_t` returns a failed status
carrying the exception, raised again as itself where the status reaches
Python; one of IREE's callbacks returning an int where nonzero is failure
(an executable's dispatch and import functions) returns 1.

Each case runs in a child process with a bounded time.
"""

from __future__ import annotations

import json

import pytest

from child_process import expect_error, returned, run_case

# A guard against a child that hangs; it does not measure anything.
CHILD_TIMEOUT = 120

SETUP = """
import json, struct, sys
import numpy as np
import ireec
from ireec import check_status, ffi, lib
P = json.loads(sys.argv[1])
instance = ireec.Instance()
device = instance.create_device("local-task")

class Refused(Exception):
    pass
"""

HOST_CALL = "iree_status_t(void*, const uint64_t[4], iree_hal_host_call_context_t*)"

OFFSET = """
module @example {
  func.func private @custom.add(i32, i32) -> i32
  func.func @offset(%x: i32) -> i32 {
    %hundred = arith.constant 100 : i32
    %0 = call @custom.add(%x, %hundred) : (i32, i32) -> i32
    return %0 : i32
  }
}
"""


def run(body: str, **programs) -> dict:
    return run_case(SETUP, body, json.dumps(programs), timeout=CHILD_TIMEOUT)


@pytest.mark.parametrize("form", ["call", "decorator"])
def test_a_host_call_that_raises_fails_its_signal_with_the_exception(form):
    made = ("host_call = ffi.callback(HOST_CALL, body)" if form == "call"
            else "host_call = ffi.callback(HOST_CALL)(body)")
    outcome = run(f"""
        HOST_CALL = {HOST_CALL!r}
        def body(user_data, args, context):
            raise Refused(f"{{args[0]}} is too large")
        {made}
        semaphore = ireec.Semaphore(device, 0)
        semaphores = ffi.new("iree_hal_semaphore_t*[1]", [semaphore.handle])
        values = ffi.new("uint64_t[1]", [1])
        signal = ffi.new("iree_hal_semaphore_list_t*", {{
            "count": 1, "semaphores": semaphores, "payload_values": values}})
        wait = ffi.new("iree_hal_semaphore_list_t*")
        check_status(lib.iree_hal_device_queue_host_call(
            device.handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, wait[0], signal[0],
            lib.iree_hal_make_host_call(host_call, ffi.NULL),
            ffi.new("uint64_t[4]", [1000, 0, 0, 0]), lib.IREE_HAL_HOST_CALL_FLAG_NONE))
        semaphore.wait(1, 30)""")
    expect_error(outcome, "Refused", "1000 is too large")


def test_a_native_module_shim_that_raises_fails_the_call(compile_mlir):
    outcome = run("""
        session = ireec.Session(instance, device)
        calls = []
        def add(stack, flags, args, rets, target, module, state):
            a, b = struct.unpack("=ii", ffi.buffer(args.data, args.data_length))
            calls.append((a, b))
            raise Refused(f"{a} + {b} is not wanted")
        add_shim = ffi.callback(
            "iree_status_t(iree_vm_stack_t*, uint32_t, iree_byte_span_t, iree_byte_span_t, "
            "iree_vm_native_function_target_t, void*, void*)", add)
        name, cconv, module_name = (ffi.new("char[]", t) for t in (b"add", b"0ii_i", b"custom"))
        exports = ffi.new("iree_vm_native_export_descriptor_t[1]")
        exports[0].local_name = lib.iree_make_string_view(name, 3)
        exports[0].calling_convention = lib.iree_make_string_view(cconv, 5)
        functions = ffi.new("iree_vm_native_function_ptr_t[1]")
        functions[0].shim = add_shim
        descriptor = ffi.new("iree_vm_native_module_descriptor_t*", {
            "name": lib.iree_make_string_view(module_name, 6), "export_count": 1,
            "exports": exports, "function_count": 1, "functions": functions})
        interface = ffi.new("iree_vm_module_t*")
        check_status(lib.iree_vm_module_initialize(interface, ffi.NULL))
        module = ffi.new("iree_vm_module_t**")
        check_status(lib.iree_vm_native_module_create(
            interface, descriptor, instance.vm_instance, lib.iree_allocator_system(), module))
        check_status(lib.iree_runtime_session_append_module(session.handle, module[0]))
        lib.iree_vm_module_release(module[0])
        session.load_module(P["offset"])
        try:
            session.call("example.offset", 5)
        finally:
            print(json.dumps(calls))""", offset=str(compile_mlir(OFFSET)))
    expect_error(outcome, "Refused", "5 + 100 is not wanted")
    assert outcome["stdout"] == ["[[5, 100]]"]


def test_an_allocator_ctl_that_raises_fails_the_allocation():
    outcome = run("""
        def body(self, command, params, inout_ptr):
            if command != lib.IREE_ALLOCATOR_COMMAND_FREE:
                raise MemoryError("over budget")
            return lib.iree_allocator_libc_ctl(ffi.NULL, command, params, inout_ptr)
        ctl = ffi.callback("iree_status_t(void*, iree_allocator_command_t, const void*, void**)",
                           body)
        allocator = ffi.new("iree_allocator_t*", {"self": ffi.NULL, "ctl": ctl})[0]
        out = ffi.new("iree_vm_list_t**")
        check_status(lib.iree_vm_list_create(lib.iree_vm_make_undefined_type_def(), 8,
                                             allocator, out))""")
    expect_error(outcome, "MemoryError", "over budget")


def test_a_status_callback_called_directly_returns_the_failure():
    outcome = run("""
        @ffi.callback("iree_status_t(void*, iree_loop_t, iree_status_t)")
        def callback(user_data, loop, status):
            raise KeyError("no such key")
        @ffi.callback("iree_status_t(void*, iree_loop_t, iree_status_t)")
        def quiet(user_data, loop, status):
            return None  # OK, as under ireec.status_callback
        status = callback(ffi.NULL, ffi.new("iree_loop_t*")[0], ffi.NULL)
        code = lib.iree_status_code(status)
        ok = quiet(ffi.NULL, ffi.new("iree_loop_t*")[0], ffi.NULL) == ffi.NULL
        try:
            check_status(status)
        except KeyError as error:
            return [code == lib.IREE_STATUS_NOT_FOUND, str(error), ok]""")
    assert returned(outcome) == [True, "'no such key'", True]


def test_iree_int_callbacks_return_failure_and_others_keep_cffis_default():
    outcome = run("""
        def body(*args):
            raise Refused("no")
        results = []
        for signature in ("iree_hal_executable_import_v0_t",
                          "int(*)(void*, void*, void*)",       # the same type, spelled
                          "iree_hal_executable_dispatch_v0_t",
                          "int(int)"):                          # not IREE's: cffi's 0
            callback = ffi.callback(signature, body)
            results.append(callback(7) if signature == "int(int)" else
                           callback(ffi.NULL, ffi.NULL, ffi.NULL))
        return results""")
    assert returned(outcome) == [1, 1, 1, 0]


def test_what_the_caller_asks_for_is_kept():
    outcome = run("""
        def body(user_data, loop, status):
            raise Refused("no")
        seen = []
        def onerror(kind, error, traceback):
            seen.append(kind.__name__)
            return lib.iree_ok_status()
        mine = ffi.callback("iree_status_t(void*, iree_loop_t, iree_status_t)", body,
                            onerror=onerror)
        status = mine(ffi.NULL, ffi.new("iree_loop_t*")[0], ffi.NULL)
        counted = ffi.callback("int(int)", lambda x: 1 // 0, error=-5)
        return [status == ffi.NULL, seen, counted(3),
                ireec.ffi.new("int*", 4)[0], ireec.ffi.NULL == ffi.cast("void*", 0),
                isinstance(ireec.ffi.new("int*"), ireec.ffi.CData)]""")
    assert returned(outcome) == [True, ["Refused"], -5, 4, True, True]
