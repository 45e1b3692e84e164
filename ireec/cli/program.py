"""What iree-run-module and iree-benchmark-module share: the flags naming
what they run (--module, --module_mode, --device, --function, --input), the
modules loaded into a session from them, the function found in the last one,
and results released and memory statistics printed at the end."""

from __future__ import annotations

import mmap
import os
import sys
from typing import TYPE_CHECKING

from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import from_string_view, string_view
from ..errors import IreeError, NotFoundError
from ..hal.buffer_view import BufferView
from ..hal.device import Device
from ..runtime.session import Session
from ..vm.buffer import Buffer
from ..vm.list import List
from ._common import CliError, FlagParser
from .inputs import annotate

if TYPE_CHECKING:
    from ..types import CData

DEFAULT_DEVICE = "local-task"

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


def is_dynamic_library(path: str) -> bool:
    """Whether `path` names a native library (a module ireec cannot load)."""
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




# ---------------------------------------------------------------------------
# Modules and the function to run
# ---------------------------------------------------------------------------

def load_modules(session: Session, specs: list[str], mode: str) -> None:
    """Loads the --module files `specs` (- for stdin) into `session` in
    order, read as --module_mode says (preload or mmap)."""
    if not specs:
        raise CliError("no user module specified; use --module=file.vmfb to load from "
                       "a file or --module=- to load from stdin")
    for spec in specs:
        try:
            if spec == "-":
                session.load_module(sys.stdin.buffer.read())
            elif is_dynamic_library(spec):
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


def main_module_name(session: Session) -> str:
    """The name of the last module loaded: the one --function names a
    function of."""
    with use(session) as (session_ptr,):
        return from_string_view(lib.iree_vm_module_name(_last_module(session_ptr)))


def main_module_exports(session: Session) -> list[str]:
    """The names of every export of the last module loaded, in its order."""
    function = ffi.new("iree_vm_function_t*")
    names = []
    with use(session) as (session_ptr,):
        module = _last_module(session_ptr)
        for i in range(lib.iree_vm_module_signature(module).export_function_count):
            check_status(lib.iree_vm_module_lookup_function_by_ordinal(
                module, lib.IREE_VM_FUNCTION_LINKAGE_EXPORT, i, function))
            names.append(from_string_view(lib.iree_vm_function_name(function)))
    return names


def _last_module(session: CData) -> CData:
    """The last module of the session `session` (a pointer the caller holds
    a use of)."""
    context = lib.iree_runtime_session_context(session)
    return lib.iree_vm_context_module_at(context, lib.iree_vm_context_module_count(context) - 1)


def modules_with_instruments(session: Session) -> list[str]:
    """The names of the session's modules that export `__query_instruments`
    (instrumented programs, as IREE's --instrument_file looks for them)."""
    names = []
    function = ffi.new("iree_vm_function_t*")
    query, _owner = string_view("__query_instruments")
    with use(session) as (session_ptr,):
        context = lib.iree_runtime_session_context(session_ptr)
        for i in range(lib.iree_vm_context_module_count(context)):
            module = lib.iree_vm_context_module_at(context, i)
            status = lib.iree_vm_module_lookup_function_by_name(
                module, lib.IREE_VM_FUNCTION_LINKAGE_EXPORT_OPTIONAL, query, function)
            if status:
                lib.iree_status_ignore(status)
            else:
                names.append(from_string_view(lib.iree_vm_module_name(module)))
    return names


def resolve_function(session: Session, name: str):
    """(the short name EXEC prints, the session's Function)."""
    module_name = main_module_name(session)
    if not name:
        # The callable exports: not internal (`__init`, ...) nor special
        # (names with `$`).
        names = [export for export in main_module_exports(session)
                 if not export.startswith("__") and "$" not in export]
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
# The end of a run
# ---------------------------------------------------------------------------

def release(values) -> None:
    """Releases the buffer views in `values` now: statistics printed at exit
    must not count memory only the garbage collector would have freed."""
    for value in values or ():
        if isinstance(value, (BufferView, List, Buffer)):
            value.close()  # (a List's elements go with it)
        elif isinstance(value, list):
            release(value)


def print_statistics(devices: list[Device], uris: list[str]) -> None:
    """--print_statistics: each device's allocator statistics on stderr."""
    sys.stdout.flush()
    for i, (device, uri) in enumerate(zip(devices, uris)):
        text = str(device.allocator.query_statistics())
        # One device: iree-run-module's exact header; several: say which.
        which = f": device {i}, {uri}" if len(devices) > 1 else ""
        sys.stderr.write(f"[[ iree_hal_allocator_t memory statistics{which} ]]\n{text}")
    sys.stderr.flush()
