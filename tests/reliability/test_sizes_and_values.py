"""Sizes, counts, capacities and values past what IREE and the device can
hold, through ireec.hal, ireec.vm and the parameter writer: each refused
with a typed error naming it (an ireec.Error or a ValueError/TypeError),
never wrapped into a small allocation, never an OverflowError, and the
process keeps working. Each case runs in a child process with a bounded
time, on every driver it applies to (Vulkan on the machine's device,
lavapipe in CI).

The classes: buffer sizes near 2^64 (allocate_buffer, queue_alloca), a
vm.Buffer's size, a vm.List's capacity, semaphore payloads past IREE's
maximum, out-of-range flags, modes and element types, a NativeModule's
float results and version, and the parameter archive writer's lengths,
alignment and element types.
"""

from __future__ import annotations

import json

import pytest

from child_process import expect_error, returned, run_case
from cts_support import device_uri
from locations import PROGRAMS_DIR

# A guard against a child that hangs (one of the failures looked for); it
# does not measure anything.
CHILD_TIMEOUT = 120

# Every driver whose devices the cases run on ("vulkan" stands for the
# machine's Vulkan device).
DRIVERS = ["local-sync", "local-task", "local-task://?memory=discrete", "vulkan"]

SETUP = """
import json, sys
import numpy as np
import ireec
from ireec import hal
P = json.loads(sys.argv[1])
instance = ireec.Instance()
device = instance.create_device(P["uri"])
"""


def run_on(uri: str, body: str, **programs) -> dict:
    """`body` as a case on a device of `uri` (programs by name in P)."""
    return run_case(SETUP, body, json.dumps({"uri": uri, **programs}),
                    timeout=CHILD_TIMEOUT)


def refused(outcome: dict, *fragments: str) -> None:
    """The case raised a ValueError (an InvalidArgumentError) holding
    `fragments`, never an OverflowError."""
    expect_error(outcome, "ValueError", *fragments)
    assert "OverflowError" not in outcome["mro"], outcome


@pytest.fixture(params=DRIVERS)
def uri(request, vulkan_uri):
    return device_uri(request.param, vulkan_uri)


# --- buffer sizes near 2^64 ----------------------------------------------------------

@pytest.mark.parametrize("size", ["2**64 - 64", "2**64 - 1", "2**63"])
@pytest.mark.parametrize("how", ["allocate_buffer", "queue_alloca"])
def test_buffer_sizes_past_the_address_space_are_refused(uri, how, size):
    outcome = run_on(uri, f"""
        size = {size}
        try:
            if {how!r} == "allocate_buffer":
                device.allocator.allocate_buffer(size)
            else:
                device.queue_alloca(size)
        finally:
            # The device still allocates, writes and reads back.
            buffer = device.allocator.allocate_buffer(
                16, memory_type=hal.MemoryType.HOST_LOCAL | hal.MemoryType.DEVICE_VISIBLE,
                usage=hal.BufferUsage.DEFAULT | hal.BufferUsage.MAPPING)
            buffer.map_write(0, b"0123456789abcdef")
            print(buffer.map_read(4, 4))
        """)
    refused(outcome, "allocation_size is", "it must be 0 to")
    assert outcome["stdout"] == ["b'4567'"]


@pytest.mark.parametrize("how", ["allocate_buffer", "queue_alloca"])
def test_a_size_no_memory_holds_is_resource_exhausted(how):
    # Below the bound, what cannot be allocated is IREE's own typed answer.
    outcome = run_on("local-task", f"""
        if {how!r} == "allocate_buffer":
            device.allocator.allocate_buffer(2**62)
        else:
            device.queue_alloca(2**62)""")
    expect_error(outcome, "ResourceExhaustedError")


# --- vm.Buffer and vm.List sizes -----------------------------------------------------

