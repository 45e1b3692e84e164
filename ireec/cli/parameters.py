"""iree-run-module's parameter flags for ireec's tools: `--parameters=[scope=]path`
(repeatable) and `--parameter_mode=file|preload` (ireec adds `mmap`); and what
IREE's parameter tools (create-, convert-, dump-parameters) share.

Each `--parameters` file is indexed into its scope's index, in order (a key
in two files of one scope resolves to the first, as in IREE); the session
registers the io_parameters module over all scopes before the first module
is loaded.
"""

from __future__ import annotations

import argparse
from typing import IO

from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import string_view
from ..errors import IreeError
from ..hal.element_type import element_dense_byte_count, parse_element_type
from ..io.parameter_archive import SPLAT_PATTERN_CAPACITY
from ..io.parameters import ParameterIndex
from ..runtime.session import Session
from ._common import CliError, FlagParser
from .inputs import annotate

PARAMETERS_HELP = """\
a parameter file to make available to programs, with an anonymous scope
(some_file.gguf) or a named one (my_scope=some_file.gguf); repeat for several.
Formats: .irpa (IREE parameter archive), .gguf, .safetensors"""

PARAMETER_MODE_HELP = """\
how parameter files are read: file (IREE's default) reads them as needed with
the platform's file APIs; preload reads them whole into memory on startup;
mmap (ireec's) maps them, reading pages as they are used"""


def add_parameter_flags(parser: argparse.ArgumentParser) -> None:
    """Adds --parameters and --parameter_mode to an argparse parser."""
    parser.add_argument("--parameters", action="append", default=[],
                        metavar="[SCOPE=]PATH", help=PARAMETERS_HELP)
    parser.add_argument("--parameter_mode", default="file",
                        choices=("file", "preload", "mmap"), help=PARAMETER_MODE_HELP)


def split_parameters_flag(spec: str) -> tuple[str, str]:
    """(scope, path) of a --parameters value: split at the first '=', the
    scope empty when there is none (as iree-run-module splits it)."""
    scope, sep, path = spec.partition("=")
    return (scope, path) if sep else ("", spec)


def load_parameter_flags(session: Session, args: argparse.Namespace) -> None:
    """Gives the session every --parameters file, in order."""
    for spec in args.parameters:
        scope, path = split_parameters_flag(spec)
        try:
            session.load_parameters(path, scope, mode=args.parameter_mode)
        except IreeError as e:
            raise annotate(e, f"loading parameters '{spec}'") from None


# ---------------------------------------------------------------------------
# What IREE's parameter tools share: the indices of their --parameters files,
# and splat patterns written as typed values.
# ---------------------------------------------------------------------------

def parameter_indices(args: argparse.Namespace) -> dict[str, ParameterIndex]:
    """One index per scope, in the order scopes first appear, each holding its
    --parameters files' entries in order (iree_tooling_build_parameter_indices_from_flags)."""
    indices: dict[str, ParameterIndex] = {}
    for spec in args.parameters:
        scope, path = split_parameters_flag(spec)
        index = indices.get(scope)
        if index is None:
            index = indices[scope] = ParameterIndex()
        try:
            index.load(path, mode=args.parameter_mode)
        except IreeError as e:
            raise annotate(e, f"loading parameters '{spec}'") from None
    return indices


def element_pattern(element_type: int, text: str, what: str) -> bytes:
    """The bytes of one element of `element_type` written as `text`
    (iree_hal_parse_element): a splat's pattern. `what` names the type in
    the error when its element is too large for a pattern."""
    size = element_dense_byte_count(element_type)
    if size > SPLAT_PATTERN_CAPACITY:
        raise CliError(f"element type size for {what} out of range of splat patterns",
                       lib.IREE_STATUS_OUT_OF_RANGE)
    pattern = ffi.new("uint8_t[]", SPLAT_PATTERN_CAPACITY)
    view, owner = string_view(text)
    try:
        check_status(lib.iree_hal_parse_element(
            view, element_type, lib.iree_make_byte_span(pattern, SPLAT_PATTERN_CAPACITY)))
    except IreeError as e:
        raise annotate(e, f"parsing '{text}' as {what}") from None
    return bytes(pattern[0:size])


def typed_splat_pattern(spec: str) -> bytes:
    """A `type=value` splat (`f32=4.5`, `x32=CAFEF00D`) as its pattern's
    bytes; empty: one zero byte (iree-convert-parameters' --splat)."""
    if not spec:
        return b"\0"
    type_text, _, value = spec.partition("=")
    return element_pattern(parse_element_type(type_text), value, type_text)


def add_quiet_and_output_flags(parser: FlagParser) -> None:
    """--quiet and --output, as IREE's tools writing an archive take them."""
    parser.add_bool_flag("--quiet", "silences additional stdout output when not needed")
    parser.add_argument("--output", default="", metavar="PATH", help="output .irpa file path")


def print_archive(path: str, out: IO[str]) -> None:
    """The index of the archive written to `path`, as IREE's tools print the
    index they built (iree_io_parameter_index_fprint, global scope)."""
    index = ParameterIndex().load(path, mode="file")
    try:
        out.write(index.dump())
    finally:
        index.close()
