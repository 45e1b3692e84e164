"""Programs across devices that cannot reach each other's memory.

A `memory=discrete` CPU device stands in for a GPU: its device-local buffers
are memory no other device reaches. Programs compiled for two or three
devices move tensors between them with flow.tensor.transfer; each device
stages the buffers of others it cannot reach through host memory, with the
buffers' own devices' transfers (csrc/hal/staging_device.c). Every pair of
{local-task, local-sync, each `?memory=discrete`}, in both orders, must give
what two plain local-task devices give, for both CPU backends and both
asynchronous execution models, through the Pythonic layer and
`python -m ireec run-module`.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import sys
import textwrap

import numpy as np
import pytest

import ireec
from ireec import ffi, lib
from ireec.cli import run_module as run_module_cli
from ireec._core.status import check_status

from child_process import run_ireec, run_python
from locations import EXAMPLES_DIR, PROGRAMS_DIR, REPO_ROOT

CPU_DEVICES = ["local-task", "local-sync", "local-task://?memory=discrete",
               "local-sync://?memory=discrete"]
PAIRS = list(itertools.product(CPU_DEVICES, repeat=2))
BACKENDS = ["vmvx", "llvm-cpu"]
MODELS = ["async-external", "async-internal"]

X = np.array([10.0, 11.0, 12.0, 13.0], np.float32)


def hop_of(x):
    """((x + [0.5, 1.5, 2.5, 3.5]) on a) * [2, 3, 4, 5] on b (device_hop.mlir)."""
    return (x + np.array([0.5, 1.5, 2.5, 3.5], np.float32)) * np.array([2, 3, 4, 5], np.float32)


HOP = hop_of(X)
# (((x * 2) on a) + [1, 2, 3, 4]) on b, * [3, 1, 3, 1] on c (device_ring.mlir).
RING = (X * 2 + np.array([1, 2, 3, 4], np.float32)) * np.array([3, 1, 3, 1], np.float32)


def target_flags(backend: str, count: int) -> tuple[str, ...]:
    names = "abc"[:count]
    flags = [f"--iree-hal-target-device=device_{n}=local[{i}]" for i, n in enumerate(names)]
    flags.append(f"--iree-hal-local-target-device-backends={backend}")
    if backend == "llvm-cpu":
        flags.append("--iree-llvmcpu-target-cpu=host")
    return tuple(flags)


def compiled(compile_mlir, program: str, device_count: int):
    """(backend, model) -> `program` compiled so for that many devices."""
    def compile_for(backend, model):
        return compile_mlir(PROGRAMS_DIR / program, f"--iree-execution-model={model}",
                            target_flags=target_flags(backend, device_count))
    return compile_for


@pytest.fixture(scope="module")
def hop(compile_mlir):
    return compiled(compile_mlir, "device_hop.mlir", 2)


@pytest.fixture(scope="module")
def ring(compile_mlir):
    return compiled(compile_mlir, "device_ring.mlir", 3)


@pytest.fixture(scope="module")
def instance():
    return ireec.Instance()


def call_on(instance, vmfb, uris, function, x=X):
    devices = [instance.create_device(uri) for uri in uris]
    try:
        with ireec.Session(instance, devices=devices) as session:
            session.load_module(vmfb)
            (result,) = session.call(function, x)
            with result:
                return result.to_numpy()
    finally:
        for device in devices:
            device.close()


def run_module_output(capsys, vmfb, uris, function) -> str:
    argv = [f"--module={vmfb}", f"--function={function}", "--input=4xf32=10,11,12,13",
            *(f"--device={uri}" for uri in uris)]
    assert run_module_cli.main(argv) == 0
    return capsys.readouterr().out


# -- every pair, both orders -----------------------------------------------------

@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("pair", PAIRS, ids="+".join)
def test_two_devices_give_the_plain_pairs_answer(instance, hop, pair, backend, model):
    vmfb = hop(backend, model)
    plain = call_on(instance, vmfb, ("local-task", "local-task"), "module.hop")
    result = call_on(instance, vmfb, pair, "module.hop")
    np.testing.assert_array_equal(plain, HOP)
    np.testing.assert_array_equal(result, plain)


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("pair", PAIRS, ids="+".join)
def test_run_module_prints_the_plain_pairs_output(capsys, hop, pair, backend, model):
    vmfb = hop(backend, model)
    plain = run_module_output(capsys, vmfb, ("local-task", "local-task"), "module.hop")
    assert plain == "EXEC @hop\nresult[0]: hal.buffer_view\n4xf32=21 37.5 58 82.5\n"
    assert run_module_output(capsys, vmfb, pair, "module.hop") == plain


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("pair", [("local-task://?memory=discrete", "local-task"),
                                  ("local-sync://?memory=discrete", "local-task")], ids="+".join)
def test_python_m_ireec_run_module(hop, pair, model):
    # The pairs that printed zeros (async-external) or aborted (async-internal).
    result = run_ireec("run-module", f"--module={hop('vmvx', model)}", "--function=module.hop",
                       "--input=4xf32=10,11,12,13", *(f"--device={u}" for u in pair)).check()
    assert result.stdout.endswith("4xf32=21 37.5 58 82.5\n")


# -- three devices ---------------------------------------------------------------

RINGS = [("local-task://?memory=discrete", "local-task", "local-sync://?memory=discrete"),
         ("local-sync", "local-task://?memory=discrete", "local-sync://?memory=discrete"),
         ("local-task://?memory=discrete", "local-sync://?memory=discrete",
          "local-task://?memory=discrete&topology_group_count=1")]


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("uris", RINGS, ids="+".join)
def test_three_devices_in_a_ring(instance, capsys, ring, uris, backend, model):
    vmfb = ring(backend, model)
    np.testing.assert_array_equal(call_on(instance, vmfb, uris, "module.ring"), RING)
    plain = run_module_output(capsys, vmfb, ("local-task",) * 3, "module.ring")
    assert plain.endswith("4xf32=63 24 81 30\n")
    assert run_module_output(capsys, vmfb, uris, "module.ring") == plain


# -- the Pythonic multi-device calls -------------------------------------------

@pytest.mark.parametrize("pair", [("local-task://?memory=discrete", "local-task"),
                                  ("local-task", "local-sync://?memory=discrete")], ids="+".join)
def test_pythonic_calls_on_either_device(instance, hop, pair):
    vmfb = hop("llvm-cpu", "async-external")
    devices = [instance.create_device(uri) for uri in pair]
    with ireec.Session(instance, devices=devices) as session:
        session.load_module(vmfb)
        fn = session.function("module.hop")
        # Inputs uploaded to the second device, then a view made there.
        (on_b,) = session.call("module.hop", X, device=session.devices[1])
        np.testing.assert_array_equal(on_b.to_numpy(), HOP)
        view = ireec.BufferView.from_numpy(devices[1], X)
        np.testing.assert_array_equal(session.call("module.hop", view)[0].to_numpy(), HOP)
        # Chained asynchronous calls, the second waiting on the first.
        (first,), f1 = fn.call_async(X)
        (second,), f2 = fn.call_async(X * 2, wait=f1, device=session.devices[1])
        f2.wait()
        np.testing.assert_array_equal(first.to_numpy(), HOP)
        np.testing.assert_array_equal(second.to_numpy(), hop_of(X * 2))
        # A result copied to the other device and back.
        moved = on_b.to_device(devices[1]).to_device(devices[0])
        np.testing.assert_array_equal(moved.to_numpy(), HOP)


def test_a_discrete_devices_view_in_a_plain_session(instance, program):
    # The plain device reads the discrete device's buffer through host memory;
    # nothing fails, and the device goes on working.
    vmfb = program("simple_mul")
    discrete = instance.create_device("local-task://?memory=discrete")
    plain = instance.create_device("local-task")
    with ireec.Session(instance, plain) as session:
        session.load_module(vmfb)
        a = ireec.BufferView.from_numpy(discrete, np.arange(4, dtype=np.float32))
        assert not a.mappable
        (result,) = session.call("module.simple_mul", a, np.full(4, 3, np.float32))
        assert result.to_numpy().tolist() == [0.0, 3.0, 6.0, 9.0]
        (again,) = session.call("module.simple_mul", np.ones(4, np.float32),
                                np.full(4, 2, np.float32))
        assert again.to_numpy().tolist() == [2.0] * 4


@pytest.mark.parametrize("pair", [("local-task://?memory=discrete", "local-task://?memory=discrete"),
                                  ("local-sync://?memory=discrete", "local-task"),
                                  ("local-task://?memory=discrete", "local-sync")], ids="+".join)
def test_to_device_copies_on_the_target_device(instance, pair):
    source, target = (instance.create_device(uri) for uri in pair)
    values = np.arange(6, dtype=np.int32).reshape(2, 3)
    with ireec.BufferView.from_numpy(source, values) as view:
        assert view.direct_copy_obstacle(target) is None
        with view.to_device(target) as copy:
            assert copy.device is target
            np.testing.assert_array_equal(copy.to_numpy(), values)


def test_two_devices_example_on_heterogeneous_devices(hop, compile_mlir):
    vmfb = compile_mlir((EXAMPLES_DIR / "two_devices.py").read_text().split('PROGRAM = """')[1]
                        .split('"""')[0], target_flags=target_flags("llvm-cpu", 2))
    outputs = {}
    for pair in [("local-task", "local-task"), ("local-task://?memory=discrete", "local-task"),
                 ("local-sync://?memory=discrete", "local-sync")]:
        result = run_python(EXAMPLES_DIR / "two_devices.py", vmfb,
                            *(f"--device={uri}" for uri in pair)).check()
        outputs[pair] = result.stdout
    assert "input on device_a:           4xf32=0 55 144 273" in outputs[("local-task",
                                                                       "local-task")]
    assert len(set(outputs.values())) == 1


