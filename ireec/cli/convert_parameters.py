"""`python -m ireec convert-parameters`: IREE's iree-convert-parameters over
ireec. Writes the parameters of one or more parameter files (.irpa, .gguf,
.safetensors, given as iree-run-module takes them: `--parameters=[scope=]file`)
into one parameter archive (.irpa), editing them on the way::

    --exclude=name                  leave a parameter out
    --rename=old=new                add it under another name
    --splat=name[=type=value]       replace its contents by a splat of `value`
                                    (`f32=4.5`, `x32=CAFEF00D`; zero if omitted)
    --strip                         replace every parameter (not --splat) by
                                    zeros
    --output=file.irpa, --quiet     as iree-create-parameters

Parameters keep their order (scopes in the order first named), metadata and
splats; each one's bytes are copied into the archive 64-byte aligned. The
archive is laid out as IREE's builder lays it out (`ireec.io.irpa_builder`),
and the listing printed is iree-convert-parameters'.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Sequence

from ..io.index_entry import entry_key
from ..io.irpa_builder import ArchiveBuilder, add_index_entry
from ..io.parameters import read_entries
from ._common import CliError, FlagParser, expand_flagfiles, run_tool
from .parameters import (
    add_parameter_flags,
    add_quiet_and_output_flags,
    parameter_indices,
    print_archive,
    typed_splat_pattern,
)

if TYPE_CHECKING:
    from ..types import CData

DESCRIPTION = """\
Converts supported parameter file formats into IREE Parameter Archives
(.irpa) files, as iree-convert-parameters does. Provide one or more input
parameter files in the same form as expected by run-module
(--parameters=foo.gguf) and an output file with --output=file.irpa."""


def _renamed(key: bytes, renames: Sequence[str]) -> bytes:
    for spec in renames:
        old, _, new = spec.partition("=")
        if os.fsencode(old) == key:
            return os.fsencode(new)
    return key


def _splat_for(key: bytes, splats: Sequence[str], strip: bool) -> bytes | None:
    """The pattern replacing parameter `key`'s contents, or None to keep them."""
    for spec in splats:
        name, _, value = spec.partition("=")
        if os.fsencode(name) == key:
            return typed_splat_pattern(value)
    return b"\0" if strip else None


def convert(args: argparse.Namespace) -> None:
    """Writes the archive of every --parameters file's entries, edited by the
    flags (iree_tooling_convert_parameters, then iree_io_build_parameter_archive)."""
    builder = ArchiveBuilder()
    indices = parameter_indices(args)  # holds the entries' files until written
    excluded = {os.fsencode(name) for name in args.exclude}
    def add(entry: CData) -> None:
        key = entry_key(entry)
        if key not in excluded:
            key = _renamed(key, args.rename)
            add_index_entry(builder, entry, key, _splat_for(key, args.splat, args.strip))

    for index in indices.values():
        read_entries(index, add)
    if not args.output:
        raise CliError("no --output= file given")
    builder.write(args.output)
    for index in indices.values():
        index.close()


def main(argv: Sequence[str] | None = None,
         prog: str = "python -m ireec convert-parameters") -> int:
    """`python -m ireec convert-parameters ARGV...`: iree-convert-parameters
    on ireec; returns the exit status.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = FlagParser(prog=prog, description=DESCRIPTION)
    add_parameter_flags(parser)
    parser.add_argument("--exclude", action="append", default=[], metavar="NAME",
                        help="excludes a named parameter from the resulting file")
    parser.add_argument("--rename", action="append", default=[], metavar="OLD=NEW",
                        help="renames a parameter when adding it to the resulting file")
    parser.add_bool_flag("--strip", "strips all parameters by replacing them with zeros")
    parser.add_argument("--splat", action="append", default=[], metavar="NAME[=TYPE=VALUE]",
                        help="turns a parameter into a splat of 0 (--splat=name) or of "
                             "a typed value (--splat=name=f32=4.5, --splat=name=x32=CAFEF00D)")
    add_quiet_and_output_flags(parser)
    parser.add_argument("--verbose", action="store_true",
                        help="on failure, print the full traceback")

    def body() -> int:
        args = parser.parse_args(expand_flagfiles(argv))
        convert(args)
        if not args.quiet:
            print_archive(args.output, sys.stdout)
        return 0

    return run_tool(prog, body, "--verbose" in argv)