@pytest.mark.parametrize("size", ["2**64 - 1", "2**64 - 16", "2**63"])
def test_vm_buffer_sizes_past_the_address_space_are_refused(size):
    outcome = run_on("local-task", f"""
        ireec.vm.Buffer({size})""")
    refused(outcome, "a Buffer's size is", "it must be 0 to")


def test_a_vm_buffer_no_memory_holds_is_resource_exhausted():
    outcome = run_on("local-task", "ireec.vm.Buffer(2**62)")
    expect_error(outcome, "ResourceExhaustedError")


@pytest.mark.parametrize("make", [
    "ireec.vm.List(capacity=2**62 + 64)",
    "ireec.vm.List(capacity=2**64 - 1)",
    "ireec.vm.List.create(2**62 + 64, 'i8')",
    "ireec.vm.List.create(2**60, 'f64')",
])
def test_list_capacities_whose_storage_overflows_are_refused(make):
    outcome = run_on("local-task", f"""
        try:
            {make}
        finally:
            # Lists still work (2,000 appends).
            values = ireec.vm.List(capacity=4)
            values.extend(range(2000))
            print(len(values), values[1999])""")
    refused(outcome, "the list capacity is", "it must be 0 to")
    assert outcome["stdout"] == ["2000 1999"]


# --- semaphore payloads --------------------------------------------------------------

MAX_PAYLOAD = 2**31 - 2  # IREE_HAL_SEMAPHORE_MAX_VALUE


def test_every_driver_reaches_the_largest_payload(uri):
    outcome = run_on(uri, f"""
        semaphore = ireec.Semaphore(device, 0)
        semaphore.signal({MAX_PAYLOAD})
        semaphore.wait({MAX_PAYLOAD}, 5)
        queued = ireec.Semaphore(device, {MAX_PAYLOAD} - 1)
        device.queue_barrier(wait=[(semaphore, {MAX_PAYLOAD})],
                             signal=[(queued, {MAX_PAYLOAD})])
        ireec.Fence.at(queued, {MAX_PAYLOAD}).wait(5)
        return [semaphore.query(), queued.query()]""")
    assert returned(outcome) == [MAX_PAYLOAD, MAX_PAYLOAD]


@pytest.mark.parametrize("call", [
    "ireec.Semaphore(device, MAX + 1)",
    "ireec.Semaphore(device, 0).signal(MAX + 1)",
    "ireec.Semaphore(device, 0).signal(2**63)",
    "ireec.Semaphore(device, 0).wait(MAX + 1, 0)",
    "ireec.Semaphore(device, 0).fence(MAX + 1)",
    "ireec.Fence(1).insert(ireec.Semaphore(device, 0), MAX + 1)",
    "device.queue_barrier(signal=[(ireec.Semaphore(device, 0), MAX + 1)])",
    "device.queue_barrier(wait=[(ireec.Semaphore(device, 0), 2**40)])",
    "hal.semaphore_list_signal([(ireec.Semaphore(device, 0), MAX + 1)])",
])
def test_payloads_past_the_maximum_are_refused(uri, call):
    outcome = run_on(uri, f"""
        MAX = {MAX_PAYLOAD}
        try:
            {call}
        finally:
            # Nothing was signalled or failed: a new semaphore still works.
            check = ireec.Semaphore(device, 0)
            check.signal(1)
            check.wait(1, 5)
            print(check.query())""")
    refused(outcome, "it must be 0 to 2147483646")
    assert outcome["stdout"] == ["1"]


# --- flags, modes, access, affinities and element types ----------------------------

