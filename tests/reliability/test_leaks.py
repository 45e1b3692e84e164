"""Nothing leaks: long runs of calls keep resident memory flat, and every IREE
object the Pythonic layer makes is released once Python drops it.

Each measurement runs in a child process, so the figures are the calls' own
and not the rest of the test session's. Resident memory is read from
/proc/self/statm, after handing freed heap back to the system (malloc_trim);
the bounds are generous on purpose (Python's own arenas move a little), far
below what a per-call leak of even a few bytes adds up to over 100,000 calls.
"""

from __future__ import annotations

import json
import os
import textwrap

import pytest

from child_process import run_python
from locations import PROGRAMS_DIR

MIB = 1 << 20
CHILD_TIMEOUT = 600

PRELUDE = '''
import ctypes, gc, json, os, sys, weakref
import numpy as np
import ireec
from ireec import ffi, lib

P = json.loads(sys.argv[1])
PAGE = os.sysconf("SC_PAGE_SIZE")
# glibc's; other C libraries may lack it (then nothing is handed back).
MALLOC_TRIM = getattr(ctypes.CDLL(None), "malloc_trim", None)

def rss():
    # Freed heap memory the C library keeps for reuse (it holds tens of MiB
    # after many devices' worker threads come and go) is handed back first,
    # so what is measured is memory still in use.
    gc.collect()
    if MALLOC_TRIM is not None:
        MALLOC_TRIM(0)
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE
'''


def run_child(body: str, programs: dict) -> dict:
    """The JSON the child printed last: PRELUDE, then `body`."""
    return run_python("-c", PRELUDE + textwrap.dedent(body), json.dumps(programs),
                      timeout=CHILD_TIMEOUT).check().json_line()


@pytest.fixture(scope="module")
def programs(program, compile_mlir):
    return {"mul": str(program("simple_mul")),
            "dynamic": str(program("dynamic")),
            "async": str(compile_mlir(PROGRAMS_DIR / "async_ops.mlir",
                                      "--iree-execution-model=async-external")),
            "imports": str(compile_mlir(PROGRAMS_DIR / "python_imports.mlir",
                                        "--iree-input-demote-f64-to-f32=false")),
            "vm_arguments": str(compile_mlir(PROGRAMS_DIR / "vm_arguments.mlir",
                                             "--iree-input-demote-f64-to-f32=false"))}


def test_100k_calls_keep_resident_memory_flat(programs):
    figures = run_child('''
        instance = ireec.Instance()
        device = instance.create_device("local-task")
        session = ireec.Session(instance, device)
        session.load_module(P["mul"])
        call = session.function("module.simple_mul")
        a = np.arange(4, dtype=np.float32)
        b = np.full(4, 3, np.float32)
        for _ in range(5000):  # warm-up: caches, pools and arenas settle
            call(a, b)[0].to_numpy()
        gc.collect()
        start = rss()
        last = None
        for _ in range(100_000):
            last = call(a, b)[0].to_numpy()
        gc.collect()
        print(json.dumps({"start": start, "end": rss(), "last": last.tolist()}))
    ''', programs)
    growth = figures["end"] - figures["start"]
    print(f"RSS over 100,000 calls: {figures['start'] / MIB:.1f} MiB -> "
          f"{figures['end'] / MIB:.1f} MiB ({growth / MIB:+.2f} MiB)")
    assert figures["last"] == [0.0, 3.0, 6.0, 9.0]
    assert growth < 20 * MIB


