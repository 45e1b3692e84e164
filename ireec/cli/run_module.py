"""`python -m ireec run-module` (also installed as `ireec-run-module`): IREE's
iree-run-module over ireec.

The same flags under the same names (`--module=`, `--device=`,
`--function=`, `--input=`, `--output=`, `--expected_output=` and its
thresholds, `--print_statistics`, ...), the same output (`EXEC @fn`, then
`result[i]: ...`) and the same exit status: 1 for any failure, as for a
mismatch; a failure is one line on stderr naming IREE's status code. On top of the C tool:
`--repeat=N` runs the function N times with progress on stderr, and
`--verbose` shows a failure's traceback. How values are read, printed,
written and compared: `inputs`, `outputs` and `compare` in this package;
IREE's other flags (drivers, task system, devices): `iree_flags`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..errors import IreeError
from ..hal.allocator import Allocator
from ..runtime.instance import Instance
from ..runtime.session import Session
from ._common import (
    EXIT_MISMATCH,
    EXIT_SUCCESS,
    CliError,
    FlagParser,
    expand_flagfiles,
    int64_flag,
    iree_bool,
    run_tool,
)
from . import iree_flags
from .compare import EQUALITY_MODES, Equality, compare_results
from .dump_devices import add_listing_flags, print_listing
from .inputs import ValueParser, annotate
from .outputs import print_results, write_outputs
from .parameters import add_parameter_flags, load_parameter_flags
from .program import (
    DEFAULT_DEVICE,
    OUTPUT_HELP,
    add_program_flags,
    load_modules,
    modules_with_instruments,
    print_statistics,
    release,
    resolve_function,
)
from .progress import Progress

DESCRIPTION = """\
Runs a function within a compiled IREE module and handles I/O parsing and
optional expected value verification/output processing, as iree-run-module
does. Modules can be provided by file path (--module=file.vmfb) or read from
stdin (--module=-) and the function to execute matches the original name
provided to the compiler (--function=foo for func.func @foo).
"""


def build_parser(prog: str) -> FlagParser:
    """The flags of iree-run-module, as a FlagParser for `prog`."""
    parser = FlagParser(prog=prog, description=DESCRIPTION)
    add = parser.add_argument
    add_program_flags(parser, "the function of the last module to run (may be "
                              "omitted when it exports just one)")
    add("--output", action="append", default=[], metavar="SPEC", help=OUTPUT_HELP)
    add("--expected_output", action="append", default=[], metavar="VALUE",
        help="an expected result, in order, in --input= form, or (ignored); "
             "results are then compared and the exit status is 1 if any differ")
    add("--expected_f16_threshold", type=float, default=Equality.f16_threshold,
        metavar="X", help="threshold under which two f16 values are considered equal")
    add("--expected_f32_threshold", type=float, default=Equality.f32_threshold,
        metavar="X", help="threshold under which two f32 values are considered equal")
    add("--expected_f64_threshold", type=float, default=Equality.f64_threshold,
        metavar="X", help="threshold under which two f64 values are considered equal")
    add("--equality_mode", default="absolute", choices=EQUALITY_MODES,
        help="how buffers are compared with expected outputs")
    add("--output_max_element_count", type=int64_flag, default=1024, metavar="N",
        help="print up to N elements of each result, then ...")
    parser.add_bool_flag("--print_statistics",
                         "print the device allocator's memory statistics to stderr on exit")
    add_listing_flags(parser)  # --list_drivers, --list_devices, --dump_devices
    add("--flagfile", metavar="PATH",
        help="read more flags from PATH, one per line, where this flag stands")
    add("--repeat", type=int64_flag, default=1, metavar="N",
        help="run the function N times (progress on stderr); the last run's "
             "results are printed, written or compared")
    parser.add_bool_flag("--verbose", "on failure, print the full traceback")
    add_parameter_flags(parser)  # --parameters, --parameter_mode
    iree_flags.add_iree_flags(parser)
    return parser


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

def run(args: argparse.Namespace) -> int:
    """Runs the parsed command line; returns the exit status."""
    repeat = args.repeat
    if repeat < 1:
        raise CliError(f"--repeat must be at least 1, not {repeat}")
    max_elements = args.output_max_element_count
    if max_elements < 0:
        max_elements = None  # IREE reads a negative count as unlimited
    equality = Equality(args.equality_mode, args.expected_f16_threshold,
                        args.expected_f32_threshold, args.expected_f64_threshold)

    instance = Instance()
    uris, devices = iree_flags.create_devices(instance, args, DEFAULT_DEVICE)
    session = (Session(instance, devices[0]) if len(devices) == 1
               else Session(instance, devices=devices))
    inputs = results = expected = None
    heap = None
    try:
        load_parameter_flags(session, args)  # before the modules reading them
        load_modules(session, args.module, args.module_mode)
        short_name, function = resolve_function(session, args.function)
        declaration = function.attributes.get("iree.abi.declaration", "")
        try:
            device = session.device
            parser = ValueParser(function.arg_kinds, device, device.allocator)
            inputs = parser.parse(args.input, check_count=False)
            sys.stdout.write(f"EXEC @{short_name}\n")
            sys.stdout.flush()
            parser.check_count(inputs)
            progress = Progress(repeat) if repeat > 1 else None
            profiling = iree_flags.profiling_options(args)
            iree_flags.begin_profiling(devices, profiling)
            for _ in range(repeat):
                release(results)
                results = session.call(function.name, *inputs)
                if progress is not None:
                    progress.update()
            if progress is not None:
                progress.finish()
            iree_flags.end_profiling(devices, profiling)
            instrumented = modules_with_instruments(session) if args.instrument_file else []
            iree_flags.write_instrument_file(args, instrumented)
            kinds = function.result_kinds
            if args.expected_output:
                # Expected values live in host memory of their own, so
                # comparing never shows in the device's statistics.
                heap = Allocator.create_heap()
                expected = ValueParser(kinds, device, heap, expected=True).parse(
                    args.expected_output)
                matched, report = compare_results(kinds, expected, results, equality)
                sys.stdout.write(report)
                return EXIT_SUCCESS if matched else EXIT_MISMATCH
            if args.output:
                write_outputs(args.output, kinds, results, max_elements, sys.stdout)
            else:
                print_results(sys.stdout, kinds, results, max_elements)
            return EXIT_SUCCESS
        except (IreeError, CliError) as e:
            if declaration:
                raise annotate(e, f"`{declaration}`") from None
            raise
    finally:
        sys.stdout.flush()
        release(inputs)
        release(results)
        release(expected)
        if heap is not None:
            heap.close()
        session.close()
        if args.print_statistics:
            print_statistics(devices, uris)
        for device in devices:
            device.close()


def _main(argv: list[str], prog: str) -> int:
    parser = build_parser(prog)
    args = parser.parse_args(iree_flags.iree_argv(expand_flagfiles(argv), parser))
    iree_flags.dump_task_topologies(args)
    if print_listing(args, sys.stdout):
        return EXIT_SUCCESS
    return run(args)


def main(argv: Sequence[str] | None = None,
         prog: str = "python -m ireec run-module") -> int:
    """`python -m ireec run-module ARGV...`: iree-run-module on ireec;
    returns the exit status.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    # Known before parsing, so even a failing --flagfile shows its traceback.
    verbose = any(arg == "--verbose" or (arg.startswith("--verbose=")
                                         and iree_bool(arg.partition("=")[2]))
                  for arg in argv)
    return run_tool(prog, lambda: _main(argv, prog), verbose)


def console_main() -> int:
    """The `ireec-run-module` console script."""
    return main(prog="ireec-run-module")
