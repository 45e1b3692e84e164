"""Benchmark results in the formats of Google Benchmark, the library
iree-benchmark-module reports through: the console table, JSON and CSV, with
the same names, keys, aggregates and number formats, so tools that read
IREE's benchmark output read ours.

A `Run` is one repetition of one benchmark (its iteration count, its total
real and process CPU seconds); `aggregates` adds the `_mean`, `_median`,
`_stddev` and `_cv` rows Google Benchmark adds after several repetitions.
"""

from __future__ import annotations

import datetime
import glob
import json
import os
import socket
import statistics
import sys
from dataclasses import dataclass, field
from typing import IO, Sequence

TIME_UNITS = {"ns": 1e9, "us": 1e6, "ms": 1e3, "s": 1.0}

# Google Benchmark's aggregates, in its order: (name, unit).
AGGREGATES = (("mean", "time"), ("median", "time"), ("stddev", "time"),
              ("cv", "percentage"))


@dataclass
class Run:
    """One reported row: a repetition (run_type "iteration") or an
    aggregate over the repetitions (run_type "aggregate")."""

    name: str                 # BM_<function>/process_time/real_time
    iterations: int
    real_time: float          # per iteration, in time_unit (a fraction for cv)
    cpu_time: float
    time_unit: str
    items_per_second: float
    repetitions: int
    family_index: int = 0
    repetition_index: int = 0
    aggregate: str | None = None
    aggregate_unit: str = "time"

    @property
    def full_name(self) -> str:
        """The name as reported: the aggregate's suffix added (`BM_f/real_time_mean`)."""
        return f"{self.name}_{self.aggregate}" if self.aggregate else self.name

    @property
    def is_percentage(self) -> bool:
        """Whether the values are percentages (the `_cv` aggregate)."""
        return self.aggregate_unit == "percentage"


def measured(name: str, iterations: int, real_seconds: float, cpu_seconds: float,
             time_unit: str, repetitions: int, repetition_index: int,
             family_index: int = 0, items_per_iteration: int = 1) -> Run:
    """A repetition's row from its totals. Items are iterations (times
    `items_per_iteration`: a dispatch benchmark counts workgroups); items
    per second are counted against real time, as IREE's benchmarks use it."""
    scale = TIME_UNITS[time_unit]
    items = iterations * items_per_iteration
    return Run(name, iterations, real_seconds * scale / iterations,
               cpu_seconds * scale / iterations, time_unit,
               items / real_seconds if real_seconds > 0 else 0.0,
               repetitions, family_index, repetition_index)


def aggregates(runs: Sequence[Run]) -> list[Run]:
    """The mean, median, sample standard deviation and coefficient of
    variation (stddev / mean) of `runs`' per-iteration times and item rates,
    as Google Benchmark reports them after two or more repetitions."""
    if len(runs) < 2:
        return []
    first = runs[0]
    columns = {key: [getattr(run, key) for run in runs]
               for key in ("real_time", "cpu_time", "items_per_second")}

    def stat(kind: str, values: list[float]) -> float:
        if kind == "mean":
            return statistics.fmean(values)
        if kind == "median":
            return statistics.median(values)
        deviation = statistics.stdev(values)
        if kind == "stddev":
            return deviation
        mean = statistics.fmean(values)
        return deviation / mean if mean else 0.0

    return [Run(first.name, len(runs), *(stat(kind, columns[k]) for k in
                                          ("real_time", "cpu_time")),
                first.time_unit, stat(kind, columns["items_per_second"]),
                len(runs), first.family_index, aggregate=kind, aggregate_unit=unit)
            for kind, unit in AGGREGATES]


# ---------------------------------------------------------------------------
# The context: the machine the benchmark ran on
# ---------------------------------------------------------------------------

@dataclass
class Cache:
    type: str
    level: int
    size: int
    num_sharing: int


@dataclass
class Context:
    date: str
    host_name: str
    executable: str
    num_cpus: int
    mhz_per_cpu: int
    cpu_scaling_enabled: bool
    caches: list[Cache]
    load_avg: list[float]
    mhz: float = 0.0          # unrounded, for the console's "Run on" line
    extra: dict[str, str] = field(default_factory=dict)


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip()
    except OSError:
        return ""


def _size(text: str) -> int:
    units = {"K": 1024, "M": 1024 * 1024, "G": 1024 ** 3}
    if text and text[-1] in units:
        return int(text[:-1]) * units[text[-1]]
    return int(text) if text.isdigit() else 0