def test_calls_of_every_kind_release_all_device_memory(programs):
    # The device allocator's own statistics: every byte it handed out for
    # arguments and results comes back once the Python objects are dropped.
    figures = run_child('''
        instance = ireec.Instance()
        device = instance.create_device("local-task")
        session = ireec.Session(instance, device)
        for name in ("mul", "dynamic", "async"):
            session.load_module(P[name])
        stats = ffi.new("iree_hal_allocator_statistics_t*")
        def device_bytes():
            lib.iree_hal_allocator_query_statistics(device.allocator.handle, stats)
            return int(stats.device_bytes_allocated), int(stats.device_bytes_freed)

        a = np.arange(4, dtype=np.float32)
        into = np.zeros(4, np.float32)
        prepared = session.function("module.simple_mul").prepare()
        bound = prepared.bind(a, a)
        bound_into = prepared.bind(a, a, out=into)
        for _ in range(200):
            session.call("module.simple_mul", a, a)[0].to_numpy()
            session.call("module.simple_mul", a, a, out=into)
            bound()[0].to_numpy()
            bound_into()
            bound(out=into)
            session.call("dynamic.double_and_sum", np.ones(8, np.float32),
                         out=[np.zeros(8, np.float32), None])
            doubled, total = session.call("dynamic.double_and_sum", np.ones(1000, np.float32))
            doubled.to_numpy()
            view = ireec.BufferView.from_numpy(device, a)
            results, fence = session.call_async("async_ops.async_mul", view, a)
            fence.wait()
            results[0].to_numpy()
            try:
                session.call("module.simple_mul", a, np.ones(5, np.float32))
            except ireec.InvalidArgumentError:
                pass
        del doubled, view, results, fence, bound, bound_into, prepared
        gc.collect()
        allocated, freed = device_bytes()
        print(json.dumps({"allocated": allocated, "freed": freed, "total": total,
                          "into": into.tolist()}))
    ''', programs)
    assert figures["total"] == 1000.0
    assert figures["into"] == [0.0, 1.0, 4.0, 9.0]
    assert figures["allocated"] > 200 * 3 * 16  # the calls really allocated on the device
    assert figures["freed"] == figures["allocated"]


def test_everything_is_released_when_dropped_and_at_exit(programs):
    # Weak references show every wrapper was collected (so its ffi.gc
    # destructor released its IREE object); the allocator statistics of a
    # device kept by one raw reference show the memory went back; and the
    # child exits normally with nothing pending.
    figures = run_child('''
        instance = ireec.Instance()
        device = instance.create_device("local-task")
        raw_device = device.handle
        lib.iree_hal_device_retain(raw_device)
        session = ireec.Session(instance, device)
        session.load_module(P["mul"])
        session.load_module(open(P["async"], "rb").read())
        a = np.arange(4, dtype=np.float32)
        result = session.call("module.simple_mul", a, a)[0]
        results, fence = session.call_async("async_ops.async_mul", a, a)
        semaphore = ireec.Semaphore(device)
        # Not weakly referenceable themselves, but they hold the session: its
        # weak reference dies only once they are gone too.
        users = [session.function("module.simple_mul"),
                 session.function("module.simple_mul").prepare()]
        objects = [instance, device, session, result, results[0], fence, semaphore,
                   semaphore.fence(1)]
        fence.wait()
        refs = [weakref.ref(o) for o in objects]
        kinds = [type(o).__name__ for o in objects]
        del objects, users, instance, device, session, result, results, fence, semaphore
        gc.collect()
        alive = [kind for kind, ref in zip(kinds, refs) if ref() is not None]
        stats = ffi.new("iree_hal_allocator_statistics_t*")
        lib.iree_hal_allocator_query_statistics(lib.iree_hal_device_allocator(raw_device), stats)
        lib.iree_hal_device_release(raw_device)
        print(json.dumps({"alive": alive, "kinds": kinds,
                          "allocated": int(stats.device_bytes_allocated),
                          "freed": int(stats.device_bytes_freed),
                          "lent": ireec.hal._zero_copy.lent_array_count()}))
    ''', programs)
    assert figures["alive"] == []
    assert figures["kinds"] == ["Instance", "Device", "Session", "BufferView", "BufferView",
                                "Fence", "Semaphore", "Fence"]
    assert figures["allocated"] > 0
    assert figures["freed"] == figures["allocated"]
    assert figures["lent"] == 0


