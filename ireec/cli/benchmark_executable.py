"""`python -m ireec benchmark-executable`: IREE's iree-benchmark-executable
over ireec.hal.

The same flags (iree-benchmark-executable's own, Google Benchmark's
`--benchmark_*`, IREE's device and task flags), the same benchmarks (one
`BM_dispatch_XxYxZ/process_time/real_time` per `--workgroup_count`) and
the same reports (`benchmark_report`). Each benchmark records one reusable
command buffer of `--batch_size` dispatches of the entry point, each
followed by a barrier, and every step submits it and waits for it: a step
counts `--batch_size` iterations, and items are the workgroups run (so
items per second is workgroups per second, as IREE reports it).

Unlike IREE's tool, what the dispatch takes is checked first: bindings and
constants must be as many as the entry point declares (IREE's dispatches
them as given, reading past what it was given), and a missing
`--workgroup_count` is said to be missing.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .._core.library import lib
from .._core.validate import refuse_special_file
from ..hal.command_buffer import CommandBuffer, CommandBufferMode, CommandCategory
from ..hal.executable import Executable
from ..hal.executable_cache import ExecutableCache
from ..hal.semaphore import Semaphore
from ..runtime.instance import Instance
from . import iree_flags
from ._common import CliError, FlagParser, run_tool
from .benchmark_module import (
    Benchmark,
    add_benchmark_flags,
    check_benchmark_flags,
    parse_benchmark_command_line,
    report_benchmarks,
    verbose_flag,
)
from .inputs import ValueParser
from .program import DEFAULT_DEVICE, release

DESCRIPTION = """\
Benchmarks a single entry point within an executable library, as
iree-benchmark-executable does. Executables come from `iree-compile
--compile-mode=hal-executable` (or are dumped during compilation with
--iree-hal-dump-executable-binaries-to=path/); every push constant
(--constant) and binding (--binding) the entry point takes must be given,
in order. Each --workgroup_count=X,Y,Z runs one benchmark.
"""

_UINT32_MAX = 2**32 - 1

# The largest executable file read (--executable_file): far past any
# executable, short of what would exhaust memory (a device such as
# /dev/zero never ends).
MAX_EXECUTABLE_BYTES = 1 << 30


def _uint32(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        value = -1
    if not 0 <= value <= _UINT32_MAX:
        raise argparse.ArgumentTypeError(f"invalid value `{text}`; expects uint32_t")
    return value


def build_parser(prog: str) -> FlagParser:
    """iree-benchmark-executable's command line: its own flags, Google
    Benchmark's and IREE's device and task flags."""
    parser = FlagParser(prog=prog, description=DESCRIPTION)
    add = parser.add_argument
    add("--device", action="append", default=[], metavar="URI",
        help=f"the HAL device to use (default {DEFAULT_DEVICE})")
    add("--batch_size", type=int, default=64, metavar="N",
        help="dispatches per command buffer submission")
    add("--executable_format", default="", metavar="FORMAT",
        help="the format of the executable (e.g. embedded-elf-x86_64, vmvx-bytecode-fb); "
             "inferred from the data when empty")
    add("--executable_file", default="", metavar="PATH",
        help="the executable file to load (- reads stdin)")
    add("--entry_point", type=int, default=0, metavar="N", help="the entry point ordinal")
    add("--workgroup_count", action="append", default=[], metavar="X,Y,Z",
        help="the workgroups of each dispatch; one benchmark per occurrence")
    add("--executable_constant", action="append", type=_uint32, default=[], metavar="N",
        help="appends a uint32 executable-level constant")
    add("--constant", action="append", type=_uint32, default=[], metavar="N",
        help="appends a uint32 push constant")
    add("--binding", action="append", default=[], metavar="SHAPExTYPE[=VALUES]",
        help="appends a binding, as --input of run-module (e.g. 4xf32=1,2,3,4, 16xi8, "
             "@file.npy)")
    add_benchmark_flags(parser)
    iree_flags.add_iree_flags(parser)
    return parser


def parse_workgroup_count(text: str) -> tuple[int, int, int]:
    """`X,Y,Z` as three uint32 (IREE's words when it is not)."""
    parts = text.split(",")
    try:
        if len(parts) != 3:
            raise ValueError
        counts = tuple(_uint32(part) for part in parts)
    except (ValueError, argparse.ArgumentTypeError):
        raise CliError(f"invalid workgroup count string `{text}`; expects `X,Y,Z`") from None
    return counts  # type: ignore[return-value]


def _read_executable(path: str) -> bytes:
    if not path:
        raise CliError("no --executable_file given: the executable to benchmark")
    if path == "-":
        data = sys.stdin.buffer.read(MAX_EXECUTABLE_BYTES + 1)
    else:
        refuse_special_file(path, "--executable_file")
        with open(path, "rb") as file:
            data = file.read(MAX_EXECUTABLE_BYTES + 1)
    if len(data) > MAX_EXECUTABLE_BYTES:
        raise CliError(f"--executable_file={path}: more than {MAX_EXECUTABLE_BYTES} bytes; "
                       f"not an executable", lib.IREE_STATUS_OUT_OF_RANGE)
    return data


def _dispatch_benchmark(device, executable: Executable, args, bindings: list,
                        counts: tuple[int, int, int]) -> Benchmark:
    """One benchmark: a reusable command buffer of batch_size dispatches over
    `counts` workgroups, submitted and waited for at each step."""
    constants = [int(c) for c in args.constant]
    command_buffer = CommandBuffer(device, CommandBufferMode.DEFAULT, CommandCategory.DISPATCH)
    command_buffer.begin()
    for _ in range(args.batch_size):
        command_buffer.dispatch(executable, args.entry_point, counts, constants, bindings)
        command_buffer.execution_barrier(lib.IREE_HAL_EXECUTION_STAGE_COMMAND_RETIRE,
                                         lib.IREE_HAL_EXECUTION_STAGE_COMMAND_ISSUE)
    command_buffer.end()
    semaphore = Semaphore(device, 0)
    timeline = [0]

    def step() -> None:
        timeline[0] += 1
        device.queue_execute(command_buffer, signal=[(semaphore, timeline[0])])
        semaphore.wait(timeline[0])

    step.close = command_buffer.close  # type: ignore[attr-defined]
    x, y, z = counts
    return Benchmark(f"BM_dispatch_{x}x{y}x{z}", step, 1, args.batch_size, "ns",
                     items_per_iteration=x * y * z)


def run(args: argparse.Namespace) -> int:
    """Benchmarks the entry point as iree-benchmark-executable does: the
    executable prepared by iree_hal_executable_cache_prepare_executable, one
    benchmark of iree_hal_command_buffer_dispatch batches per
    --workgroup_count; returns the exit status."""
    check_benchmark_flags(args)
    if not 0 <= args.entry_point <= _UINT32_MAX:
        raise CliError(f"--entry_point={args.entry_point}: must be an ordinal (0 to "
                       f"{_UINT32_MAX})")
    if not args.workgroup_count:
        raise CliError("no --workgroup_count=X,Y,Z given: each one is a benchmark to run")
    counts = [parse_workgroup_count(text) for text in args.workgroup_count]
    data = _read_executable(args.executable_file)
    instance = Instance()
    uris, devices = iree_flags.create_devices(instance, args, DEFAULT_DEVICE)
    device = devices[0]
    views: list = []
    benchmarks: list[Benchmark] = []
    try:
        executable = ExecutableCache(device, "cache").prepare_executable(
            data, args.executable_format or None, constants=args.executable_constant)
        views = ValueParser("r" * len(args.binding), device,
                            device.allocator).parse(args.binding)
        bindings = [view.buffer for view in views]
        benchmarks = [_dispatch_benchmark(device, executable, args, bindings, c)
                      for c in counts]
        # One step before any is timed: what preparing the dispatch costs
        # once is not what is measured.
        for benchmark in benchmarks:
            benchmark.call()
        return report_benchmarks(benchmarks, args, devices)
    finally:
        sys.stdout.flush()
        for benchmark in benchmarks:
            benchmark.call.close()  # type: ignore[attr-defined]
        release(views)
        for device in devices:
            device.close()


def main(argv: Sequence[str] | None = None,
         prog: str = "python -m ireec benchmark-executable") -> int:
    """`python -m ireec benchmark-executable`, as iree-benchmark-executable:
    the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    # Exit statuses as iree-benchmark-executable's: EXIT_FAILURE for every
    # failure.
    return run_tool(prog, lambda: run(parse_benchmark_command_line(
        build_parser(prog), argv, prog, "iree-benchmark-executable")), verbose_flag(argv))
