"""Small-call latency on local-task, unpinned: ireec against IREE's official
binding (iree.runtime) with identical task-system settings.

    python bench/latency.py [--rounds N] [--calls N]

A small call's cost on local-task is mostly the handoff: waking a task worker
for the dispatch and being woken when it is done. Unpinned, the scheduler
decides where the caller and the workers run, so each setting is measured in
a fresh child process holding both bindings, which alternate round by round.
A setting is the same task flags for both: IREE's `--task_X=V` flags for
iree.runtime (rt.flags.parse_flags, before its device exists) and the
local-task URI parameters `X=V` for ireec.

bench/run.py prints this table after its own (pinned) one.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from programs import SIMPLE_MUL, compile_program  # noqa: E402

# (label, task flags as (name without "task_", value)).
SETTINGS = (
    ("default settings", ()),
    ("--task_worker_spin_us=50", (("worker_spin_us", "50"),)),
    ("--task_worker_spin_us=200", (("worker_spin_us", "200"),)),
)


def _per_call_us(fn, calls: int) -> float:
    fn()
    start = time.perf_counter_ns()
    for _ in range(calls):
        fn()
    return (time.perf_counter_ns() - start) / calls / 1e3


def _child(params: list[tuple[str, str]], vmfb: str, rounds: int, calls: int) -> dict:
    """Medians of both bindings' full small call, in this process."""
    import iree.runtime as rt

    if hasattr(os, "sched_setaffinity"):
        # Unpinned: any CPU, whatever the parent (bench/run.py pins itself) had.
        os.sched_setaffinity(0, os.sched_getaffinity(1) or range(os.cpu_count()))

    import ireec
    from ireec.cli.task_flags import local_task_uri

    rt.flags.parse_flags(*(f"--task_{name}={value}" for name, value in params))
    config = rt.Config("local-task")
    context = rt.SystemContext(config=config)
    context.add_vm_module(rt.VmModule.mmap(config.vm_instance, vmfb))
    theirs = context.modules["mul"]["simple_mul"]

    instance = ireec.Instance()
    device = instance.create_device(local_task_uri("local-task", params))
    session = ireec.Session(instance, device)
    session.load_module(vmfb)
    a = np.array([1.0, 1.1, 1.2, 1.3], np.float32)
    b = np.array([10.0, 100.0, 1000.0, 10000.0], np.float32)
    bound = session.function("mul.simple_mul").prepare().bind(a, b)
    cases = {
        "ireec": lambda: session.call("mul.simple_mul", a, b)[0].to_numpy(),
        "ireec bound": bound,
        "iree.runtime": lambda: theirs(a, b).to_host(),
    }
    samples: dict[str, list[float]] = {name: [] for name in cases}
    for round_index in range(rounds):
        names = list(cases) if round_index % 2 == 0 else list(reversed(cases))
        for name in names:
            samples[name].append(_per_call_us(cases[name], calls))
    return {name: statistics.median(values) for name, values in samples.items()}


def measure(rounds: int = 5, calls: int = 2000, repeats: int = 3) -> dict:
    """{setting label: {binding: µs per call}}: the median over `repeats`
    child processes, each the median of `rounds` interleaved rounds."""
    vmfb = compile_program(SIMPLE_MUL, Path(tempfile.gettempdir()) / "ireec-bench")
    results = {}
    for label, params in SETTINGS:
        runs = []
        for _ in range(repeats):
            out = subprocess.run(
                [sys.executable, __file__, "--child", json.dumps(params), str(vmfb),
                 str(rounds), str(calls)],
                capture_output=True, text=True, check=True,
                cwd=tempfile.gettempdir()).stdout
            runs.append(json.loads(out.splitlines()[-1]))
            # Rewritten in place on a terminal; a line each in a log.
            tty = sys.stderr.isatty()
            line = f"{label}: {len(runs)}/{repeats}"
            print("\r" + line if tty else line, end="" if tty else "\n",
                  file=sys.stderr, flush=True)
        results[label] = {name: statistics.median(run[name] for run in runs)
                          for name in runs[0]}
    if sys.stderr.isatty():
        print(file=sys.stderr)
    return results


def print_table(results: dict) -> None:
    print(f"\nunpinned small calls (simple_mul 4xf32, numpy in and out), local-task, "
          f"{os.cpu_count()} cores; each setting applied to both bindings\n")
    print("| setting | ireec µs | ireec bound() µs | iree.runtime µs | ireec / iree.runtime |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for label, row in results.items():
        print(f"| {label} | {row['ireec']:.1f} | {row['ireec bound']:.1f} | "
              f"{row['iree.runtime']:.1f} | {row['ireec'] / row['iree.runtime']:.2f} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3,
                        help="child processes per setting")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        params, vmfb, rounds, calls = args.child
        print(json.dumps(_child([tuple(p) for p in json.loads(params)], vmfb,
                                int(rounds), int(calls))))
        return 0
    print_table(measure(args.rounds, args.calls, args.repeats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
