"""Call latency on local-task as a user meets it: the caller unpinned, ireec
and IREE's official binding (iree.runtime) interleaved in one process, both
with their default settings.

    python bench/latency.py [--rounds N] [--repeats N] [--setting SPEC ...]

A small call's cost on local-task is mostly the hand-off: a task worker woken
for the work and the caller woken when it is done. Unpinned, the scheduler
decides where the caller and the workers run, so it is measured here as users
run it: in a fresh child process holding both bindings, which alternate round
by round. Each call is timed twice: wall-clock, and CPU time of the whole
process (getrusage: every thread, the workers' included), both per call.

Cases: simple_mul on 4 floats and a 64x64 matmul (numpy in, numpy out), with
the C floor for both (bench/c_baseline.py: the same calls written in C on the
same ireec library, a process of its own, run between the children); the
512x512 matmul, whose ratio shows large work is not made slower; and 1, 2 and
4 calling threads, each on a session of its own on the binding's one device,
as calls per second of the small call.

A setting (`--setting`, repeatable; default: only the default settings) is
`LABEL;uri=QUERY;flags=FLAGS;env=NAME=VALUE,...`: ireec's device URI query
(`local-task://?QUERY`), iree.runtime's flags (space-separated, parsed before
its device exists) and environment variables of the child. Settings alternate
child by child, so each sees the same machine load.

bench/run.py prints this table after its own (pinned) one.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from c_baseline import baseline_program  # noqa: E402
from programs import MATMUL_512, SIMPLE_MUL, compile_program  # noqa: E402

MATMUL_64 = MATMUL_512.replace("@mm", "@mm64").replace("512x512", "64x64")

# (case, module function, C baseline SHAPE or None, calls per round).
CASES = (
    ("small call (simple_mul 4xf32)", "mul.simple_mul", "4", 2000),
    ("matmul 64x64 f32", "mm64.matmul", "64x64", 1000),
    ("matmul 512x512 f32", "mm.matmul", None, 10),
)
THREAD_COUNTS = (1, 2, 4)
BINDINGS = ("ireec", "iree.runtime")


def _cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _per_call_us(fn, calls: int) -> tuple[float, float]:
    """(wall, CPU) µs per call of `calls` calls of `fn`."""
    fn()
    start, start_cpu = time.perf_counter(), _cpu_s()
    for _ in range(calls):
        fn()
    return ((time.perf_counter() - start) / calls * 1e6,
            (_cpu_s() - start_cpu) / calls * 1e6)


def _inputs(case: str) -> tuple[np.ndarray, np.ndarray]:
    if "simple_mul" in case:
        return (np.array([1.0, 1.1, 1.2, 1.3], np.float32),
                np.array([10.0, 100.0, 1000.0, 10000.0], np.float32))
    n = 64 if "64x64" in case else 512
    rng = np.random.default_rng(n)
    return (rng.standard_normal((n, n), dtype=np.float32),
            rng.standard_normal((n, n), dtype=np.float32))


def _expected(case: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a * b if "simple_mul" in case else a @ b


class _Bindings:
    """Both bindings' devices in this process, with the setting's settings."""

    def __init__(self, setting: dict, vmfbs: list[str]):
        import iree.runtime as rt

        import ireec

        flags = setting.get("flags", "").split()
        if flags:
            rt.flags.parse_flags(*flags)
        self.rt = rt
        self.config = rt.Config("local-task")
        self.vmfbs = vmfbs
        query = setting.get("uri", "")
        self.instance = ireec.Instance()
        self.device = self.instance.create_device(
            f"local-task://?{query}" if query else "local-task")

    def function(self, binding: str, name: str):
        """A new session/context of `binding` and its call of `name`, numpy
        in and out."""
        module, function = name.split(".")
        if binding == "ireec":
            import ireec

            session = ireec.Session(self.instance, self.device)
            for vmfb in self.vmfbs:
                session.load_module(vmfb)
            return lambda a, b: session.call(name, a, b)[0].to_numpy()
        context = self.rt.SystemContext(config=self.config)
        for vmfb in self.vmfbs:
            context.add_vm_module(self.rt.VmModule.mmap(self.config.vm_instance, vmfb))
        theirs = context.modules[module][function]
        return lambda a, b: theirs(a, b).to_host()


def _threads_calls_per_s(make_call, threads: int, calls: int) -> tuple[float, float]:
    """(calls per second, CPU µs per call) of `threads` threads, each making
    its own call with make_call() and calling it `calls` times."""
    a, b = _inputs("simple_mul")
    fns = [make_call() for _ in range(threads)]
    for fn in fns:
        fn(a, b)
    barrier = threading.Barrier(threads + 1)

    def work(fn):
        barrier.wait()
        for _ in range(calls):
            fn(a, b)

    workers = [threading.Thread(target=work, args=(fn,)) for fn in fns]
    for worker in workers:
        worker.start()
    start_cpu = _cpu_s()
    barrier.wait()
    start = time.perf_counter()
    for worker in workers:
        worker.join()
    wall, cpu = time.perf_counter() - start, _cpu_s() - start_cpu
    return threads * calls / wall, cpu / (threads * calls) * 1e6


def _child(setting: dict, vmfbs: list[str], rounds: int, scale: float) -> dict:
    """Medians of `rounds` interleaved rounds of every case, in this process:
    {"case|binding": [wall µs, CPU µs]} and {"threads N|binding": [calls/s,
    CPU µs]}."""
    if hasattr(os, "sched_setaffinity"):
        # Unpinned: any CPU, whatever the parent (bench/run.py pins itself) had.
        os.sched_setaffinity(0, os.sched_getaffinity(1) or range(os.cpu_count()))
    bindings = _Bindings(setting, vmfbs)
    runs = {}
    for case, name, _, calls in CASES:
        a, b = _inputs(case)
        for binding in BINDINGS:
            fn = bindings.function(binding, name)
            got = fn(a, b)
            if not np.allclose(got, _expected(case, a, b), rtol=1e-3, atol=1e-3):
                raise AssertionError(f"{binding} computed a wrong {case}")
            runs[f"{case}|{binding}"] = (fn, a, b, max(2, int(calls * scale)))
    samples: dict[str, list[tuple[float, float]]] = {key: [] for key in runs}
    threaded: dict[str, list[tuple[float, float]]] = {
        f"threads {n}|{binding}": [] for n in THREAD_COUNTS for binding in BINDINGS}
    thread_calls = max(50, int(1000 * scale))
    for round_index in range(rounds):
        order = list(runs) if round_index % 2 == 0 else list(reversed(runs))
        for key in order:
            fn, a, b, calls = runs[key]
            samples[key].append(_per_call_us(lambda: fn(a, b), calls))
        order = list(threaded) if round_index % 2 == 0 else list(reversed(threaded))
        for key in order:
            threads, binding = int(key.split()[1].split("|")[0]), key.split("|")[1]
            threaded[key].append(_threads_calls_per_s(
                lambda: bindings.function(binding, "mul.simple_mul"), threads,
                thread_calls // threads))
    return {key: [statistics.median(v[0] for v in values),
                  statistics.median(v[1] for v in values)]
            for key, values in {**samples, **threaded}.items()}


def _c_floor(setting: dict, vmfbs: dict[str, Path], scale: float) -> dict:
    """{"case|C": [wall µs, CPU µs]}: the C program's full calls (copies in,
    invoke, read back) on ireec's library, in a process of its own."""
    query = setting.get("uri", "")
    uri = f"local-task://?{query}" if query else "local-task"
    env = {**os.environ, **setting.get("env", {})}
    results = {}
    for case, name, shape, calls in CASES:
        if shape is None:
            continue
        out = subprocess.run(
            [str(baseline_program()), uri, str(vmfbs[name.split(".")[0]]), name, shape,
             str(max(2, int(calls * scale))), "3", "full"],
            capture_output=True, text=True, check=True, env=env).stdout
        lines = [[float(x) for x in line.split()] for line in out.splitlines()]
        results[f"{case}|C"] = [statistics.median(line[0] for line in lines),
                                statistics.median(line[1] for line in lines)]
    return results