# -- queue operations and command buffers, on the HAL ----------------------------

def raw_device(instance, uri):
    device = instance.create_device(uri)
    return device, device.handle


def discrete_buffer(device_handle, values: np.ndarray):
    """A DEVICE_LOCAL buffer of the device holding `values`, uploaded by the
    device's own transfer (unmappable on a discrete device)."""
    params = ffi.new("iree_hal_buffer_params_t*", {
        "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL, "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
        "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT})
    out = ffi.new("iree_hal_buffer_t**")
    check_status(lib.iree_hal_allocator_allocate_buffer(
        lib.iree_hal_device_allocator(device_handle), params[0], values.nbytes, out))
    check_status(lib.iree_hal_device_transfer_h2d(
        device_handle, ffi.from_buffer(values), out[0], 0, values.nbytes,
        lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT, lib.iree_infinite_timeout()))
    return out[0]


def read_back(device_handle, buffer, nbytes, dtype):
    out = np.zeros(nbytes // np.dtype(dtype).itemsize, dtype)
    check_status(lib.iree_hal_device_transfer_d2h(
        device_handle, buffer, 0, ffi.from_buffer(out), nbytes,
        lib.IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT, lib.iree_infinite_timeout()))
    return out


def queue_and_wait(device_handle, submit):
    """Runs submit(waits, signals) on one new semaphore and waits for it."""
    sem = ffi.new("iree_hal_semaphore_t**")
    check_status(lib.iree_hal_semaphore_create(device_handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY,
                                               0, 0, sem))
    try:
        sems = ffi.new("iree_hal_semaphore_t*[1]", [sem[0]])
        values = ffi.new("uint64_t[1]", [1])
        signals = ffi.new("iree_hal_semaphore_list_t*", {
            "count": 1, "semaphores": sems, "payload_values": values})
        waits = ffi.new("iree_hal_semaphore_list_t*", {"count": 0})
        check_status(submit(waits[0], signals[0]))
        check_status(lib.iree_hal_semaphore_wait(sem[0], 1, lib.iree_infinite_timeout(), 0))
    finally:
        lib.iree_hal_semaphore_release(sem[0])


@pytest.mark.parametrize("target_uri", ["local-task", "local-sync",
                                        "local-sync://?memory=discrete"])
def test_queue_copy_and_fill_of_another_discrete_devices_buffer(instance, target_uri):
    owner, owner_handle = raw_device(instance, "local-task://?memory=discrete")
    target, handle = raw_device(instance, target_uri)
    values = np.arange(8, dtype=np.uint32)
    source = discrete_buffer(owner_handle, values)
    dest = discrete_buffer(owner_handle, np.zeros(8, np.uint32))
    try:
        assert not lib.iree_hal_buffer_memory_type(source) & lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
        assert not lib.ireec_hal_device_reaches_buffer(handle, source)
        assert lib.ireec_hal_device_reaches_buffer(owner_handle, source)
        assert lib.ireec_hal_device_stages_foreign_buffers(handle)
        # Bytes 8..24 of the source into bytes 4..20 of the target, both the
        # owner's memory, on the other device's queue.
        queue_and_wait(handle, lambda w, s: lib.iree_hal_device_queue_copy(
            handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, w, s, source, 8, dest, 4, 16, 0))
        assert read_back(owner_handle, dest, 32, np.uint32).tolist() == [0, 2, 3, 4, 5, 0, 0, 0]
        pattern = ffi.new("uint32_t*", 0xABCD)
        queue_and_wait(handle, lambda w, s: lib.iree_hal_device_queue_fill(
            handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, w, s, dest, 24, 8, pattern, 4, 0))
        assert read_back(owner_handle, dest, 32, np.uint32).tolist() == [
            0, 2, 3, 4, 5, 0, 0xABCD, 0xABCD]
    finally:
        lib.iree_hal_buffer_release(source)
        lib.iree_hal_buffer_release(dest)


COMMAND_BUFFER_MODES = {
    "reusable": lib.IREE_HAL_COMMAND_BUFFER_MODE_DEFAULT,
    "inline": lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT
    | lib.IREE_HAL_COMMAND_BUFFER_MODE_ALLOW_INLINE_EXECUTION,
}


@pytest.mark.parametrize("mode", COMMAND_BUFFER_MODES)
@pytest.mark.parametrize("target_uri", ["local-task", "local-sync",
                                        "local-sync://?memory=discrete"])
def test_command_buffer_naming_another_devices_buffers(instance, target_uri, mode):
    # Direct references recorded into the command buffer (executed twice
    # when reusable; local-sync executes the inline one as it is recorded).
    owner, owner_handle = raw_device(instance, "local-task://?memory=discrete")
    target, handle = raw_device(instance, target_uri)
    source = discrete_buffer(owner_handle, np.arange(4, dtype=np.uint32) + 1)
    dest = discrete_buffer(owner_handle, np.zeros(4, np.uint32))
    cb = ffi.new("iree_hal_command_buffer_t**")
    check_status(lib.iree_hal_command_buffer_create(
        handle, COMMAND_BUFFER_MODES[mode], lib.IREE_HAL_COMMAND_CATEGORY_ANY,
        lib.IREE_HAL_QUEUE_AFFINITY_ANY, 0, cb))
    try:
        check_status(lib.iree_hal_command_buffer_begin(cb[0]))
        src_ref = ffi.new("iree_hal_buffer_ref_t*", {"buffer": source, "offset": 0, "length": 16})
        dst_ref = ffi.new("iree_hal_buffer_ref_t*", {"buffer": dest, "offset": 0, "length": 16})
        check_status(lib.iree_hal_command_buffer_copy_buffer(cb[0], src_ref[0], dst_ref[0], 0))
        check_status(lib.iree_hal_command_buffer_end(cb[0]))
        table = ffi.new("iree_hal_buffer_binding_table_t*", {"count": 0})
        for _ in range(2 if mode == "reusable" else 1):
            queue_and_wait(handle, lambda w, s: lib.iree_hal_device_queue_execute(
                handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, w, s, cb[0], table[0], 0))
            assert read_back(owner_handle, dest, 16, np.uint32).tolist() == [1, 2, 3, 4]
    finally:
        lib.iree_hal_command_buffer_release(cb[0])
        lib.iree_hal_buffer_release(source)
        lib.iree_hal_buffer_release(dest)


def test_a_buffer_of_a_device_that_is_gone_fails_naming_both(instance):
    # Memory of a discrete device outlives the device (the buffer holds its
    # allocator), but nothing can copy it any more: a typed error, no zeros.
    owner, owner_handle = raw_device(instance, "local-task://?memory=discrete")
    target, handle = raw_device(instance, "local-task")
    source = discrete_buffer(owner_handle, np.arange(4, dtype=np.uint32))
    dest = discrete_buffer(handle, np.zeros(4, np.uint32))
    try:
        owner.close()
        with pytest.raises(ireec.FailedPreconditionError,
                           match=r"device 'local-task' cannot use this buffer: it is the "
                                 r"memory of device 'local-task://\?memory=discrete', which no "
                                 r"longer exists"):
            queue_and_wait(handle, lambda w, s: lib.iree_hal_device_queue_copy(
                handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, w, s, source, 0, dest, 0, 16, 0))
        # The device itself goes on working.
        queue_and_wait(handle, lambda w, s: lib.iree_hal_device_queue_copy(
            handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, w, s, dest, 0, dest, 0, 0, 0))
    finally:
        lib.iree_hal_buffer_release(source)
        lib.iree_hal_buffer_release(dest)


# -- failures are not answers -------------------------------------------------------

@pytest.mark.parametrize("pair", [("local-task://?memory=discrete", "local-task"),
                                  ("local-task", "local-sync://?memory=discrete")], ids="+".join)
def test_a_failed_wait_fails_the_call_with_its_cause(instance, hop, pair):
    # A call waiting on a fence that has failed raises its failure, and the
    # devices go on working.
    vmfb = hop("llvm-cpu", "async-external")
    devices = [instance.create_device(uri) for uri in pair]
    with ireec.Session(instance, devices=devices) as session:
        session.load_module(vmfb)
        fn = session.function("module.hop")
        gate = ireec.Semaphore(devices[0])
        gate.fail("upstream broke")
        with pytest.raises(ireec.Error, match="upstream broke"):
            fn.call_async(X, wait=ireec.Fence.at(gate, 1))[1].wait()
        np.testing.assert_array_equal(session.call("module.hop", X)[0].to_numpy(), HOP)


@pytest.mark.parametrize("target_uri", ["local-task", "local-task://?memory=discrete"])
def test_staged_work_after_a_wait_that_fails_later_fails_with_its_cause(instance, target_uri):
    # Submitted while its wait is pending; the wait then fails: the staged
    # copy's signal fails with the wait's own failure (local-task's queue
    # would otherwise take the failure as reached and signal success).
    owner, owner_handle = raw_device(instance, "local-task://?memory=discrete")
    target, handle = raw_device(instance, target_uri)
    source = discrete_buffer(owner_handle, np.arange(4, dtype=np.uint32))
    dest = discrete_buffer(handle, np.zeros(4, np.uint32))
    gate = ireec.Semaphore(target)
    done = ireec.Semaphore(target)
    try:
        sems = ffi.new("iree_hal_semaphore_t*[2]", [gate.handle, done.handle])
        values = ffi.new("uint64_t[2]", [1, 1])
        waits = ffi.new("iree_hal_semaphore_list_t*", {
            "count": 1, "semaphores": sems, "payload_values": values})
        signals = ffi.new("iree_hal_semaphore_list_t*", {
            "count": 1, "semaphores": sems + 1, "payload_values": values + 1})
        check_status(lib.iree_hal_device_queue_copy(
            handle, lib.IREE_HAL_QUEUE_AFFINITY_ANY, waits[0], signals[0],
            source, 0, dest, 0, 16, 0))
        gate.fail("upstream broke")
        with pytest.raises(ireec.AbortedError, match="upstream broke"):
            done.wait(1)
    finally:
        lib.iree_hal_buffer_release(source)
        lib.iree_hal_buffer_release(dest)


# -- nothing leaks ----------------------------------------------------------------

LEAK_CHILD = '''
import ctypes, gc, json, os, sys, threading
import numpy as np
import ireec
P = json.loads(sys.argv[1])
PAGE = os.sysconf("SC_PAGE_SIZE")
MALLOC_TRIM = getattr(ctypes.CDLL(None), "malloc_trim", None)

def figures():
    gc.collect()
    if MALLOC_TRIM is not None:
        MALLOC_TRIM(0)
    with open("/proc/self/statm") as statm:
        rss = int(statm.read().split()[1]) * PAGE
    return {"rss": rss, "fds": len(os.listdir("/proc/self/fd")),
            "threads": len(os.listdir("/proc/self/task"))}

instance = ireec.Instance()
devices = [instance.create_device(u) for u in P["uris"]]
session = ireec.Session(instance, devices=devices)
session.load_module(P["vmfb"])
call = session.function("module.hop")
x = np.array([10, 11, 12, 13], np.float32)
for _ in range(1000):  # warm-up: caches, pools and arenas settle
    call(x)[0].to_numpy()
start = figures()
last = None
for _ in range(10_000):
    last = call(x)[0].to_numpy()
end = figures()
print(json.dumps({"start": start, "end": end, "last": last.tolist()}))
'''


@pytest.mark.parametrize("model", MODELS)
def test_10k_heterogeneous_calls_leak_nothing(hop, model):
    program = {"vmfb": str(hop("llvm-cpu", model)),
               "uris": ["local-task://?memory=discrete", "local-sync"]}
    figures = run_python("-c", LEAK_CHILD, json.dumps(program), timeout=600).check().json_line()
    start, end = figures["start"], figures["end"]
    print(f"10,000 staged calls ({model}): RSS {start['rss'] >> 20} -> {end['rss'] >> 20} MiB, "
          f"fds {start['fds']} -> {end['fds']}, threads {start['threads']} -> {end['threads']}")
    assert figures["last"] == HOP.tolist()
    assert end["rss"] - start["rss"] < 10 << 20
    assert end["fds"] == start["fds"]
    assert end["threads"] == start["threads"]


# -- the HAL vtables filled in C ------------------------------------------------

@pytest.mark.parametrize("source, vtable, record", [
    ("csrc/hal/mapping_command_buffer.c", "ireec_hal_mapping_command_buffer_vtable",
     "iree_hal_command_buffer_vtable_t"),
    ("csrc/hal/drivers/wrapping_driver.c", "ireec_hal_wrapping_driver_vtable",
     "iree_hal_driver_vtable_t"),
])
def test_vtables_name_every_entry_in_order(abi_facts, source, vtable, record):
    text = (REPO_ROOT / source).read_text()
    body = re.search(rf"{vtable} = {{(.*?)}};", text, re.S)
    assert body, f"{vtable} not found in {source}"
    entries = re.findall(r"\.(\w+) =", body.group(1))
    assert entries == [field[0] for field in abi_facts["records"][record]["fields"]]
