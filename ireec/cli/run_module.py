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
import mmap
import os
import sys
from typing import Sequence

from .._core.library import ffi, lib
from .._core.strings import from_string_view, string_view
from ..hal.buffer_view import BufferView
from .._core.status import check_status
from ..errors import IreeError, NotFoundError
from ..hal.allocator import Allocator
from ..hal.device import Device
from ..runtime.instance import Instance
from ..runtime.session import Session
from ..vm.buffer import Buffer
from ..vm.list import List
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
from .dump_devices import dump_devices, list_devices, list_drivers
from .inputs import ValueParser, annotate
from .outputs import print_results, write_outputs
from .parameters import add_parameter_flags, load_parameter_flags
from .progress import Progress

DEFAULT_DEVICE = "local-task"

DESCRIPTION = """\
Runs a function within a compiled IREE module and handles I/O parsing and
optional expected value verification/output processing, as iree-run-module
does. Modules can be provided by file path (--module=file.vmfb) or read from
stdin (--module=-) and the function to execute matches the original name
provided to the compiler (--function=foo for func.func @foo).
"""

INPUT_HELP = """\
an input value, in order: a scalar (5, 2.5; also i32=5), a buffer view
[shape]xtype=[values] (2x2xi32=1 2 3 4, 4xf32=1,2,3,4, 2x2xi32=[1 2][3 4];
4xf32 alone is zeros), 4xf32=@raw.bin (contents read from a binary file),
@file.npy (the first array in a .npy file; +file.npy the next one, *file.npy
all remaining ones), or (null)"""

OUTPUT_HELP = """\
what to do with each result, in order: empty ignores it, - prints it,
@file.npy writes it to a .npy file (+file.npy appends), @file.bin writes its
raw bytes (+file.bin appends)"""


def _is_dynamic_library(path: str) -> bool:
    return path.endswith((".so", ".dll", ".dylib"))


def add_program_flags(parser: FlagParser, function_help: str) -> None:
    """The flags naming what a tool runs, as both of IREE's tools spell them:
    --module, --module_mode, --device, --function, --input."""
    add = parser.add_argument
    add("--module", action="append", default=[], metavar="PATH",
        help="a compiled bytecode module (.vmfb) to load, or - for stdin; repeat for "
             "several, the last one holding --function")
    add("--module_mode", default="preload", choices=("preload", "mmap"),
        help="preload: read the module into memory; mmap: map the file")
    add("--device", action="append", default=[], metavar="URI",
        help=f"a HAL device to use (default {DEFAULT_DEVICE}); repeat for a "
             f"multi-device program, in the order it was compiled for")
    add("--function", default="", metavar="NAME", help=function_help)
    add("--input", action="append", default=[], metavar="VALUE", help=INPUT_HELP)


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
    add("--list_drivers", nargs="?", const=True, default=False, type=iree_bool,
        metavar="true|false", help="list the HAL drivers and exit")
    add("--list_devices", nargs="?", const="", default=None, metavar="DRIVER",
        help="list the devices of every driver (or of DRIVER) and exit")
    add("--dump_devices", nargs="?", const="", default=None, metavar="DRIVER",
        help="describe the devices of every driver (or of DRIVER) and exit")
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
# Modules and the function to run
# ---------------------------------------------------------------------------

def _load_modules(session: Session, specs: list[str], mode: str) -> None:
    if not specs:
        raise CliError("no user module specified; use --module=file.vmfb to load from "
                       "a file or --module=- to load from stdin")
    for spec in specs:
        try:
            if spec == "-":
                session.load_module(sys.stdin.buffer.read())
            elif _is_dynamic_library(spec):
                raise CliError("dynamic native modules are not supported by ireec",
                               lib.IREE_STATUS_UNIMPLEMENTED)
            elif mode == "mmap":
                # Opening a FIFO would wait for a writer, and a directory or
                # device cannot be mapped as a module: refused first.
                if os.path.exists(spec) and not os.path.isfile(spec):
                    raise CliError(f"module file '{spec}' is not a regular file; a "
                                   f"module is read from a regular file")
                with open(spec, "rb") as f:
                    mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
                # Read-only and page-aligned: the session uses the mapping in
                # place, and keeps it until the module is released.
                session.load_module(memoryview(mapped))
            else:
                session.load_module(spec)
        except OSError as e:
            raise CliError(f"failed to open file '{spec}': {e.strerror}",
                           lib.IREE_STATUS_NOT_FOUND if isinstance(e, FileNotFoundError)
                           else lib.IREE_STATUS_UNAVAILABLE) from e
        except (IreeError, CliError) as e:
            raise annotate(e, f"loading bytecode module at '{spec}'") from None


def _main_module(session: Session):
    """The last module loaded: the one --function names a function of."""
    context = lib.iree_runtime_session_context(session.handle)
    return lib.iree_vm_context_module_at(context, lib.iree_vm_context_module_count(context) - 1)


