"""`python -m ireec benchmark-module` (also installed as
`ireec-benchmark-module`): IREE's iree-benchmark-module over ireec.

The same flags (iree-benchmark-module's own, Google Benchmark's
`--benchmark_*`, and IREE's driver, task and device flags), the same
benchmarks (`BM_<function>/process_time/real_time`, with `_mean`, `_median`,
`_stddev` and `_cv` after several repetitions) and the same reports: the
console table, JSON or CSV of Google Benchmark (`benchmark_report`). Each
benchmark calls its function through a bound call (`PreparedCall.bind`),
ireec's fastest path: the inputs are on the device once and every call is
one crossing into C.

How many iterations a repetition runs is decided as Google Benchmark decides
it: from 1, growing until a run lasts `--benchmark_min_time` (0.5 s by
default, or exactly `Nx` iterations); later repetitions reuse that count.
Times are wall-clock (`real_time`) and the whole process's CPU time
(`cpu_time`), per iteration.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from dataclasses import dataclass
from itertools import repeat
from typing import Callable, Sequence, TextIO

import numpy as np

from .._core.library import lib
from ..hal.buffer_view import BufferView
from ..errors import IreeError
from ..hal.device import Device
from ..runtime.instance import Instance
from ..runtime.session import Session
from . import benchmark_report as report
from . import iree_flags
from ._common import (
    EXIT_SUCCESS,
    CliError,
    FlagError,
    FlagParser,
    exit_status_code,
    expand_flagfiles,
    iree_bool,
    run_tool,
    status_code_of,
)
from .dump_devices import add_listing_flags, print_listing
from .inputs import ValueParser, annotate
from .parameters import add_parameter_flags, load_parameter_flags
from .program import (
    DEFAULT_DEVICE,
    add_program_flags,
    load_modules,
    main_module_exports,
    main_module_name,
    print_statistics,
    release,
    resolve_function,
)

DESCRIPTION = """\
Benchmarks a function within a compiled IREE module and handles I/O parsing,
as iree-benchmark-module does. Modules can be provided by file path
(--module=file.vmfb) or read from stdin (--module=-) and the function to
execute matches the original name provided to the compiler (--function=foo
for func.func @foo); without --function every exported function taking no
inputs is benchmarked.
"""

# Google Benchmark's cap on a repetition's iterations.
MAX_ITERATIONS = 1_000_000_000
DEFAULT_MIN_TIME = 0.5


def build_parser(prog: str) -> FlagParser:
    """The flags of iree-benchmark-module (IREE's run-module flags and Google
    Benchmark's), as a FlagParser for `prog`.
    """
    parser = FlagParser(prog=prog, description=DESCRIPTION)
    add = parser.add_argument
    add_program_flags(parser, "the function to benchmark (default: every exported "
                              "function taking no inputs)")
    add("--batch_size", type=int, default=1, metavar="N",
        help="iterations each call counts for (a dispatch benchmark's repeat "
             "count); an async function is called N times per step")
    add("--batch_concurrency", type=int, default=1, metavar="N",
        help="invocations of a batch run concurrently; only 1 is supported")
    add("--time_unit", choices=("ms", "us", "ns"), default=None,
        help="the unit times are reported in (default ms; us for dispatch benchmarks)")
    parser.add_bool_flag("--print_statistics",
                         "print the device allocator's memory statistics to stderr on exit")
    add_listing_flags(parser)  # --list_drivers, --list_devices, --dump_devices
    add_parameter_flags(parser)  # --parameters, --parameter_mode
    add_benchmark_flags(parser)
    iree_flags.add_iree_flags(parser)
    return parser


def add_benchmark_flags(parser: FlagParser) -> None:
    """--flagfile, --verbose and Google Benchmark's flags, which IREE's
    benchmark tools share."""
    add = parser.add_argument
    add("--flagfile", metavar="PATH",
        help="read more flags from PATH, one per line, where this flag stands")
    parser.add_bool_flag("--verbose", "on failure, print the full traceback")
    # Google Benchmark's flags.
    parser.add_bool_flag("--benchmark_list_tests", "list the benchmarks and exit")
    add("--benchmark_filter", default=".", metavar="REGEX",
        help="benchmark only those whose name matches REGEX")
    add("--benchmark_min_time", default=None, metavar="Nx|Fs",
        help="iterations of each repetition: exactly N (Nx), or as many as last "
             "F seconds (Fs; default 0.5s)")
    add("--benchmark_min_warmup_time", type=float, default=0.0, metavar="SECONDS",
        help="run each benchmark this long before measuring")
    add("--benchmark_repetitions", type=int, default=1, metavar="N",
        help="repetitions of each benchmark; 2 or more add _mean, _median, "
             "_stddev and _cv rows")
    parser.add_bool_flag("--benchmark_enable_random_interleaving",
                         "interleave repetitions randomly; not supported")
    parser.add_bool_flag("--benchmark_report_aggregates_only",
                         "report only the aggregates, on stdout and in --benchmark_out")
    parser.add_bool_flag("--benchmark_display_aggregates_only",
                         "show only the aggregates on stdout")
    add("--benchmark_format", default="console", choices=("console", "json", "csv"),
        help="the format on stdout")
    add("--benchmark_out", default="", metavar="PATH",
        help="also write the results to PATH")
    add("--benchmark_out_format", default="json", choices=("console", "json", "csv"),
        help="the format of --benchmark_out")
    add("--benchmark_color", default="auto", metavar="auto|true|false",
        help="accepted; the table is never colored")
    parser.add_bool_flag("--benchmark_counters_tabular",
                         "counters in columns of their own; not supported")
    add("--benchmark_context", action="append", default=[], metavar="KEY=VALUE,...",
        help="extra key=value pairs for the report's context")
    add("--benchmark_time_unit", choices=("ns", "us", "ms", "s"), default=None,
        help="accepted and ignored, as in iree-benchmark-module (see --time_unit)")
    add("--v", type=int, default=0, metavar="N", help="accepted and ignored")


# ---------------------------------------------------------------------------
# Benchmarks
# ---------------------------------------------------------------------------

@dataclass
class Benchmark:
    """One function to measure: `call()` runs one step, which counts as
    `iterations_per_step` iterations (IREE's KeepRunningBatch), each of
    `items_per_iteration` items."""

    name: str
    call: Callable[[], object]
    calls_per_step: int
    iterations_per_step: int
    time_unit: str
    items_per_iteration: int = 1

    def step(self) -> None:
        """One timed step: `calls_per_step` calls of the bound call."""
        for _ in range(self.calls_per_step):
            self.call()


# Results up to this size are read into an array of their own by each call
# instead of coming back as a BufferView: one C call that makes no Python
# object is the bound call's fastest form, and reading so few bytes costs
# less than the object. Larger results are left on the device, as IREE's
# benchmark leaves them.
SMALL_RESULT_BYTES = 64 * 1024


def _bound_call(function, inputs: Sequence):
    """The function bound to `inputs` in its fastest form: a single small
    tensor result (learnt from one call) read into a reused array, anything
    else handed back as is."""
    prepared = function.prepare()
    bound = prepared.bind(*inputs)
    if function.result_kinds != "r" or function.uses_fences:
        return bound
    (result,) = bound()
    if not isinstance(result, BufferView) or result.nbytes > SMALL_RESULT_BYTES:
        return bound
    try:
        out = np.empty(result.shape, result.dtype)
    except (TypeError, ValueError, NotImplementedError):
        return bound  # an element type numpy cannot hold
    finally:
        result.close()
    bound.close()
    return prepared.bind(*inputs, out=out)


def _bench(name: str, function, inputs: Sequence, args, unit: str | None,
           dispatch: bool = False) -> Benchmark:
    bound = _bound_call(function, inputs)
    # One call before any is timed: what a first call alone costs (its
    # executables made ready on the device) is not what is being measured.
    bound()
    batch = args.batch_size
    if function.uses_fences:
        # IREE invokes an async function batch_size times per step.
        return Benchmark(f"BM_{name}", bound, batch, batch, unit or "ms")
    return Benchmark(f"BM_{name}", bound, 1, batch, unit or ("us" if dispatch else "ms"))


def find_benchmarks(session: Session, args: argparse.Namespace, device: Device | None,
                    held: list[object]) -> list[Benchmark]:
    """The benchmarks iree-benchmark-module registers for `args`: the named
    function with its inputs, or every export meant to be benchmarked."""
    unit = args.time_unit
    if args.function:
        short_name, function = resolve_function(session, args.function)
        try:
            inputs = ValueParser(function.arg_kinds, device, device.allocator).parse(
                args.input)
        except (IreeError, CliError) as e:
            declaration = function.attributes.get("iree.abi.declaration", "")
            raise (annotate(e, f"`{declaration}`") if declaration else e) from None
        held.append(inputs)
        return [_bench(args.function, function, inputs, args, unit)]
    module_name = main_module_name(session)
    benchmarks = []
    for name in main_module_exports(session):
        function = session.function(f"{module_name}.{name}")
        kind = function.attributes.get("iree.benchmark", "")
        if kind == "dispatch":
            benchmarks.append(_bench(name, function, [args.batch_size], args, unit, True))
        elif kind == "entry":
            benchmarks.append(_bench(name, function, [], args, unit))
        elif name.startswith("__") or "$" in name:
            continue
        elif not function.arg_kinds:
            # No inputs (an async function's fences are not inputs here).
            benchmarks.append(_bench(name, function, [], args, unit))
    return benchmarks


# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------

def parse_min_time(text: str | None) -> tuple[int | None, float]:
    """(explicit iterations or None, minimum seconds) from `Nx` or `Fs` (or
    a bare number of seconds, which Google Benchmark also takes). A value
    that is neither, or a count past MAX_ITERATIONS (Google Benchmark's
    bound), is a bad flag value (FlagError)."""
    if text is None:
        return None, DEFAULT_MIN_TIME
    try:
        if text.endswith("x"):
            iterations = int(text[:-1])
            if not 1 <= iterations <= MAX_ITERATIONS:
                raise FlagError(f"--benchmark_min_time={text}: the iteration count "
                                f"must be 1 to {MAX_ITERATIONS}")
            return iterations, DEFAULT_MIN_TIME
        seconds = float(text[:-1] if text.endswith("s") else text)
        if not 0 < seconds < math.inf:
            raise ValueError
        return None, seconds
    except ValueError:
        raise FlagError(f"--benchmark_min_time={text}: expected an iteration count "
                        f"(`100x`) or seconds (`0.5s`)") from None


def _timed(benchmark: Benchmark, iterations: int) -> tuple[int, float, float]:
    """(iterations done, real seconds, process CPU seconds) of running at
    least `iterations`, a whole number of steps."""
    steps = max(1, math.ceil(iterations / benchmark.iterations_per_step))
    step = benchmark.call if benchmark.calls_per_step == 1 else benchmark.step
    cpu0 = time.process_time()
    real0 = time.perf_counter()
    for _ in repeat(None, steps):
        step()
    real = time.perf_counter() - real0
    cpu = time.process_time() - cpu0
    return steps * benchmark.iterations_per_step, real, cpu


def _iteration_count(benchmark: Benchmark, min_time: float) -> tuple[int, float, float]:
    """Google Benchmark's search: from 1 iteration, grown by the time the
    last run took (or 10x while it was too short to tell), until a run lasts
    `min_time`. Returns that last run."""
    iterations = 1
    while True:
        done, real, cpu = _timed(benchmark, iterations)
        if done >= MAX_ITERATIONS or real >= min_time:
            return done, real, cpu
        multiplier = min_time * 1.4 / max(real, 1e-9)
        if real / min_time <= 0.1:
            multiplier = 10.0
        iterations = min(MAX_ITERATIONS, max(int(multiplier * done + 0.5), done + 1))


def _warm_up(benchmark: Benchmark, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        benchmark.step()


class _Status:
    """Which repetition of which benchmark is running, redrawn in place on
    stderr when it is a terminal (and nothing otherwise)."""

    def __init__(self):
        isatty = getattr(sys.stderr, "isatty", None)
        self.tty = bool(isatty and isatty())
        self.width = 0

    def show(self, text: str) -> None:
        if self.tty:
            sys.stderr.write("\r" + text.ljust(self.width))
            sys.stderr.flush()
            self.width = len(text)

    def clear(self) -> None:
        if self.tty and self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()
            self.width = 0


def measure(benchmark: Benchmark, family: int, args: argparse.Namespace, status: "_Status") -> list[report.Run]:
    """The runs of one benchmark: its repetitions (iterations found as Google
    Benchmark finds them, or as given) and their aggregates.
    """
    explicit, min_time = parse_min_time(args.benchmark_min_time)
    repetitions = args.benchmark_repetitions
    name = f"{benchmark.name}/process_time/real_time"
    if args.benchmark_min_warmup_time > 0:
        status.show(f"{benchmark.name}: warming up")
        _warm_up(benchmark, args.benchmark_min_warmup_time)
    runs = []
    iterations = explicit
    for index in range(repetitions):
        status.show(f"{benchmark.name}: repetition {index + 1}/{repetitions}")
        if iterations is None:
            done, real, cpu = _iteration_count(benchmark, min_time)
            iterations = done
        else:
            done, real, cpu = _timed(benchmark, iterations)
        runs.append(report.measured(name, done, real, cpu, benchmark.time_unit,
                                    repetitions, index, family,
                                    benchmark.items_per_iteration))
    status.clear()
    return runs


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

def _context_pairs(specs: Sequence[str]) -> dict[str, str]:
    pairs = {}
    for spec in specs:
        for item in filter(None, spec.split(",")):
            key, sep, value = item.partition("=")
            if not sep or not key:
                raise CliError(f"--benchmark_context={spec}: expected key=value pairs")
            pairs[key] = value
    return pairs


def _check_flags(args) -> None:
    if args.batch_concurrency != 1:
        raise CliError(f"--batch_concurrency={args.batch_concurrency}: not supported: "
                       f"ireec runs a batch's invocations one after another",
                       lib.IREE_STATUS_UNIMPLEMENTED)
    check_benchmark_flags(args)


# The most calls (benchmark-module) or dispatches recorded into one command
# buffer (benchmark-executable) per iteration, --batch_size: each recorded
# dispatch takes memory, and a batch this long already measures the work,
# not the iteration around it.
MAX_BATCH_SIZE = 1 << 16
# The most repetitions of a benchmark: statistics need nothing near it.
MAX_REPETITIONS = 1 << 16


def check_benchmark_flags(args: argparse.Namespace) -> None:
    """Refuses what add_benchmark_flags' flags (and --batch_size) cannot
    be."""
    if not 1 <= args.batch_size <= MAX_BATCH_SIZE:
        raise CliError(f"--batch_size={args.batch_size}: must be 1 to {MAX_BATCH_SIZE}")
    if not 1 <= args.benchmark_repetitions <= MAX_REPETITIONS:
        raise CliError(f"--benchmark_repetitions={args.benchmark_repetitions}: must "
                       f"be 1 to {MAX_REPETITIONS}")
    if args.benchmark_enable_random_interleaving:
        raise CliError("--benchmark_enable_random_interleaving: not supported: ireec "
                       "runs each benchmark's repetitions in order",
                       lib.IREE_STATUS_UNIMPLEMENTED)
    if args.benchmark_counters_tabular:
        raise CliError("--benchmark_counters_tabular: not supported: counters are "
                       "printed as name=value", lib.IREE_STATUS_UNIMPLEMENTED)
    parse_min_time(args.benchmark_min_time)
    try:
        re.compile(args.benchmark_filter)
    except re.error as e:
        raise CliError(f"--benchmark_filter={args.benchmark_filter}: {e}") from None


def _open_out(path: str) -> TextIO:
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as e:
        # Google Benchmark's words, and its exit status (1).
        raise FlagError(f"invalid file name: '{path}': {e.strerror}",
                        status_code_of(e)) from e


def report_benchmarks(benchmarks: list[Benchmark], args: argparse.Namespace,
                      devices: Sequence[Device]) -> int:
    """Runs the benchmarks `--benchmark_filter` selects (or lists them) and
    reports them as Google Benchmark does; profiles `devices` meanwhile if
    asked."""
    selected = [b for b in benchmarks
                if re.search(args.benchmark_filter, f"{b.name}/process_time/real_time")]
    if args.benchmark_list_tests:
        for benchmark in selected:
            sys.stdout.write(f"{benchmark.name}/process_time/real_time\n")
        return EXIT_SUCCESS
    if not selected:
        sys.stderr.write(f"Failed to match any benchmarks against regex: "
                         f"{args.benchmark_filter}\n")
        return EXIT_SUCCESS
    context = report.machine_context(_context_pairs(args.benchmark_context))
    width = max(len(f"{b.name}/process_time/real_time") for b in selected)
    if args.benchmark_repetitions > 1:
        width += 1 + max(len(name) for name, _ in report.AGGREGATES)
    display = report.reporter(args.benchmark_format, sys.stdout, context, width)
    out_file = _open_out(args.benchmark_out) if args.benchmark_out else None
    try:
        to_file = (report.reporter(args.benchmark_out_format, out_file, context, width)
                   if out_file else None)
        if args.benchmark_format != "json":
            report.print_context(context, sys.stderr)
        if out_file and args.benchmark_out_format == "console":
            report.print_context(context, out_file)
        for reporter in filter(None, (display, to_file)):
            reporter.header()
        profiling = iree_flags.profiling_options(args)
        iree_flags.begin_profiling(devices, profiling)
        status = _Status()
        for family, benchmark in enumerate(selected):
            runs = measure(benchmark, family, args, status)
            rows = runs + report.aggregates(runs)
            aggregates_only = args.benchmark_repetitions > 1
            for reporter, only in ((display, aggregates_only and (
                    args.benchmark_report_aggregates_only
                    or args.benchmark_display_aggregates_only)),
                    (to_file, aggregates_only and args.benchmark_report_aggregates_only)):
                for run in rows if reporter else ():
                    if not (only and run.aggregate is None):
                        reporter.report(run)
        iree_flags.end_profiling(devices, profiling)
        for reporter in filter(None, (display, to_file)):
            reporter.finish()
    finally:
        if out_file:
            out_file.close()
    return EXIT_SUCCESS


def note_nothing_to_benchmark(session: Session) -> None:
    """Says on stderr why there was nothing to benchmark without --function
    (IREE's tool says only that no benchmark matched, and exits 0, as this
    tool does): which exports take inputs, and what to do."""
    module_name = main_module_name(session)
    taking = [name for name in main_module_exports(session)
              if not name.startswith("__") and "$" not in name]
    listed = ", ".join(taking[:8]) + (", ..." if len(taking) > 8 else "")
    sys.stderr.write(
        f"note: without --function, iree-benchmark-module benchmarks the exports of "
        f"module '{module_name}' taking no inputs, and "
        + (f"every one takes some ({listed}): name one with --function= and give its "
           f"inputs with --input=\n" if taking else "it exports no function\n"))


def run(args: argparse.Namespace) -> int:
    """Runs the benchmarks `args` select and reports them; returns the exit
    status (iree-benchmark-module's).
    """
    if print_listing(args, sys.stdout):
        return EXIT_SUCCESS
    _check_flags(args)
    instance = Instance()
    uris, devices = iree_flags.create_devices(instance, args, DEFAULT_DEVICE)
    session = (Session(instance, devices[0]) if len(devices) == 1
               else Session(instance, devices=devices))
    held: list = []
    benchmarks: list[Benchmark] = []
    try:
        load_parameter_flags(session, args)  # before the modules reading them
        load_modules(session, args.module, args.module_mode)
        benchmarks = find_benchmarks(session, args, session.device, held)
        status = report_benchmarks(benchmarks, args, devices)
        if not benchmarks:
            note_nothing_to_benchmark(session)
        return status
    finally:
        sys.stdout.flush()
        for benchmark in benchmarks:
            benchmark.call.close()
        for inputs in held:
            release(inputs)
        session.close()
        if args.print_statistics:
            print_statistics(devices, uris)
        for device in devices:
            device.close()


def parse_benchmark_command_line(parser: FlagParser, argv: list[str], prog: str,
                                 tool: str) -> argparse.Namespace:
    """The flags of one of IREE's benchmark tools (`tool`, for its warning):
    flagfiles expanded, IREE's quoting read; flags it does not know are
    warned about and ignored (IREE hands them to Google Benchmark, which
    ignores them); `--dump_task_topologies` dumps and exits."""
    args, unknown = parser.parse_known_args(
        iree_flags.iree_argv(expand_flagfiles(argv), parser))
    for arg in unknown:
        print(f"{prog}: warning: unrecognized flag {arg} ignored, as {tool} ignores it",
              file=sys.stderr)
    iree_flags.dump_task_topologies(args)
    return args


def verbose_flag(argv: Sequence[str]) -> bool:
    """Whether `--verbose` is set (read before parsing, for errors while
    parsing)."""
    return any(arg == "--verbose" or (arg.startswith("--verbose=")
                                      and iree_bool(arg.partition("=")[2]))
               for arg in argv)


def main(argv: Sequence[str] | None = None,
         prog: str = "python -m ireec benchmark-module") -> int:
    """`python -m ireec benchmark-module ARGV...`: iree-benchmark-module on
    ireec; returns the exit status.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    # Exit statuses as iree-benchmark-module's: a failure's status code (where
    # IREE's exits with it, and where IREE's aborts: bad inputs, a failing
    # call); a bad command line 1, as IREE's flag parser.
    return run_tool(prog, lambda: run(parse_benchmark_command_line(
        build_parser(prog), argv, prog, "iree-benchmark-module")),
        verbose_flag(argv), exit_status_code)


def console_main() -> int:
    """The `ireec-benchmark-module` console script."""
    return main(prog="ireec-benchmark-module")