def _cpu_count(cpu_list: str) -> int:
    count = 0
    for part in filter(None, cpu_list.split(",")):
        low, _, high = part.partition("-")
        count += int(high or low) - int(low) + 1
    return count


def machine_context(extra: dict[str, str] | None = None) -> Context:
    """What Google Benchmark's context says about this machine, read from
    Linux's /proc and /sys (zeros and nothing where they are absent)."""
    caches = []
    for index in sorted(glob.glob("/sys/devices/system/cpu/cpu0/cache/index*")):
        level = _read(f"{index}/level")
        caches.append(Cache(_read(f"{index}/type"), int(level or 0),
                            _size(_read(f"{index}/size")),
                            _cpu_count(_read(f"{index}/shared_cpu_list"))))
    mhz = 0.0
    for line in _read("/proc/cpuinfo").splitlines():
        if line.startswith("cpu MHz"):
            mhz = float(line.partition(":")[2])
            break
    governor = _read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
    return Context(
        date=datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        host_name=socket.gethostname(), executable=sys.argv[0] or sys.executable,
        num_cpus=os.cpu_count() or 1, mhz_per_cpu=int(mhz), mhz=round(mhz, 1),
        cpu_scaling_enabled=bool(governor) and governor != "performance",
        caches=caches, load_avg=list(os.getloadavg()), extra=dict(extra or {}))


def _g(value: float) -> str:
    """C++ iostream's default formatting of a double (6 significant digits)."""
    return format(value, ".6g")


def print_context(context: Context, stream: IO[str]) -> None:
    """The context as the console and CSV reporters print it (on stderr)."""
    stream.write(f"{context.date}\nRunning {context.executable}\n")
    stream.write(f"Run on ({context.num_cpus} X {context.mhz:g} MHz "
                 f"CPU {'s' if context.num_cpus > 1 else ''})\n")
    if context.caches:
        stream.write("CPU Caches:\n")
        for cache in context.caches:
            shared = context.num_cpus // cache.num_sharing if cache.num_sharing else 0
            stream.write(f"  L{cache.level} {cache.type} {cache.size // 1024} KiB "
                         f"(x{shared})\n")
    stream.write("Load Average: " + ", ".join(f"{x:.2f}" for x in context.load_avg) + "\n")
    for key, value in context.extra.items():
        stream.write(f"{key}: {value}\n")
    if context.cpu_scaling_enabled:
        stream.write("***WARNING*** CPU scaling is enabled, the benchmark real time "
                     "measurements may be noisy and will incur extra overhead.\n")


# ---------------------------------------------------------------------------
# Console
# ---------------------------------------------------------------------------

_SI_BIG = "kMGTPEZY"
_SI_SMALL = "munpfazy"