def test_creating_and_dropping_instances_devices_and_sessions_in_loops(programs):
    figures = run_child('''
        def cycle(n):
            for _ in range(n):
                instance = ireec.Instance()
                device = instance.create_device("local-task")
                session = ireec.Session(instance, device)
                session.load_module(P["mul"])
                out = session.call("module.simple_mul", a, a)[0].to_numpy()
                # Half closed explicitly, half left to garbage collection.
                if _ % 2:
                    session.close(); device.close(); instance.close()
            return out

        def sessions_on_one_device(n):
            for _ in range(n):
                with ireec.Session(shared_instance, shared_device) as session:
                    session.load_module(MUL)
                    session.call("module.simple_mul", a, a)

        a = np.arange(4, dtype=np.float32)
        MUL = open(P["mul"], "rb").read()
        shared_instance = ireec.Instance()
        shared_device = shared_instance.create_device("local-task")
        cycle(50); sessions_on_one_device(200)
        start = rss()
        out = cycle(500)
        sessions_on_one_device(2000)
        gc.collect()
        print(json.dumps({"start": start, "end": rss(), "out": out.tolist(),
                          "threads": len(os.listdir("/proc/self/task"))}))
    ''', programs)
    growth = figures["end"] - figures["start"]
    print(f"RSS over 500 instance/device/session cycles and 2000 sessions: "
          f"{figures['start'] / MIB:.1f} -> {figures['end'] / MIB:.1f} MiB ({growth / MIB:+.2f} MiB), "
          f"{figures['threads']} threads left")
    assert figures["out"] == [0.0, 1.0, 4.0, 9.0]
    assert growth < 20 * MIB
    # Each local-task device runs worker threads; released devices stop
    # theirs, so only the shared device's (and Python's own) remain: far
    # fewer than the 550 devices made.
    assert figures["threads"] < 50


def test_python_imports_lists_and_buffers_keep_memory_flat(programs):
    # A program calling a NativeModule (scalars, a list, a vm.buffer and a
    # tensor in and out, and an import that raises), lists and buffers in
    # and out of calls: resident memory stays flat, every device byte comes
    # back, and the module, its sessions' Python objects and the exceptions
    # kept for failed statuses all go.
    figures = run_child('''
        from ireec.vm import native_module
        from ireec._core import callbacks
        instance = ireec.Instance()
        device = instance.create_device("local-task")

        def refuse(a, b):
            raise ValueError("refused")

        functions = {
            "add": ("0ii_i", lambda a, b: a + b),
            "scale": ("0IfF_IfF", lambda a, b, c: (a, b, c)),
            "note": ("0i_v", lambda x: None), "tick": ("0v_i", lambda: 1),
            "nothing": ("0v_v", lambda: None), "size": ("0r_I", len),
            "range": ("0i_r", lambda n: list(range(n))),
            "reverse": ("0r_r", lambda buffer: bytes(buffer)[::-1]),
            "negate": ("0r_r", lambda view: ireec.BufferView(view.device, -view.to_numpy())),
        }
        module = ireec.vm.NativeModule("py", functions)
        failing = ireec.vm.NativeModule("py", {**functions, "add": ("0ii_i", refuse)})
        session = ireec.Session(instance, device)
        session.append_module(module)
        session.load_module(P["imports"])
        session.load_module(P["vm_arguments"])
        other = ireec.Session(instance, device)
        other.append_module(failing)
        other.load_module(P["imports"])
        numbers = (module._state.number, failing._state.number)
        del module, failing
        stats = ffi.new("iree_hal_allocator_statistics_t*")
        a = np.arange(4, dtype=np.float32)

        def calls(n):
            for _ in range(n):
                session.call("imports.add", 1, 2)
                session.call("imports.size", [1, 2.5, b"x", [3]])
                session.call("imports.range", 5)[0].to_list()
                bytes(session.call("imports.reverse", b"abc")[0])
                session.call("imports.negate", a)[0].to_numpy()
                session.call("vmargs.get_list", [[1], (2, 3)], 1)[0].to_list()
                try:
                    other.call("imports.add", 1, 2)
                except ValueError:
                    pass

        calls(2000)
        start = rss()
        calls(20_000)
        end = rss()
        last = session.call("imports.negate", a)[0].to_numpy().tolist()
        session.close()
        other.close()
        gc.collect()
        lib.iree_hal_allocator_query_statistics(device.allocator.handle, stats)
        print(json.dumps({"start": start, "end": end, "last": last,
                          "allocated": int(stats.device_bytes_allocated),
                          "freed": int(stats.device_bytes_freed),
                          "modules": [n in native_module._modules for n in numbers],
                          "kept": len(callbacks.kept)}))
    ''', programs)
    growth = figures["end"] - figures["start"]
    print(f"RSS over 20,000 rounds of import calls: {figures['start'] / MIB:.1f} MiB -> "
          f"{figures['end'] / MIB:.1f} MiB ({growth / MIB:+.2f} MiB)")
    assert figures["last"] == [1.0, -1.0, -3.0, -5.0]
    assert growth < 20 * MIB
    assert figures["allocated"] > 0 and figures["freed"] == figures["allocated"]
    assert figures["modules"] == [False, False]
    assert figures["kept"] == 0  # every raised exception came back and was let go
