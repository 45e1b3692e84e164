"""`python -m ireec dump-parameters`: IREE's iree-dump-parameters over ireec.
Lists the parameters of the files given as iree-run-module takes them
(`--parameters=[scope=]file`, `--parameter_mode`), one table per scope, as the
runtime indexes them; `--extract=[scope::]key=file.bin` (repeatable) writes a
parameter's bytes to a file.

The listing is IREE's (iree_io_parameter_index_dump). iree-dump-parameters
3.9 extracts only from files read whole (--parameter_mode=preload) and fails
otherwise; ireec also extracts from files read as needed or mapped. A splat
cannot be extracted (FAILED_PRECONDITION, as in IREE).
"""

from __future__ import annotations

import argparse
import sys
from typing import IO, Sequence

from .._core.library import lib
from ..errors import IreeError
from ..io.parameters import ParameterIndex
from ._common import CliError, FlagParser, expand_flagfiles, run_tool
from .inputs import annotate
from .parameters import add_parameter_flags, parameter_indices


def split_extract_flag(flag: str) -> tuple[str, str, str]:
    """(scope, key, path) of `[scope::]key=path`. As IREE splits it: the
    scope ends at the first ':' and the key starts two characters later."""
    identifier, _, path = flag.partition("=")
    colon = identifier.find(":")
    if colon < 0:
        return "", identifier, path
    return identifier[:colon], identifier[colon + 2:], path


def extract(indices: dict[str, ParameterIndex], flag: str, out: IO[str]) -> None:
    """Writes the bytes of the parameter `flag` names to its file."""
    scope, key, path = split_extract_flag(flag)
    index = indices.setdefault(scope, ParameterIndex())
    if key not in index:
        raise CliError(f"no parameter found in index with key '{key}'",
                       lib.IREE_STATUS_NOT_FOUND)
    entry = index[key]
    shown = f"{scope}::{key}" if scope else key
    out.write(f"Extracting parameter `{shown}` ({entry.length}b) to `{path}`...\n")
    if entry.storage != "file":
        raise CliError(f"cannot extract parameters of type "
                       f"{lib.IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_SPLAT}",
                       lib.IREE_STATUS_FAILED_PRECONDITION)
    data = index.read(key)
    with open(path, "wb") as f:
        f.write(data)


def main(argv: Sequence[str] | None = None,
         prog: str = "python -m ireec dump-parameters") -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = FlagParser(prog=prog, description=(
        "Dumps information about parsed parameter files, as iree-dump-parameters "
        "does: each scope's parameters as the runtime indexes them."))
    add_parameter_flags(parser)
    parser.add_argument("--extract", action="append", default=[],
                        metavar="[SCOPE::]KEY=FILE",
                        help="extracts a parameter to a file")
    parser.add_argument("positional", nargs="*", help=argparse.SUPPRESS)
    parser.add_argument("--verbose", action="store_true",
                        help="on failure, print the full traceback")

    def body() -> int:
        args = parser.parse_args(expand_flagfiles(argv))
        if args.positional:
            print("Error: no positional arguments expected.\nUse one or more "
                  "--parameters=file.ext flags to specify parameter files.",
                  file=sys.stderr)
            return 1
        indices = parameter_indices(args)
        sys.stdout.write("".join(index.dump(scope) for scope, index in indices.items()))
        for flag in args.extract:
            try:
                extract(indices, flag, sys.stdout)
            except (IreeError, CliError) as e:
                raise annotate(e, f"extracting parameter with flag `{flag}`") from None
        return 0

    return run_tool(prog, body, "--verbose" in argv)