def human_readable(value: float) -> str:
    """Google Benchmark's HumanReadableNumber: 98385.3 -> "98.3853k"."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    if value > 1000:
        scaled = value
        for prefix in _SI_BIG:
            scaled /= 1000
            if scaled <= 1000:
                return f"{sign}{_g(scaled)}{prefix}"
    elif value < 0.01:
        scaled = value
        for prefix in _SI_SMALL:
            scaled *= 1000
            if scaled >= 1:
                return f"{sign}{_g(scaled)}{prefix}"
    return f"{sign}{_g(value)}"


def _time_text(value: float) -> str:
    if value < 1.0:
        return f"{value:10.3f}"
    if value < 10.0:
        return f"{value:10.2f}"
    if value < 100.0:
        return f"{value:10.1f}"
    if value > 9999999999:
        return f"{value:1.4e}"
    return f"{value:10.0f}"


class ConsoleReporter:
    """The table iree-benchmark-module prints by default."""

    def __init__(self, stream: IO[str], name_width: int):
        self.stream = stream
        self.name_width = name_width

    def header(self) -> None:
        """Writes what comes before the rows of the console table."""
        line = (f"{'Benchmark':<{self.name_width}} {'Time':>13} {'CPU':>15} "
                f"{'Iterations':>12} UserCounters...")
        self.stream.write("-" * len(line) + "\n" + line + "\n" + "-" * len(line) + "\n")

    def report(self, run: Run) -> None:
        """Writes one run as a row of the console table."""
        text = f"{run.full_name:<{self.name_width}} "
        if run.is_percentage:
            text += f"{100 * run.real_time:10.2f} {'%':<4} {100 * run.cpu_time:10.2f} {'%':<4} "
            items = f"{100 * run.items_per_second:.2f}%"
        else:
            text += (f"{_time_text(run.real_time)} {run.time_unit:<4} "
                     f"{_time_text(run.cpu_time)} {run.time_unit:<4} ")
            items = f"{human_readable(run.items_per_second)}/s"
        self.stream.write(f"{text}{run.iterations:10d} items_per_second={items}\n")
        self.stream.flush()

    def finish(self) -> None:
        """Writes what comes after the rows of the console table, if anything."""
        pass


# ---------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------

def _e(value: float) -> str:
    return f"{value:.16e}"


class JsonReporter:
    """Google Benchmark's JSON: `context`, then `benchmarks`, one object per
    row, written as each row is reported."""

    def __init__(self, stream: IO[str], context: Context):
        self.stream = stream
        self.context = context
        self.first: bool = True

    def header(self) -> None:
        """Writes what comes before the rows of the JSON."""
        c = self.context
        caches = ",\n".join(
            "      {\n"
            f'        "type": {json.dumps(cache.type)},\n'
            f'        "level": {cache.level},\n'
            f'        "size": {cache.size},\n'
            f'        "num_sharing": {cache.num_sharing}\n'
            "      }" for cache in c.caches)
        lines = [f'    "date": {json.dumps(c.date)}',
                 f'    "host_name": {json.dumps(c.host_name)}',
                 f'    "executable": {json.dumps(c.executable)}',
                 f'    "num_cpus": {c.num_cpus}',
                 f'    "mhz_per_cpu": {c.mhz_per_cpu}',
                 f'    "cpu_scaling_enabled": {"true" if c.cpu_scaling_enabled else "false"}',
                 f'    "caches": [\n{caches}\n    ]',
                 '    "load_avg": [' + ",".join(_g(x) for x in c.load_avg) + "]",
                 '    "library_build_type": "release"']
        lines += [f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in c.extra.items()]
        self.stream.write('{\n  "context": {\n' + ",\n".join(lines)
                          + '\n  },\n  "benchmarks": [\n')

    def report(self, run: Run) -> None:
        """Writes one run as a row of the JSON."""
        fields = [("name", json.dumps(run.full_name)),
                  ("family_index", str(run.family_index)),
                  ("per_family_instance_index", "0"),
                  ("run_name", json.dumps(run.name)),
                  ("run_type", '"aggregate"' if run.aggregate else '"iteration"'),
                  ("repetitions", str(run.repetitions))]
        if run.aggregate:
            fields += [("threads", "1"), ("aggregate_name", json.dumps(run.aggregate)),
                       ("aggregate_unit", json.dumps(run.aggregate_unit))]
        else:
            fields += [("repetition_index", str(run.repetition_index)), ("threads", "1")]
        fields += [("iterations", str(run.iterations)),
                   ("real_time", _e(run.real_time)), ("cpu_time", _e(run.cpu_time)),
                   ("time_unit", json.dumps(run.time_unit)),
                   ("items_per_second", _e(run.items_per_second))]
        body = ",\n".join(f'      "{key}": {value}' for key, value in fields)
        self.stream.write(("" if self.first else ",\n") + "    {\n" + body + "\n    }")
        self.first = False
        self.stream.flush()

    def finish(self) -> None:
        """Writes what comes after the rows of the JSON, if anything."""
        self.stream.write(("\n" if not self.first else "") + "  ]\n}\n")
        self.stream.flush()


# ---------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------

CSV_HEADER = ("name,iterations,real_time,cpu_time,time_unit,bytes_per_second,"
              "items_per_second,label,error_occurred,error_message")


class CsvReporter:
    """Google Benchmark's CSV: a header line, then one line per row."""

    def __init__(self, stream: IO[str]):
        self.stream = stream

    def header(self) -> None:
        """Writes what comes before the rows of the CSV."""
        self.stream.write(CSV_HEADER + "\n")

    def report(self, run: Run) -> None:
        """Writes one run as a row of the CSV."""
        unit = "" if run.is_percentage else run.time_unit
        self.stream.write(f'"{run.full_name}",{run.iterations},{_g(run.real_time)},'
                          f"{_g(run.cpu_time)},{unit},,{_g(run.items_per_second)},,,\n")
        self.stream.flush()

    def finish(self) -> None:
        """Writes what comes after the rows of the CSV, if anything."""
        pass


def reporter(format: str, stream: IO[str], context: Context,
             name_width: int) -> "JsonReporter | CsvReporter | ConsoleReporter":
    """The reporter of `format` ("console", "json" or "csv") writing to `stream`."""
    if format == "json":
        return JsonReporter(stream, context)
    if format == "csv":
        return CsvReporter(stream)
    return ConsoleReporter(stream, name_width)
