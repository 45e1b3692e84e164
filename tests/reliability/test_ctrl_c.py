"""Ctrl-C (SIGINT) in a child process: waits on a fence or a semaphore
nobody signals, a call_async waiting for such a fence, and a call whose
device is busy computing each end in KeyboardInterrupt, and the session and
its device then still give right answers. A KeyboardInterrupt landing
anywhere while objects are made or calls are made leaks nothing and
releases nothing twice."""

from __future__ import annotations

import json
import signal

import pytest

from child_process import python_child, run_python
from cts_support import compile_executable
from locations import PROGRAMS_DIR

ASYNC_FLAGS = ("--iree-execution-model=async-external",)
# Only a guard against a wait that never ends (the failure these tests look
# for); nothing here measures how long anything took.
CHILD_TIMEOUT = 120

# A watcher thread announces a wait ("waiting WHAT") once the main thread is
# inside it (seen in its stack); the parent answers with SIGINT.
ANNOUNCE_WHEN_WAITING = '''
import json, sys, threading, time
import numpy as np
import ireec

main = threading.main_thread().ident

def announce_when_waiting(what):
    def watch():
        while True:
            frame = sys._current_frames().get(main)
            while frame is not None and frame.f_code.co_name != "sliced_wait":
                frame = frame.f_back
            if frame is not None:
                print("waiting", what, flush=True)
                return
            time.sleep(0.001)
    threading.Thread(target=watch, daemon=True).start()

def interruptible(what, wait):
    announce_when_waiting(what)
    try:
        wait()
        print("returned", what, flush=True)
    except KeyboardInterrupt:
        print("interrupted", what, flush=True)

instance = ireec.Instance()
device = instance.create_device(sys.argv[2])
session = ireec.Session(instance, device)
session.load_module(sys.argv[1])
'''

# Waits on things that are never reached, one after another.
WAITS = ANNOUNCE_WHEN_WAITING + '''
a = np.ones(4, np.float32)
never = ireec.Semaphore(device)
interruptible("fence", lambda: never.fence(1).wait())
interruptible("semaphore", lambda: never.wait(1))
interruptible("call_async", lambda: session.call_async("async_ops.async_mul", a, a,
                                                       wait=never.fence(1)))
# Still usable after the interruptions.
print(json.dumps(session.call("async_ops.async_mul", a, a)[0].to_numpy().tolist()), flush=True)
'''

# A call whose device is busy computing, repeated so the signal lands during
# a computation however fast the machine is.
COMPUTATION = ANNOUNCE_WHEN_WAITING + '''
big = np.ones((1024, 1024), np.float32)
def compute():
    for _ in range(20):
        session.call("blocking.matmul", big, big)
interruptible("computation", compute)
small = np.full((2, 3), 2, np.float32)
print(json.dumps(session.call("blocking.matmul", small, small.T)[0].to_numpy().tolist()),
      flush=True)
'''


def interrupt_each(child_source: str, vmfb, uri: str, *waits: str):
    """Runs the child, interrupting each of its `waits` in turn; the JSON it
    prints last."""
    with python_child("-c", child_source, vmfb, uri, timeout=CHILD_TIMEOUT) as child:
        for what in waits:
            assert child.stdout.readline() == f"waiting {what}\n"
            child.send_signal(signal.SIGINT)
            assert child.stdout.readline() == f"interrupted {what}\n", \
                f"the {what} wait did not end on SIGINT"
        last = child.stdout.readline()
        out, err = child.communicate()
        assert child.returncode == 0, err
        assert out == "", out
    return json.loads(last)


def test_ctrl_c_interrupts_waits(compile_mlir, cpu_driver):
    # On local-sync too: a call_async whose wait fence is pending waits for
    # it first, interruptibly, instead of blocking inside the submission.
    vmfb = compile_mlir(PROGRAMS_DIR / "async_ops.mlir", *ASYNC_FLAGS)
    assert interrupt_each(WAITS, vmfb, cpu_driver, "fence", "semaphore",
                          "call_async") == [1.0, 1.0, 1.0, 1.0]