def parse_setting(spec: str) -> dict:
    label, *parts = spec.split(";")
    setting: dict = {"label": label, "env": {}}
    for part in parts:
        key, _, value = part.partition("=")
        if key == "env":
            for assignment in filter(None, value.split(",")):
                name, _, env_value = assignment.partition("=")
                setting["env"][name] = env_value
        elif key in ("uri", "flags"):
            setting[key] = value
        else:
            raise SystemExit(f"--setting {spec!r}: unknown part {key!r}")
    return setting


DEFAULT_SETTING = {"label": "default settings", "env": {}}


def measure(rounds: int = 5, repeats: int = 3, scale: float = 1.0,
            settings: list[dict] | None = None) -> dict:
    """{setting label: {"case|binding": [wall, CPU]}}: per figure, the median
    over `repeats` child processes (each the median of `rounds` interleaved
    rounds) and, for the C floor, over as many runs of the C program."""
    settings = settings or [DEFAULT_SETTING]
    cache = Path(tempfile.gettempdir()) / "ireec-bench"
    vmfbs = {"mul": compile_program(SIMPLE_MUL, cache),
             "mm64": compile_program(MATMUL_64, cache),
             "mm": compile_program(MATMUL_512, cache)}
    runs: dict[str, list[dict]] = {setting["label"]: [] for setting in settings}
    tty = sys.stderr.isatty()
    for repeat in range(repeats):
        for setting in settings:
            out = subprocess.run(
                [sys.executable, __file__, "--child", json.dumps(setting),
                 json.dumps([str(v) for v in vmfbs.values()]), str(rounds), str(scale)],
                capture_output=True, text=True, check=True, cwd=tempfile.gettempdir(),
                env={**os.environ, **setting["env"]}).stdout
            run = json.loads(out.splitlines()[-1])
            run.update(_c_floor(setting, vmfbs, scale))
            runs[setting["label"]].append(run)
            # Rewritten in place on a terminal; a line each in a log.
            line = f"{setting['label']}: {repeat + 1}/{repeats}"
            print("\r" + line if tty else line, end="" if tty else "\n",
                  file=sys.stderr, flush=True)
    if tty:
        print(file=sys.stderr)
    return {label: {key: [statistics.median(run[key][i] for run in label_runs)
                          for i in (0, 1)]
                    for key in label_runs[0]}
            for label, label_runs in runs.items()}