OUT_OF_RANGE = [
    ("ireec.BufferView(device, a, element_type=2**40)", "element_type is 1099511627776"),
    ("ireec.BufferView(device, a, element_type=-1)", "element_type is -1"),
    ("ireec.BufferView.from_buffer(device, view.buffer, (4,), 2**32)", "element_type is"),
    ("view.buffer.map_range(memory_access=-1)", "memory_access is -1"),
    ("hal.CommandBuffer(device, mode=2**64)", "mode is 18446744073709551616"),
    ("hal.Event(device, flags=-1)", "flags is -1"),
    ("device.allocator.allocate_buffer(16, queue_affinity=2**64)", "queue affinity is"),
    ("device.queue_barrier(queue_affinity=-1)", "queue_affinity is -1"),
    ("ireec.vm.NativeModule('m', {}, version=-1)", "version is -1"),
    ("ireec.vm.NativeModule('m', {}, version=2**32)", "version is 4294967296"),
]


@pytest.mark.parametrize("call, fragment", OUT_OF_RANGE, ids=[c for c, _ in OUT_OF_RANGE])
def test_out_of_range_flags_and_types_are_refused_naming_them(call, fragment):
    outcome = run_on("local-task", f"""
        a = np.arange(4, dtype=np.float32)
        view = ireec.BufferView(device, a)
        {call}""")
    refused(outcome, fragment, "it must be")


# --- a NativeModule's float results --------------------------------------------------

@pytest.mark.parametrize("value", ["1e300", "np.float64(1e300)", "np.float64(-1e300)",
                                   "np.longdouble(1e300)", "3.5e38"])
def test_f32_results_too_large_for_f32_are_infinite_as_cs_cast_makes_them(compile_mlir,
                                                                        value):
    imports = compile_mlir(PROGRAMS_DIR / "python_imports.mlir",
                           "--iree-input-demote-f64-to-f32=false")
    outcome = run_on("local-task", f"""
        module = ireec.vm.NativeModule("py", {{
            "add": ("0ii_i", lambda a, b: a + b),
            "scale": ("0IfF_IfF", lambda a, b, c: (a, {value}, c)),
            "note": ("0i_v", lambda x: None), "tick": ("0v_i", lambda: 0),
            "nothing": ("0v_v", lambda: None), "size": ("0r_I", lambda l: 0),
            "range": ("0i_r", lambda n: []), "reverse": ("0r_r", lambda b: b),
            "negate": ("0r_r", lambda v: v)}})
        session = ireec.Session(instance, device)
        session.append_module(module)
        session.load_module(P["imports"])
        return repr(session.call("imports.scale", 1, 2.0, 3.0)[1])""",
                     imports=str(imports))
    assert returned(outcome) == ("-inf" if "-1e300" in value else "inf")


# --- the parameter archive writer ----------------------------------------------------

@pytest.mark.parametrize("call, error, fragment", [
    ("ireec.save_parameters('p.irpa', {'k': ireec.SplatValue(np.uint8(1), 2**64)})",
     "ValueError", "the length of parameter 'k' is 18446744073709551616"),
    ("ireec.save_parameters('p.irpa', {'k': ireec.SplatValue(np.uint32(1), 2**63)})",
     "ValueError", "the length of parameter 'k' is 36893488147419103232"),
    ("ireec.save_parameters('p.irpa', {'k': np.ones(4, np.uint8)}, alignment=2**70)",
     "ValueError", "alignment is 1180591620717411303424"),
    ("ireec.save_parameters('p.irpa', {'k': np.array([object(), None])})",
     "TypeError", "dtype object"),
    ("ireec.ParameterIndex().save('p.irpa', alignment=-1)", "ValueError", "alignment is -1"),
])
def test_the_archive_writer_refuses_what_the_format_cannot_hold(tmp_path, call, error,
                                                                fragment):
    outcome = run_case(SETUP.replace('device = instance.create_device(P["uri"])', ""),
                       f"""
        import os
        try:
            {call}
        finally:
            print(os.path.exists("p.irpa"))""", json.dumps({}), cwd=tmp_path,
                       timeout=CHILD_TIMEOUT)
    expect_error(outcome, error, fragment)
    assert "OverflowError" not in outcome["mro"] and "error" not in outcome["raised"]
    assert outcome["stdout"] == ["False"]