def _has_instruments(session: Session) -> list[str]:
    """The names of the session's modules that export `__query_instruments`
    (instrumented programs, as IREE's --instrument_file looks for them)."""
    context = lib.iree_runtime_session_context(session.handle)
    names = []
    function = ffi.new("iree_vm_function_t*")
    query, _owner = string_view("__query_instruments")
    for i in range(lib.iree_vm_context_module_count(context)):
        module = lib.iree_vm_context_module_at(context, i)
        status = lib.iree_vm_module_lookup_function_by_name(
            module, lib.IREE_VM_FUNCTION_LINKAGE_EXPORT_OPTIONAL, query, function)
        if status:
            lib.iree_status_ignore(status)
        else:
            names.append(from_string_view(lib.iree_vm_module_name(module)))
    return names


def _exported_names(module) -> list[str]:
    """The main module's callable exports: not internal (`__init`, ...) nor
    special (names with `$`)."""
    names = []
    function = ffi.new("iree_vm_function_t*")
    for i in range(lib.iree_vm_module_signature(module).export_function_count):
        check_status(lib.iree_vm_module_lookup_function_by_ordinal(
            module, lib.IREE_VM_FUNCTION_LINKAGE_EXPORT, i, function))
        name = from_string_view(lib.iree_vm_function_name(function))
        if not name.startswith("__") and "$" not in name:
            names.append(name)
    return names


def _resolve_function(session: Session, name: str):
    """(the short name EXEC prints, the session's Function)."""
    module = _main_module(session)
    module_name = from_string_view(lib.iree_vm_module_name(module))
    if not name:
        names = _exported_names(module)
        if not names:
            raise CliError("no exported functions found in module; at least one must "
                           "be present")
        if len(names) > 1:
            raise CliError("more than one exported function present; --function= must "
                           "be specified explicitly")
        name = names[0]
    try:
        return name, session.function(f"{module_name}.{name}")
    except NotFoundError as e:
        # Also accept the session's own spelling, "module.function".
        if "." in name:
            try:
                return name.split(".", 1)[1], session.function(name)
            except NotFoundError:
                pass
        raise annotate(e, f"looking up function '{name}'") from None


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

def _release(values) -> None:
    """Releases the buffer views in `values` now: statistics printed at exit
    must not count memory only the garbage collector would have freed."""
    for value in values or ():
        if isinstance(value, (BufferView, List, Buffer)):
            value.close()  # (a List's elements go with it)
        elif isinstance(value, list):
            _release(value)


def _print_statistics(devices: list[Device], uris: list[str]) -> None:
    sys.stdout.flush()
    for i, (device, uri) in enumerate(zip(devices, uris)):
        text = str(device.allocator.query_statistics())
        # One device: iree-run-module's exact header; several: say which.
        which = f": device {i}, {uri}" if len(devices) > 1 else ""
        sys.stderr.write(f"[[ iree_hal_allocator_t memory statistics{which} ]]\n{text}")
    sys.stderr.flush()


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
        _load_modules(session, args.module, args.module_mode)
        short_name, function = _resolve_function(session, args.function)
        declaration = function.attributes.get("iree.abi.declaration", "")
        try:
            device = session.device
            parser = ValueParser(function.arg_kinds, device, device.allocator.handle)
            inputs = parser.parse(args.input, check_count=False)
            sys.stdout.write(f"EXEC @{short_name}\n")
            sys.stdout.flush()
            parser.check_count(inputs)
            progress = Progress(repeat) if repeat > 1 else None
            profiling = iree_flags.profiling_options(args)
            iree_flags.begin_profiling(devices, profiling)
            for _ in range(repeat):
                _release(results)
                results = session.call(function.name, *inputs)
                if progress is not None:
                    progress.update()
            if progress is not None:
                progress.finish()
            iree_flags.end_profiling(devices, profiling)
            instrumented = _has_instruments(session) if args.instrument_file else []
            iree_flags.write_instrument_file(args, instrumented)
            kinds = function.result_kinds
            if args.expected_output:
                # Expected values live in host memory of their own, so
                # comparing never shows in the device's statistics.
                heap = Allocator.create_heap()
                expected = ValueParser(kinds, device, heap.handle, expected=True).parse(
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
        _release(inputs)
        _release(results)
        _release(expected)
        if heap is not None:
            heap.close()
        session.close()
        if args.print_statistics:
            _print_statistics(devices, uris)
        for device in devices:
            device.close()


def _main(argv: list[str], prog: str) -> int:
    parser = build_parser(prog)
    args = parser.parse_args(iree_flags.iree_argv(expand_flagfiles(argv), parser))
    iree_flags.dump_task_topologies(args)
    if args.list_drivers:
        list_drivers(Instance(), sys.stdout)
        return EXIT_SUCCESS
    if args.list_devices is not None:
        list_devices(Instance(), args.list_devices, sys.stdout)
        return EXIT_SUCCESS
    if args.dump_devices is not None:
        dump_devices(Instance(), args.dump_devices, sys.stdout)
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
