"""The flags IREE's tools take beyond a tool's own, shared by run-module and
benchmark-module: driver flags, task-system flags, device and context flags.

iree-run-module 3.9 links the flags of every part of the runtime it is built
from, so its command line takes them all. Here each one is either done as
IREE does it (`--device_allocator`, `--device_profiling_mode`,
`--instrument_file`, `--trace_execution`, the `--task_*` flags and
`--dump_task_topologies`, the `--cuda_*` and `--vulkan_*` flags, which IREE's
own drivers read from the runtime lending them), or refused in one line that
names the flag and says why (`refusals`).
docs/cli.md has the whole table.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from ..types import CData

from .._core.handle import use
from .._core.library import ffi, lib
from .._core.strings import string_view
from .._core.status import check_status
from ..errors import IreeError
from ..hal import _borrowed_drivers
from ..hal.device import Device
from ..runtime.instance import Instance
from ._common import CliError, iree_bool
from .inputs import annotate
from .task_flags import add_task_flags, local_task_uri, task_flag_values

# (flag, kind, IREE's default): flags of IREE's CUDA and Vulkan drivers,
# which IREE's official runtime lends ireec (hal/_borrowed_drivers.py) and
# which read them from that runtime's flags when a driver is created.
BORROWED_DRIVER_FLAGS = (
    ("cuda_use_streams", "bool", True),
    ("cuda_allow_inline_execution", "bool", False),
    ("cuda_async_allocations", "bool", True),
    ("cuda_tracing", "int", 2),
    ("cuda_default_index", "int", 0),
    ("cuda_default_index_from_mpi", "bool", True),
    ("vulkan_validation_layers", "bool", False),
    ("vulkan_debug_utils", "bool", False),
    ("vulkan_debug_verbosity", "int", 2),
    ("vulkan_tracing", "bool", True),
    ("vulkan_robust_buffer_access", "bool", False),
    ("vulkan_sparse_binding", "bool", True),
    ("vulkan_sparse_residency", "bool", True),
    ("vulkan_buffer_device_addresses", "bool", True),
    ("vulkan_dedicated_compute_queue", "bool", False),
)

# The HIP driver's flags. ireec's HIP driver is created with IREE's defaults
# (and IREE_HIP_DYLIB_PATH), so these are accepted at their defaults and
# whenever no HIP device is created, and refused otherwise.
HIP_FLAGS = (
    ("hip_use_streams", "bool", True),
    ("hip_allow_inline_execution", "bool", False),
    ("hip_async_allocations", "bool", True),
    ("hip_async_caching", "bool", True),
    ("hip_tracing", "int", 2),
    ("hip_default_index", "int", 0),
)

PROFILING_MODES = {
    "queue": "IREE_HAL_DEVICE_PROFILING_MODE_QUEUE_OPERATIONS",
    "dispatch": "IREE_HAL_DEVICE_PROFILING_MODE_DISPATCH_COUNTERS",
    "executable": "IREE_HAL_DEVICE_PROFILING_MODE_EXECUTABLE_COUNTERS",
}


def iree_argv(argv: Sequence[str], parser: argparse.ArgumentParser) -> list[str]:
    """`argv` with each `--name="value"` unquoted, as IREE's flag parser does
    for its single-valued string flags (values longer than the two quotes, so
    `--name=""` stays `""`); list flags (`--module`, `--input`, ...) keep
    their quotes, as in IREE."""
    lists = {option for action in parser._actions
             if isinstance(action, argparse._AppendAction)
             for option in action.option_strings}
    out = []
    for arg in argv:
        name, sep, value = arg.partition("=")
        if (arg.startswith("--") and sep and len(value) > 2 and name not in lists
                and value[0] == '"' and value[-1] == '"'):
            arg = f"{name}={value[1:-1]}"
        out.append(arg)
    return out


def _add_typed(parser, name: str, kind: str, default, help: str) -> None:
    if kind == "bool":
        parser.add_argument(f"--{name}", nargs="?", const=True, default=default,
                            type=iree_bool, metavar="true|false", help=help)
    else:
        parser.add_argument(f"--{name}", type=int, default=default, metavar="N",
                            help=help)


def add_iree_flags(parser: argparse.ArgumentParser) -> None:
    """Adds IREE's driver, task, device and context flags to `parser`."""
    for name, kind, default in BORROWED_DRIVER_FLAGS:
        _add_typed(parser, name, kind, default,
                   "IREE's own, read by its driver when a device of it is created")
    for name, kind, default in HIP_FLAGS:
        _add_typed(parser, name, kind, default,
                   f"the HIP driver's; only IREE's default ({default}) is supported")
    parser.add_argument("--hip_dylib_path", action="append", default=[],
                        metavar="PATH", help="not supported: set IREE_HIP_DYLIB_PATH")
    parser.add_argument("--executable_plugin", action="append", default=[],
                        metavar="PATH", help="not supported by ireec's local-task loaders")
    add_task_flags(parser)
    parser.add_argument("--device_allocator", action="append", default=[],
                        metavar="SPEC",
                        help="an allocator spec wrapping each device's allocator "
                             "(e.g. caching); repeat for several")
    parser.add_argument("--device_lead_allocator", type=int, default=0, metavar="N",
                        help="the device allocating for all devices; only 0 (the "
                             "first, IREE's default) is supported")
    parser.add_argument("--device_profiling_mode", default="", metavar="MODE",
                        help="HAL device profiling around the call: queue, "
                             "dispatch or executable")
    parser.add_argument("--device_profiling_file", default="", metavar="PATH",
                        help="the profiling output file, for devices that write one")
    parser.add_argument("--instrument_file", default="", metavar="PATH",
                        help="file to write the program's instrument data to")
    parser.add_bool_flag("--trace_execution",
                         "trace VM execution to stderr (compiled out of this "
                         "runtime, as of IREE's 3.9 tools: prints nothing)")