def test_ctrl_c_during_a_computation(compile_mlir):
    vmfb = compile_mlir(PROGRAMS_DIR / "blocking.mlir", *ASYNC_FLAGS)
    assert interrupt_each(COMPUTATION, vmfb, "local-task", "computation") == [
        [12.0, 12.0], [12.0, 12.0]]


# --- Ctrl-C while objects are made -------------------------------------------
#
# A timer's signal handler raises KeyboardInterrupt, over and over, while the
# child makes objects (or calls), so the interrupt lands at every step of
# making them: between IREE making a reference and the wrapper owning it, a
# reference was nobody's (leaked) or, released in an `except`, released
# twice (a heap corruption, SIGABRT). The child measures the heap in use
# (glibc's mallinfo2, after a collection) before and after: nothing it made
# may stay behind. Then the same steps, uninterrupted, still give right
# values.

INTERRUPTED_MAKING = '''
import ctypes, gc, json, signal, sys
import numpy as np
import ireec

P = json.loads(sys.argv[1])
libc = ctypes.CDLL(None)

class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
        "uordblks", "fordblks", "keepcost")]

libc.mallinfo2.restype = MallInfo2

def heap_in_use():
    gc.collect()
    info = libc.mallinfo2()
    return info.uordblks + info.hblkhd

instance = ireec.Instance()
device = instance.create_device(P["uri"])
session = ireec.Session(instance, device)
session.load_module(P["mul"])
session.load_module(P["async"])
a = np.arange(8, dtype=np.float32)[::2]  # not contiguous: the general path
b = np.full(4, 2, np.float32)

def general_call():
    return session.call("module.simple_mul", a, b)[0].to_numpy().tolist()

def async_call():
    results, fence = session.call_async("async_ops.async_mul", a, b)
    fence.wait()
    return results[0].to_numpy().tolist()

allocator = device.allocator
cache = ireec.hal.ExecutableCache(device)
target = allocator.allocate_buffer(64)
executable_data = open(P["executable"], "rb").read() if "executable" in P else None

irpa = P["tmp"] + "/weights.irpa"
ireec.save_parameters(irpa, {"w": np.arange(4, dtype=np.float32)})
raw = P["tmp"] + "/input.bin"
with open(raw, "wb") as f:
    f.write(np.arange(3, dtype=np.int32).tobytes())
device_info = instance.query_devices(P["uri"])[0]

def file_from_path():
    return ireec.hal.File.from_path(device, P["mul"]).length

def parameter_index_loads():
    return [len(ireec.ParameterIndex().load(irpa, mode=mode))
            for mode in ("mmap", "file", "preload")]

def parameters_module():
    with_parameters = ireec.Session(instance, device)
    with_parameters.load_parameters(irpa, "model")
    with_parameters.load_module(P["mul"])  # after the io_parameters module
    return list(with_parameters.modules)

def parsed_inputs():
    from ireec.cli.inputs import ValueParser
    values = ValueParser("rr", device, allocator).parse(["2xf32=1 2", "3xi32=@" + raw])
    return [value.to_numpy().tolist() for value in values]

def driver_dump():
    from ireec.cli.dump_devices import _driver_dump
    return bool(_driver_dump(instance, device_info))

def transfer_command_buffer():
    fill = ireec.hal.TransferCommand.fill(target, 0, 64, np.uint32(7))
    return ireec.hal.CommandBuffer.create_transfer(device, [fill]).mode

MAKE = {
    "Fence(1)": lambda: ireec.Fence(1).timepoint_count,
    "Semaphore(device)": lambda: ireec.Semaphore(device).query(),
    "BufferView.from_numpy": lambda: ireec.BufferView.from_numpy(device, b).to_numpy().tolist(),
    "general call": general_call,
    "async call": async_call,
    "Allocator.create_heap": lambda: ireec.hal.Allocator.create_heap().statistics.host_bytes_peak,
    "allocate_buffer": lambda: allocator.allocate_buffer(256).byte_length,
    "Event(device)": lambda: ireec.hal.Event(device).closed,
    "ExecutableCache(device)": lambda: ireec.hal.ExecutableCache(device).can_prepare_format(
        "embedded-elf-x86_64"),
    "prepare_executable": lambda: cache.prepare_executable(
        executable_data, "embedded-elf-x86_64").export_count,
    "CommandBuffer(device)": lambda: ireec.hal.CommandBuffer(device).binding_capacity,
    "CommandBuffer.create_transfer": transfer_command_buffer,
    "vm.Buffer": lambda: bytes(ireec.vm.Buffer(b"interrupted")),
    "Buffer.subspan": lambda: target.subspan(16, 32).byte_length,
    "queue_alloca": lambda: device.queue_alloca(256).byte_length,
    "File.from_path": file_from_path,
    "ParameterIndex.load": parameter_index_loads,
    "parameters module": parameters_module,
    "parsed inputs": parsed_inputs,
    "driver dump": driver_dump,
}
make = MAKE[P["what"]]
expected = make()
for _ in range(300):  # pools and caches settle first
    make()

armed = False
def interrupt(signum, frame):
    if armed:
        raise KeyboardInterrupt

signal.signal(signal.SIGALRM, interrupt)
before = heap_in_use()
signal.setitimer(signal.ITIMER_REAL, P["interval"], P["interval"])
interrupted = 0
for _ in range(P["count"]):
    try:
        try:
            armed = True
            make()
        finally:
            armed = False
    except KeyboardInterrupt:
        interrupted += 1
signal.setitimer(signal.ITIMER_REAL, 0)
grown = heap_in_use() - before
print(json.dumps({"interrupted": interrupted, "grown": grown,
                  "again": make() == expected}))
'''

