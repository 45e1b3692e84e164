"""iree-run-module's parameter flags for ireec's tools: `--parameters=[scope=]path`
(repeatable) and `--parameter_mode=file|preload` (ireec adds `mmap`).

Each `--parameters` file is indexed into its scope's index, in order (a key
in two files of one scope resolves to the first, as in IREE); the session
registers the io_parameters module over all scopes before the first module
is loaded.
"""

from __future__ import annotations

import argparse

from ..errors import IreeError
from ..runtime.session import Session
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