def refusals(args: argparse.Namespace, uris: Sequence[str]) -> None:
    """Raises a CliError naming the first flag in `args` ireec cannot honour,
    and why."""
    if args.executable_plugin:
        raise CliError(f"--executable_plugin={args.executable_plugin[0]}: executable "
                       f"plugins are not supported: ireec's local-task devices load "
                       f"executables without a plugin manager",
                       lib.IREE_STATUS_UNIMPLEMENTED)
    if args.device_lead_allocator != 0:
        raise CliError(f"--device_lead_allocator={args.device_lead_allocator}: only 0 "
                       f"is supported: ireec's HAL module allocates with the first "
                       f"device", lib.IREE_STATUS_UNIMPLEMENTED)
    if any(uri.partition(":")[0] == "hip" for uri in uris):
        if args.hip_dylib_path:
            raise CliError("--hip_dylib_path: not supported: ireec's HIP driver "
                           "searches IREE_HIP_DYLIB_PATH (set that instead)",
                           lib.IREE_STATUS_UNIMPLEMENTED)
        for name, _, default in HIP_FLAGS:
            if getattr(args, name) != default:
                raise CliError(f"--{name}={getattr(args, name)}: not supported: "
                               f"ireec creates its HIP driver with IREE's default "
                               f"({default})", lib.IREE_STATUS_UNIMPLEMENTED)


def dump_task_topologies(args: argparse.Namespace) -> None:
    """`--dump_task_topologies`: IREE's own dump, by the runtime's flag
    parser handed the task flags given and the dump flag; as in IREE, it
    prints the topologies and ends the process (exit status 0). Returns
    only when there is nothing to dump."""
    if not args.dump_task_topologies:
        return
    words = [b"ireec"]
    words += [f"--task_{name}={value}".encode() for name, value in task_flag_values(args)]
    words.append(b"--dump_task_topologies")
    keep = [ffi.new("char[]", word) for word in words]
    argv = ffi.new("char*[]", keep)
    argv_ptr = ffi.new("char**[1]", [argv])
    argc = ffi.new("int*", len(words))
    sys.stdout.flush()
    sys.stderr.flush()
    check_status(lib.iree_flags_parse(lib.IREE_FLAGS_PARSE_MODE_DEFAULT, argc, argv_ptr))