def print_table(results: dict) -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nlocal-task, caller unpinned, ireec and iree.runtime interleaved in one "
          f"process; {os.cpu_count()} cores, load average {load:.2f}; µs per call "
          f"(CPU: every thread of the process)\n")
    print("| setting | case | ireec wall | ireec CPU | iree.runtime wall | "
          "iree.runtime CPU | C wall | C CPU | ireec / iree.runtime wall |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, row in results.items():
        for case, *_ in CASES:
            ours, theirs = row[f"{case}|ireec"], row[f"{case}|iree.runtime"]
            c = row.get(f"{case}|C")
            c_cells = f"{c[0]:.1f} | {c[1]:.1f}" if c else "– | –"
            print(f"| {label} | {case} | {ours[0]:.1f} | {ours[1]:.1f} | {theirs[0]:.1f} | "
                  f"{theirs[1]:.1f} | {c_cells} | {ours[0] / theirs[0]:.2f} |")
    print("\nsmall calls from 1, 2 and 4 threads, each on a session of its own; "
          "calls per second (CPU µs per call)\n")
    print("| setting | threads | ireec | iree.runtime | ireec / iree.runtime |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for label, row in results.items():
        for n in THREAD_COUNTS:
            ours, theirs = row[f"threads {n}|ireec"], row[f"threads {n}|iree.runtime"]
            print(f"| {label} | {n} | {ours[0]:,.0f} ({ours[1]:.1f}) | "
                  f"{theirs[0]:,.0f} ({theirs[1]:.1f}) | {ours[0] / theirs[0]:.2f} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3,
                        help="child processes per setting")
    parser.add_argument("--scale", type=float, default=1.0, help="calls per round, scaled")
    parser.add_argument("--setting", action="append", type=parse_setting,
                        help="LABEL;uri=QUERY;flags=FLAGS;env=NAME=VALUE,... (repeatable)")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        setting, vmfbs, rounds, scale = args.child
        print(json.dumps(_child(json.loads(setting), json.loads(vmfbs), int(rounds),
                                float(scale))))
        return 0
    results = measure(args.rounds, args.repeats, args.scale, args.setting)
    print_table(results)
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