# Making an object takes tens of microseconds, a call hundreds: the timer
# fires about as often, so most are interrupted, somewhere.
MAKING = [("Fence(1)", 30e-6, 20000), ("Semaphore(device)", 30e-6, 20000),
          ("BufferView.from_numpy", 30e-6, 20000), ("general call", 300e-6, 8000),
          ("async call", 300e-6, 8000),
          # The HAL's and the VM's objects (ireec.hal, ireec.vm), each made
          # the same way.
          ("Allocator.create_heap", 30e-6, 20000), ("allocate_buffer", 30e-6, 20000),
          # (A cache is small: fewer leaked ones might stay within the slack.)
          ("Event(device)", 30e-6, 20000), ("ExecutableCache(device)", 30e-6, 60000),
          ("prepare_executable", 100e-6, 8000), ("CommandBuffer(device)", 30e-6, 20000),
          ("CommandBuffer.create_transfer", 30e-6, 20000), ("vm.Buffer", 30e-6, 20000),
          ("Buffer.subspan", 30e-6, 20000), ("queue_alloca", 30e-6, 20000),
          ("File.from_path", 30e-6, 60000), ("ParameterIndex.load", 300e-6, 8000),
          ("parameters module", 300e-6, 10000), ("parsed inputs", 100e-6, 8000),
          ("driver dump", 100e-6, 8000)]
# What the heap may grow by without a leak (allocator bookkeeping, caches);
# a leak of even a few percent of the interrupted steps is far more.
HEAP_SLACK = 64 << 10


@pytest.mark.parametrize("what, interval, count", MAKING, ids=[m[0] for m in MAKING])
def test_ctrl_c_while_objects_are_made_leaks_and_corrupts_nothing(
        compile_mlir, program, cpu_driver, tmp_path, what, interval, count):
    programs = {"uri": cpu_driver, "what": what, "interval": interval, "count": count,
                "tmp": str(tmp_path),
                "mul": str(program("simple_mul")),
                "async": str(compile_mlir(PROGRAMS_DIR / "async_ops.mlir", *ASYNC_FLAGS))}
    if what == "prepare_executable":
        compile_executable("absolute_2xf32", "llvm-cpu", tmp_path)
        programs["executable"] = str(tmp_path / "absolute_2xf32.llvm-cpu.bin")
    figures = run_python("-c", INTERRUPTED_MAKING, json.dumps(programs),
                         timeout=CHILD_TIMEOUT).check().json_line()
    assert figures["interrupted"] > 0, figures  # (the timer did interrupt)
    assert figures["grown"] < HEAP_SLACK, figures
    assert figures["again"], figures