def set_borrowed_driver_flags(args: argparse.Namespace, uris: Sequence[str]) -> None:
    """Hands the `--cuda_*`/`--vulkan_*` flags given other than at IREE's
    defaults to the runtime lending those drivers, before a device of one is
    created (IREE's drivers read them then, as in IREE's tools)."""
    drivers = {uri.partition(":")[0] for uri in uris} & set(_borrowed_drivers.DRIVERS)
    flags = [f"--{name}={str(getattr(args, name)).lower()}"
             for name, _, default in BORROWED_DRIVER_FLAGS
             if name.partition("_")[0] in drivers and getattr(args, name) != default]
    if flags:
        _borrowed_drivers.parse_flags(flags)


def device_uris(args: argparse.Namespace, default_uri: str) -> list[str]:
    """The URIs of the devices to create: each `--device=` (or the default),
    the `--task_*` flags carried onto every local-task one."""
    params = task_flag_values(args)
    return [local_task_uri(uri, params) for uri in (args.device or [default_uri])]


def create_devices(instance: Instance, args: argparse.Namespace, default_uri: str) -> tuple[list[str], list[Device]]:
    """(URIs, devices) for the tool's `--device=` flags, with the task flags
    applied and each device's allocator configured by `--device_allocator`."""
    uris = device_uris(args, default_uri)
    refusals(args, uris)
    set_borrowed_driver_flags(args, uris)
    devices: list[Device] = []
    try:
        for uri in uris:
            devices.append(instance.create_device(uri))
            if args.device_allocator:
                # The views point into `keep`'s buffers while IREE reads them.
                keep = [string_view(spec) for spec in args.device_allocator]
                specs = ffi.new("iree_string_view_t[]", [view for view, _ in keep])
                with use(devices[-1]) as (device,):
                    check_status(lib.iree_hal_configure_allocator_from_specs(
                        len(args.device_allocator), specs, device))
    except BaseException:
        for device in devices:
            device.close()
        raise
    return uris, devices


def profiling_options(args: argparse.Namespace) -> "tuple[CData, CData] | None":
    """The iree_hal_device_profiling_options_t `--device_profiling_mode`
    asks for (kept alive with its file path), or None when it is empty."""
    mode = args.device_profiling_mode
    if not mode:
        return None
    if mode not in PROFILING_MODES:
        raise CliError(f"unsupported profiling mode '{mode}'")
    options = ffi.new("iree_hal_device_profiling_options_t*")
    options.mode = getattr(lib, PROFILING_MODES[mode])
    path = ffi.new("char[]", args.device_profiling_file.encode())
    options.file_path = path
    return options, path


def begin_profiling(devices: Sequence[Device], options: "tuple[CData, CData] | None") -> None:
    """Begins profiling on each of `devices` (iree_hal_device_profiling_begin)
    with `options`, when profiling was asked for.
    """
    for device in devices if options else ():
        try:
            with use(device) as (device_ptr,):
                check_status(lib.iree_hal_device_profiling_begin(device_ptr, options[0]))
        except IreeError as e:
            raise annotate(e, "beginning device profiling") from None


def end_profiling(devices: Sequence[Device], options: "tuple[CData, CData] | None") -> None:
    """Ends profiling on each of `devices` (iree_hal_device_profiling_end), when
    profiling was asked for.
    """
    for device in devices if options else ():
        try:
            with use(device) as (device_ptr,):
                check_status(lib.iree_hal_device_profiling_end(device_ptr))
        except IreeError as e:
            raise annotate(e, "ending device profiling") from None


def write_instrument_file(args: argparse.Namespace, with_instruments: Sequence[str]) -> None:
    """`--instrument_file`: created (or truncated) even with nothing to write,
    as IREE does; `with_instruments`, the modules that export
    `__query_instruments`, are refused (ireec does not collect their data)."""
    path = args.instrument_file
    if not path:
        return
    if with_instruments:
        raise CliError(f"--instrument_file={path}: not supported: module "
                       f"'{with_instruments[0]}' has instrument data and ireec does "
                       f"not collect it", lib.IREE_STATUS_UNIMPLEMENTED)
    try:
        open(path, "wb").close()
    except OSError as e:
        raise CliError(f"failed to open instrument file '{path}' for writing: "
                       f"{e.strerror}", lib.IREE_STATUS_PERMISSION_DENIED
                       if isinstance(e, PermissionError) else lib.IREE_STATUS_NOT_FOUND
                       ) from e
