"""Side-by-side benchmarks: ireec against IREE's official Python binding and
against a C loop on the same runtime library.

    python bench/run.py [--rounds N] [--quick]

Everything runs in one process (the C loop in a child, timed by itself),
interleaved round by round so that machine noise hits every contender alike;
the table reports medians over the rounds and the ratios the targets are
stated in. The official binding (`iree-base-runtime==3.9.0`, module
`iree.runtime`) is a benchmark-only dependency: `pip install '.[bench]'`.
Where there is a Vulkan device (Debian's mesa-vulkan-drivers gives one on the
CPU), the table has the Vulkan rows (bench/vulkan.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from c_baseline import baseline_program, floor_module  # noqa: E402
from programs import (ADD_ONE_64MIB, DEVICE_HOP, IMPORT_LOOP, MATMUL_512,  # noqa: E402
                      SIMPLE_MUL, TWO_DEVICE_FLAGS, compile_program)

import ireec  # noqa: E402
import vulkan  # noqa: E402

MiB = 1 << 20

# The table's rows that the ratios are computed from.
FULL_OURS = "full call simple_mul 4xf32: ireec session.call(a, b)[0].to_numpy()"
FULL_OURS_OUT = "full call simple_mul 4xf32: ireec session.call(a, b, out=array)"
FULL_THEIRS = "full call simple_mul 4xf32: iree.runtime f(a, b).to_host()"
FULL_C = "full call simple_mul 4xf32: C, same library (copy in, invoke, read out)"
PREPARED_BOUND = "prepared call simple_mul, inputs reused: ireec bound() (a BufferView out)"
PREPARED_BOUND_OUT = "prepared call simple_mul, inputs reused: ireec bound() (read into an array)"
PREPARED_VIEWS = "prepared call simple_mul, BufferViews passed each call: ireec prepared(a, b)"
PREPARED_C = "prepared call simple_mul, inputs reused: C loop, same library (result not read)"
# The same calls on local-sync (work inline on the calling thread, no workers).
SYNC_FULL_OURS = "local-sync full call simple_mul 4xf32: ireec session.call(a, b)[0].to_numpy()"
SYNC_FULL_OURS_OUT = "local-sync full call simple_mul 4xf32: ireec session.call(a, b, out=array)"
SYNC_FULL_THEIRS = "local-sync full call simple_mul 4xf32: iree.runtime f(a, b).to_host()"
SYNC_FULL_C = "local-sync full call simple_mul 4xf32: C, same library (copy in, invoke, read out)"
SYNC_BOUND = "local-sync prepared call simple_mul, inputs reused: ireec bound() (a BufferView out)"
SYNC_BOUND_OUT = "local-sync prepared call simple_mul, inputs reused: ireec bound() (read into an array)"
SYNC_C = "local-sync prepared call simple_mul, inputs reused: C loop, same library (result not read)"
# The Python floor beside each C row: the same Python expression as ireec's
# call, answered by C functions doing no IREE work (csrc/bench/floor.c) and
# returning what the call returns. ireec's call against the C row plus its
# floor says what ireec adds beyond the interpreter itself.
FLOOR = " Python floor (the same expression, C doing no IREE work)"
FULL_FLOOR = "full call simple_mul 4xf32:" + FLOOR + ": floor.call(a, b)[0].to_numpy()"
FULL_FLOOR_OUT = "full call simple_mul 4xf32:" + FLOOR + ": floor.call(a, b, out=array)"
PREPARED_FLOOR = "prepared call simple_mul, inputs reused:" + FLOOR + ": bound() (a view out)"
PREPARED_FLOOR_OUT = ("prepared call simple_mul, inputs reused:" + FLOOR
                      + ": bound() (read into an array)")
SYNC_FULL_FLOOR = "local-sync " + FULL_FLOOR
SYNC_FULL_FLOOR_OUT = "local-sync " + FULL_FLOOR_OUT
SYNC_FLOOR = "local-sync " + PREPARED_FLOOR
SYNC_FLOOR_OUT = "local-sync " + PREPARED_FLOOR_OUT
# A call across two devices (async-external): two plain local-task devices,
# and device_a with discrete memory, whose buffers device_b stages through
# host memory (docs/heterogeneous_devices.md).
HOP_PLAIN = "two devices, hop {size}: local-task + local-task"
HOP_STAGED = "two devices, hop {size}: local-task?memory=discrete + local-task (staged)"
HOP_SIZES = {"4xf32": 4, "1M f32 (4 MiB)": 1 << 20}
# A program calling an import (add, 0ii_i) IMPORT_CALLS times per call: what
# one call into the import costs, written in Python with each binding and in
# C (the C loop's own native module), per import call.
IMPORT_CALLS = 1000
IMPORT_OURS = "import call from a program (add, 0ii_i), per call: ireec.vm.NativeModule"
IMPORT_THEIRS = "import call from a program (add, 0ii_i), per call: iree.runtime PyModuleInterface"
IMPORT_C = "import call from a program (add, 0ii_i), per call: C native module, same library"


def per_call_us(fn, calls: int) -> float:
    fn()  # warm: first-call costs are not what the table is about
    start = time.perf_counter_ns()
    for _ in range(calls):
        fn()
    return (time.perf_counter_ns() - start) / calls / 1e3


class Progress:
    """A one-line status on stderr, rewritten in place (plain lines if not a tty)."""

    def __init__(self, total: int):
        self.total, self.done, self.start = total, 0, time.monotonic()
        self.tty = sys.stderr.isatty()

    def step(self, label: str) -> None:
        self.done += 1
        elapsed = time.monotonic() - self.start
        eta = elapsed / self.done * (self.total - self.done)
        bar = "#" * (20 * self.done // self.total)
        line = f"[{bar:<20}] {self.done}/{self.total} {label}  eta {eta:4.0f}s"
        print(("\r" + line) if self.tty else line, end="" if self.tty else "\n",
              file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.tty:
            print(file=sys.stderr)


def count_workers(binding: str, vmfb: Path) -> int | None:
    """How many task-system workers `binding` ("ireec" or "iree.runtime")
    runs on its default local-task device: counted in a child process that
    runs the matmul once (workers start when work first reaches them) and
    then lists its threads IREE named iree-worker-N. None where /proc does
    not list threads."""
    if not Path("/proc/self/task").is_dir():
        return None
    out = subprocess.run([sys.executable, __file__, "--count-workers", binding, str(vmfb)],
                         capture_output=True, text=True, check=True).stdout
    return int(out.split()[-1])


def _count_workers_here(binding: str, vmfb: str) -> int:
    lhs = np.ones((512, 512), np.float32)
    if binding == "ireec":
        instance = ireec.Instance()
        session = ireec.Session(instance, instance.create_device("local-task"))
        session.load_module(vmfb)
        session.call("mm.matmul", lhs, lhs)
    else:
        import iree.runtime as rt

        official_call(rt.Config("local-task"), Path(vmfb), "mm.matmul")(lhs, lhs).to_host()
    time.sleep(0.2)
    tasks = Path("/proc/self/task")
    return sum((task / "comm").read_text().startswith("iree-worker")
               for task in tasks.iterdir())


def official_call(config, vmfb: Path, function: str):
    import iree.runtime as rt

    context = rt.SystemContext(config=config)
    context.add_vm_module(rt.VmModule.mmap(config.vm_instance, str(vmfb)))
    module_name, fn_name = function.split(".")
    return context.modules[module_name][fn_name]


def official_import_call(config, vmfb: Path):
    """imports.loop with the import written in Python for the official
    binding (iree.runtime.PyModuleInterface)."""
    import iree.runtime as rt

    class Bench:
        def __init__(self, interface):
            pass

        def add(self, a, b):
            return a + b

    interface = rt.PyModuleInterface("bench", Bench)
    interface.export("add", "0ii_i", Bench.add)
    context = rt.SystemContext(config=config)
    context.add_vm_module(interface.create())
    context.add_vm_module(rt.VmModule.mmap(config.vm_instance, str(vmfb)))
    return context.modules.imports["loop"]


def c_loop_us(vmfb: Path, function: str, elements: int, calls: int,
              mode: str = "reuse", device: str = "local-task") -> float:
    # Built on demand against the installed ireec (bench/c_baseline.py).
    out = subprocess.run(
        [str(baseline_program()), device, str(vmfb), function,
         str(elements), str(calls), "1", mode],
        capture_output=True, text=True, check=True).stdout
    # Each line: wall µs per call, then CPU µs per call.
    return float(out.splitlines()[-1].split()[0])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="fewer calls per round")
    parser.add_argument("--cpu", default="first",
                        help="CPU to pin the calling thread to: a number, 'first' (the "
                             "lowest this process may use; the default) or 'none'")
    parser.add_argument("--count-workers", nargs=2, metavar=("BINDING", "VMFB"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.count_workers:
        print(_count_workers_here(*args.count_workers))
        return 0
    pinned = pin_calling_thread(args.cpu)
    scale = 0.1 if args.quick else 1.0
    calls_small = max(200, int(5000 * scale))
    calls_matmul = max(5, int(100 * scale))

    cache = Path(tempfile.gettempdir()) / "ireec-bench"
    simple_mul = compile_program(SIMPLE_MUL, cache)
    matmul = compile_program(MATMUL_512, cache)
    add_one = compile_program(ADD_ONE_64MIB, cache)
    import_loop = compile_program(IMPORT_LOOP, cache)

    a4 = np.array([1.0, 1.1, 1.2, 1.3], np.float32)
    b4 = np.array([10.0, 100.0, 1000.0, 10000.0], np.float32)
    m1 = np.random.default_rng(0).standard_normal((512, 512), dtype=np.float32)
    m2 = np.random.default_rng(1).standard_normal((512, 512), dtype=np.float32)

    instance = ireec.Instance()
    device = instance.create_device("local-task")
    session = ireec.Session(instance, device)
    for vmfb in (simple_mul, matmul, add_one):
        session.load_module(vmfb)
    import iree.runtime as rt

    # One device for both programs, as ireec's one session has.
    config = rt.Config("local-task")
    theirs_mul = official_call(config, simple_mul, "mul.simple_mul")
    theirs_matmul = official_call(config, matmul, "mm.matmul")
    # Both use local-task with their default topology; the table says how
    # many workers each runs, since that decides what a call costs.
    workers = {binding: count_workers(binding, matmul) for binding in ("ireec", "iree.runtime")}

    prepared = session.function("mul.simple_mul").prepare()
    bv_a = ireec.BufferView.from_numpy(device, a4)
    bv_b = ireec.BufferView.from_numpy(device, b4)
    # Inputs reused: bound once, then each call is one crossing into C.
    bound = prepared.bind(bv_a, bv_b)
    bound_out = prepared.bind(bv_a, bv_b, out=np.empty(4, np.float32))
    out4 = np.empty(4, np.float32)

    # local-sync: a device, a session and the official binding's own.
    sync_device = instance.create_device("local-sync")
    sync_session = ireec.Session(instance, sync_device)
    sync_session.load_module(simple_mul)
    theirs_sync_mul = official_call(rt.Config("local-sync"), simple_mul, "mul.simple_mul")
    sync_prepared = sync_session.function("mul.simple_mul").prepare()
    sync_a = ireec.BufferView.from_numpy(sync_device, a4)
    sync_b = ireec.BufferView.from_numpy(sync_device, b4)
    sync_bound = sync_prepared.bind(sync_a, sync_b)
    sync_bound_out = sync_prepared.bind(sync_a, sync_b, out=np.empty(4, np.float32))

    # The Python floor: objects of Python subclasses of its C types, as
    # ireec's Session, BoundCall and BufferView are.
    floor = floor_module()

    class FloorView(floor.View):
        __slots__ = ()

    class FloorSession(floor.Floor):
        __slots__ = ()

    class FloorBound(floor.Call):
        __slots__ = ()

    floor.set_view_class(FloorView)
    floor_session = FloorSession()
    floor_bound, floor_bound_out = FloorBound(), FloorBound(np.empty(4, np.float32))

    # Two devices: the same program on plain devices and on a discrete one.
    hop_calls = {}
    for size, n in HOP_SIZES.items():
        hop = compile_program(DEVICE_HOP.format(n=n), cache, TWO_DEVICE_FLAGS)
        x = np.ones(n, np.float32)
        for label, first in ((HOP_PLAIN, "local-task"),
                             (HOP_STAGED, "local-task://?memory=discrete")):
            hop_session = ireec.Session(instance, devices=[
                instance.create_device(first), instance.create_device("local-task")])
            hop_session.load_module(hop)
            hop_calls[label.format(size=size)] = (
                lambda s=hop_session, x=x: s.call("hop.hop", x)[0].to_numpy(),
                calls_small if n == 4 else max(5, int(50 * scale)))

    # The import, in Python: ireec's module and the official binding's.
    import_session = ireec.Session(instance, device)
    import_session.append_module(ireec.vm.NativeModule(
        "bench", {"add": ("0ii_i", lambda a, b: a + b)}))
    import_session.load_module(import_loop)
    theirs_import_loop = official_import_call(config, import_loop)

    big_in = np.zeros(64 * MiB // 4, np.float32)
    (big_out,) = session.call("big.add_one", big_in)
    big_host = np.ones(64 * MiB // 4, np.float32)

    upload_sizes = [1 << 10, 64 << 10, 1 * MiB, 16 * MiB, 64 * MiB]
    upload_arrays = {}
    for size in upload_sizes:
        arr = np.empty(size // 4 + 16, np.float32)
        # Aligned views, so zero-copy import is possible at every size.
        offset = (-arr.ctypes.data % 64) // 4
        upload_arrays[size] = arr[offset:offset + size // 4]

    cases = {
        FULL_OURS:
            (lambda: session.call("mul.simple_mul", a4, b4)[0].to_numpy(), calls_small),
        FULL_OURS_OUT:
            (lambda: session.call("mul.simple_mul", a4, b4, out=out4), calls_small),
        FULL_THEIRS:
            (lambda: theirs_mul(a4, b4).to_host(), calls_small),
        "full call matmul 512x512 f32: ireec session.call":
            (lambda: session.call("mm.matmul", m1, m2)[0].to_numpy(), calls_matmul),
        "full call matmul 512x512 f32: iree.runtime":
            (lambda: theirs_matmul(m1, m2).to_host(), calls_matmul),
        PREPARED_BOUND: (bound, calls_small),
        PREPARED_BOUND_OUT: (bound_out, calls_small),
        PREPARED_VIEWS: (lambda: prepared(bv_a, bv_b), calls_small),
        SYNC_FULL_OURS:
            (lambda: sync_session.call("mul.simple_mul", a4, b4)[0].to_numpy(), calls_small),
        SYNC_FULL_OURS_OUT:
            (lambda: sync_session.call("mul.simple_mul", a4, b4, out=out4), calls_small),
        SYNC_FULL_THEIRS:
            (lambda: theirs_sync_mul(a4, b4).to_host(), calls_small),
        SYNC_BOUND: (sync_bound, calls_small),
        SYNC_BOUND_OUT: (sync_bound_out, calls_small),
        **{name: (lambda: floor_session.call("mul.simple_mul", a4, b4)[0].to_numpy(),
                  calls_small) for name in (FULL_FLOOR, SYNC_FULL_FLOOR)},
        **{name: (lambda: floor_session.call("mul.simple_mul", a4, b4, out=out4),
                  calls_small) for name in (FULL_FLOOR_OUT, SYNC_FULL_FLOOR_OUT)},
        **{name: (floor_bound, calls_small) for name in (PREPARED_FLOOR, SYNC_FLOOR)},
        **{name: (floor_bound_out, calls_small)
           for name in (PREPARED_FLOOR_OUT, SYNC_FLOOR_OUT)},
        **hop_calls,
        IMPORT_OURS:
            (lambda: import_session.call("imports.loop", IMPORT_CALLS), max(20, calls_small // 50)),
        IMPORT_THEIRS:
            (lambda: theirs_import_loop(IMPORT_CALLS), max(20, calls_small // 50)),
        "readback 64 MiB: ireec to_numpy()":
            (lambda: big_out.to_numpy(), 5),
        "readback 64 MiB: numpy copy":
            (lambda: big_host.copy(), 5),
    }
    # IREE's Vulkan driver, where there is a Vulkan device (lavapipe on a CPU).
    cases.update(vulkan.cases(instance, cache, max(100, calls_small // 5), official_call))
    cases.update(vulkan.hop_cases(instance, cache, HOP_SIZES, lambda n: (
        max(100, calls_small // 10) if n == 4 else max(5, int(50 * scale)))))
    for size, arr in upload_arrays.items():
        label = f"{size // 1024} KiB" if size < MiB else f"{size // MiB} MiB"
        cases[f"upload {label}: copy"] = (
            lambda arr=arr: ireec.BufferView.from_numpy(device, arr).close(), 20)
        # An import costs the same at every size and little, so it gets
        # enough calls for its median to be steady.
        cases[f"upload {label}: zero-copy import"] = (
            lambda arr=arr: ireec.BufferView.from_numpy(device, arr, zero_copy=True).close(),
            max(200, int(2000 * scale)))
    c_label = PREPARED_C

    samples: dict[str, list[float]] = {name: [] for name in cases}
    c_runs = {
        c_label: ("reuse", "local-task"), FULL_C: ("full", "local-task"),
        SYNC_C: ("reuse", "local-sync"), SYNC_FULL_C: ("full", "local-sync"),
    }
    for name in c_runs:
        samples[name] = []
    samples[IMPORT_C] = []
    progress = Progress(args.rounds * (len(cases) + len(c_runs) + 1))
    for round_index in range(args.rounds):
        # Alternate the order every round so no contender always goes first.
        names = list(cases) if round_index % 2 == 0 else list(reversed(cases))
        for name in names:
            fn, calls = cases[name]
            samples[name].append(per_call_us(fn, calls))
            progress.step(name)
        for name, (mode, device_uri) in c_runs.items():
            samples[name].append(c_loop_us(simple_mul, "mul.simple_mul", 4, calls_small,
                                           mode=mode, device=device_uri))
            progress.step(name)
        samples[IMPORT_C].append(c_loop_us(import_loop, "imports.loop", IMPORT_CALLS,
                                           max(20, calls_small // 50), mode="import"))
        progress.step(IMPORT_C)
    progress.close()

    median = {name: statistics.median(values) for name, values in samples.items()}
    for name in (IMPORT_OURS, IMPORT_THEIRS, IMPORT_C):  # per import call
        median[name] /= IMPORT_CALLS
    print_table(median, args.rounds, workers, pinned)
    # Unpinned, both bindings interleaved in one process with their default
    # settings (bench/latency.py).
    import latency

    latency.print_table(latency.measure(rounds=max(3, args.rounds // 2), scale=scale / 2))
    return 0


def pin_calling_thread(cpu: str) -> int | None:
    """Pins the calling thread (and so the C loop's child process, which
    inherits it) to one CPU; returns it, or None when left unpinned.

    Why: a small call's latency is dominated by waking the task worker that
    runs the dispatch and being woken by it. On a virtual machine that costs
    several times more when the worker sits on another CPU (an idle virtual
    CPU must be woken) than when it shares the caller's, and an unpinned
    caller drifts between the two during a run. Both bindings' workers pin
    themselves one per core, so a pinned caller puts every contender in the
    same, repeatable situation."""
    if cpu == "none" or not hasattr(os, "sched_setaffinity"):
        return None
    chosen = min(os.sched_getaffinity(0)) if cpu == "first" else int(cpu)
    os.sched_setaffinity(0, {chosen})
    return chosen


def ratio(median, ours, baseline):
    return median[ours] / median[baseline]


def print_table(median, rounds, workers, pinned) -> None:
    import platform

    counts = ", ".join(f"{name} {'?' if n is None else n}" for name, n in workers.items())
    where = "unpinned" if pinned is None else f"pinned to CPU {pinned}"
    print(f"\nmedians of {rounds} interleaved rounds; {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}, local-task "
          f"(worker threads: {counts}); calling thread {where}\n")
    print("| case | µs per call |")
    print("| --- | ---: |")
    for name, value in median.items():
        # Small calls to the hundredth: their ratios to the C loops are the
        # targets.
        # (Per import call, the thousandth.)
        digits = 3 if value < 1 else 2 if value < 100 else 1
        print(f"| {name} | {value:,.{digits}f} |")
    print()
    readback = (median["readback 64 MiB: numpy copy"] / median["readback 64 MiB: ireec to_numpy()"])
    imports = [v for k, v in median.items() if k.endswith("zero-copy import")]
    rows = [
        ("full call simple_mul, ireec / iree.runtime", ratio(median, FULL_OURS, FULL_THEIRS),
         "≤ 0.80", lambda r: r <= 0.80),
        ("full call simple_mul with out=, ireec / iree.runtime",
         ratio(median, FULL_OURS_OUT, FULL_THEIRS), "", None),
        ("full call simple_mul in C on ireec's runtime (no Python) / iree.runtime",
         ratio(median, FULL_C, FULL_THEIRS), "the floor of the first two", None),
        ("full call simple_mul, ireec / the same call in C", ratio(median, FULL_OURS, FULL_C),
         "≤ 1.20", lambda r: r <= 1.20),
        ("full call matmul 512, ireec / iree.runtime",
         ratio(median, "full call matmul 512x512 f32: ireec session.call",
               "full call matmul 512x512 f32: iree.runtime"), "", None),
        ("prepared call (bound, result read into an array) / C loop",
         ratio(median, PREPARED_BOUND_OUT, PREPARED_C), "≤ 1.10", lambda r: r <= 1.10),
        ("prepared call (bound, BufferView out) / C loop",
         ratio(median, PREPARED_BOUND, PREPARED_C), "≤ 1.10", lambda r: r <= 1.10),
        ("local-sync full call simple_mul, ireec / iree.runtime",
         ratio(median, SYNC_FULL_OURS, SYNC_FULL_THEIRS), "≤ 0.50", lambda r: r <= 0.50),
        ("local-sync full call simple_mul with out=, ireec / iree.runtime",
         ratio(median, SYNC_FULL_OURS_OUT, SYNC_FULL_THEIRS), "", None),
        ("local-sync full call simple_mul in C (no Python) / iree.runtime",
         ratio(median, SYNC_FULL_C, SYNC_FULL_THEIRS), "the floor of the two above", None),
        ("local-sync full call simple_mul, ireec / the same call in C",
         ratio(median, SYNC_FULL_OURS, SYNC_FULL_C), "≤ 1.20", lambda r: r <= 1.20),
        ("local-sync prepared call (bound, result read into an array) / C loop",
         ratio(median, SYNC_BOUND_OUT, SYNC_C), "≤ 1.10", lambda r: r <= 1.10),
        ("local-sync prepared call (bound, BufferView out) / C loop",
         ratio(median, SYNC_BOUND, SYNC_C), "≤ 1.10", lambda r: r <= 1.10),
        *((f"{prefix}{what}, ireec / (C + Python floor)",
           median[ours] / (median[c_row] + median[floor_row]), "≤ 1.05",
           lambda r: r <= 1.05)
          for prefix, rows_of in (("", (
              ("full call simple_mul", FULL_OURS, FULL_C, FULL_FLOOR),
              ("full call simple_mul with out=", FULL_OURS_OUT, FULL_C, FULL_FLOOR_OUT),
              ("prepared call (bound, BufferView out)", PREPARED_BOUND, PREPARED_C,
               PREPARED_FLOOR),
              ("prepared call (bound, result read into an array)", PREPARED_BOUND_OUT,
               PREPARED_C, PREPARED_FLOOR_OUT))), ("local-sync ", (
              ("full call simple_mul", SYNC_FULL_OURS, SYNC_FULL_C, SYNC_FULL_FLOOR),
              ("full call simple_mul with out=", SYNC_FULL_OURS_OUT, SYNC_FULL_C,
               SYNC_FULL_FLOOR_OUT),
              ("prepared call (bound, BufferView out)", SYNC_BOUND, SYNC_C, SYNC_FLOOR),
              ("prepared call (bound, result read into an array)", SYNC_BOUND_OUT, SYNC_C,
               SYNC_FLOOR_OUT))))
          for what, ours, c_row, floor_row in rows_of),
        ("64 MiB readback bandwidth, ireec / numpy copy", readback, "≥ 0.80",
         lambda r: r >= 0.80),
        ("zero-copy import, slowest / fastest size", max(imports) / min(imports),
         "flat (≈ 1)", None),
        ("import call in Python, ireec / iree.runtime", ratio(median, IMPORT_OURS, IMPORT_THEIRS),
         "", None),
        ("import call in Python (ireec) / in C", ratio(median, IMPORT_OURS, IMPORT_C), "", None),
        *((f"two devices, hop {size}: staged (discrete + plain) / two plain devices",
           ratio(median, HOP_STAGED.format(size=size), HOP_PLAIN.format(size=size)),
           "", None) for size in HOP_SIZES),
        *vulkan.ratio_rows(median, HOP_PLAIN, HOP_SIZES),
    ]
    print("| ratio | value | target |")
    print("| --- | ---: | --- |")
    for name, value, target, met in rows:
        verdict = "" if met is None else (" (met)" if met(value) else " (not met)")
        print(f"| {name} | {value:.2f} | {target}{verdict} |")


if __name__ == "__main__":
    sys.exit(main())