def test_10k_hal_cycles_keep_memory_fds_and_threads_flat(tmp_path_factory):
    # Allocate, record, submit, wait, read back and release, 10,000 times,
    # through every kind of ireec.hal object a cycle makes.
    from cts_support import compile_executable

    executable = compile_executable("write_constants", "llvm-cpu",
                                    tmp_path_factory.mktemp("executables"))
    figures = run_child('''
        from ireec.hal import *
        instance = ireec.Instance()
        device = instance.create_device("local-task")
        exe = ExecutableCache(device).prepare_executable(bytes.fromhex(P["executable"]),
                                                         "embedded-elf-x86_64")
        def counts():
            return [len(os.listdir("/proc/self/fd")), len(os.listdir("/proc/self/task"))]

        def cycle(i):
            buffer = device.allocator.allocate_buffer(
                256, memory_type=MemoryType.HOST_LOCAL | MemoryType.DEVICE_VISIBLE,
                usage=BufferUsage.DEFAULT | BufferUsage.MAPPING)
            semaphore = Semaphore(device, 0)
            scratch = device.queue_alloca(64, memory_type=MemoryType.DEVICE_LOCAL,
                                          usage=BufferUsage.DEFAULT, signal=[(semaphore, 1)])
            event = Event(device)
            cb = CommandBuffer(device)
            cb.begin()
            cb.fill_buffer(buffer, 0, 256, np.uint32(i))
            cb.signal_event(event)
            cb.execution_barrier()
            cb.update_buffer(np.arange(4, dtype=np.uint32), buffer, 16)
            cb.dispatch(exe, 0, (1, 1, 1), [i, 1, 2, 3], [(buffer, 64, 16)])
            cb.execution_barrier()
            cb.copy_buffer(buffer, 0, scratch, 0, 64)
            cb.end()
            device.queue_execute(cb, wait=[(semaphore, 1)], signal=[(semaphore, 2)])
            calls = []
            device.queue_host_call(calls.append, args=(i,), wait=[(semaphore, 2)],
                                   signal=[(semaphore, 3)])
            device.queue_dealloca(scratch, wait=[(semaphore, 3)], signal=[(semaphore, 4)])
            semaphore.wait(4)
            view = ireec.BufferView(buffer.subspan(64, 16), (4,), np.uint32)
            return calls, view.to_numpy().tolist()

        for i in range(1000):  # warm-up: pools and arenas settle
            cycle(i)
        gc.collect()
        start, start_counts = rss(), counts()
        for i in range(10_000):
            last = cycle(i)
        gc.collect()
        stats = device.allocator.statistics
        print(json.dumps({"start": start, "end": rss(), "counts": [start_counts, counts()],
                          "last": last, "pending": len(ireec.hal._host_call._calls),
                          "live": stats.host_bytes_allocated - stats.host_bytes_freed}))
    ''', {"executable": executable.hex()})
    growth = figures["end"] - figures["start"]
    print(f"RSS over 10,000 HAL cycles: {figures['start'] / MIB:.1f} MiB -> "
          f"{figures['end'] / MIB:.1f} MiB ({growth / MIB:+.2f} MiB); fds, threads "
          f"{figures['counts'][0]} -> {figures['counts'][1]}")
    assert figures["last"] == [[9999], [9999, 1, 2, 3]]
    assert growth < 16 * MIB
    assert figures["counts"][1] == figures["counts"][0]
    assert figures["pending"] == 0
    assert figures["live"] == 0
