"""`python -m ireec create-parameters`: IREE's iree-create-parameters over
ireec. Writes a parameter archive (.irpa) of declared parameters:

    --splat=name=shapextype[=value]   a splat: `value` repeated (zero if
                                      omitted), stored in no file
    --data=name=shapextype[=value]    data stored in the archive: `value`
                                      repeated, or zeros
    --alignment=N                     where each data parameter starts,
                                      relative to the storage segment (64)
    --output=file.irpa                the archive to write
    --quiet                           do not list the archive written

The shape and type give the parameter's size (`8x2xi4` may be declared
`8xi8`, `1xi64`, ...) and the value's type. Splats come first in the archive,
then data in the order given. The archive is laid out as IREE's builder lays
it out (`ireec.io.irpa_builder`), and the listing printed is
iree-create-parameters' (the archive's index, as iree-dump-parameters shows
it). Where iree-create-parameters 3.9 fails to write a --data value other
than zero ("write failed"), ireec writes it.
"""

from __future__ import annotations

import math
import sys
from typing import NamedTuple, Sequence

from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import string_view
from .._core.validate import checked_dims
from ..hal.element_type import element_bit_count, element_dense_byte_count
from ..io.irpa_builder import ArchiveBuilder, fill_source
from ..io.parameter_archive import DATA_ALIGNMENT
from ._common import CliError, FlagParser, expand_flagfiles, int64_flag, run_tool
from .parameters import add_quiet_and_output_flags, element_pattern, print_archive

# iree-create-parameters parses shapes of up to this rank.
_MAX_RANK = 16

DESCRIPTION = """\
Creates IREE Parameter Archive (.irpa) files, as iree-create-parameters does.
Provide zero or more parameter value declarations and an output file with
--output=file.irpa to produce a new file with zeroed or patterned contents.
Example: --data=my.zeroed=4096xf32 --data=my.pattern=8x2xf32=2.1
--splat=my.splat=2x4096xi16=123 --output=params.irpa"""


class ParameterInfo(NamedTuple):
    """A declared parameter: its name, size in bytes, element count and the
    pattern (one element) it repeats."""
    name: str
    storage_size: int
    element_count: int
    pattern: bytes


def parse_declaration(spec: str) -> ParameterInfo:
    """`name=shapextype[=value]` (iree_io_parameter_info_from_string)."""
    name, _, spec_rest = spec.partition("=")
    shape_type, _, contents = spec_rest.partition("=")
    rank = ffi.new("iree_host_size_t*")
    shape = ffi.new("iree_hal_dim_t[]", _MAX_RANK)
    element_type = ffi.new("iree_hal_element_type_t*")
    view, owner = string_view(shape_type)
    check_status(lib.iree_hal_parse_shape_and_element_type(
        view, _MAX_RANK, rank, shape, element_type))
    element = element_type[0]
    bits = element_bit_count(element)
    if bits == 0 or bits % 8:
        raise CliError("opaque and sub-byte aligned element types cannot currently be "
                       "used as splats; use a bitcast type (2xi4=1xi8, etc)")
    dims = list(shape[0:rank[0]])
    storage_size = checked_dims(dims, element)[2]
    pattern = (element_pattern(element, contents, shape_type) if contents else b"\0")
    return ParameterInfo(name, storage_size, math.prod(dims), pattern)


def create_archive(splats: Sequence[str], data: Sequence[str], alignment: int,
                   output: str) -> None:
    builder = ArchiveBuilder(alignment)
    for spec in splats:
        info = parse_declaration(spec)
        builder.add_splat(info.name, info.pattern, info.storage_size)
    for spec in data:
        info = parse_declaration(spec)
        builder.add_data(info.name, info.storage_size,
                         fill_source(info.pattern, info.element_count))
    if not output:
        raise CliError("no --output= file given")
    builder.write(output)


def main(argv: Sequence[str] | None = None,
         prog: str = "python -m ireec create-parameters") -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = FlagParser(prog=prog, description=DESCRIPTION)
    parser.add_argument("--splat", action="append", default=[],
                        metavar="NAME=SHAPExTYPE[=VALUE]",
                        help="a splat parameter: no storage on disk, a repeated value")
    parser.add_argument("--data", action="append", default=[],
                        metavar="NAME=SHAPExTYPE[=VALUE]",
                        help="a data parameter stored in the archive, zeroed or "
                             "the value repeated")
    parser.add_argument("--alignment", type=int64_flag, default=DATA_ALIGNMENT,
                        help="storage data alignment relative to the header")
    add_quiet_and_output_flags(parser)
    parser.add_argument("--verbose", action="store_true",
                        help="on failure, print the full traceback")

    def body() -> int:
        args = parser.parse_args(expand_flagfiles(argv))
        create_archive(args.splat, args.data, args.alignment, args.output)
        if not args.quiet:
            print_archive(args.output, sys.stdout)
        return 0

    return run_tool(prog, body, "--verbose" in argv)
