"""Command line: `python -m ireec config --cflags | --libs | --include`."""

from __future__ import annotations

import argparse
import sys


def _config(args: argparse.Namespace) -> int:
    import ireec

    runtime = ireec.RUNTIME_LIBRARY_PATH
    lib_dir = ireec.get_library_dir()
    words = []
    if args.include:
        words.append(ireec.get_include())
    if args.cflags:
        words.append(f"-I{ireec.get_include()}")
    if args.libs:
        # -l: takes the runtime's versioned file name as it is; the rpaths let
        # the program find both libraries where ireec found them.
        words += [f"-L{lib_dir}", "-lireec_runtime",
                  f"-L{runtime.parent}", f"-l:{runtime.name}",
                  f"-Wl,-rpath,{lib_dir}", f"-Wl,-rpath,{runtime.parent}",
                  "-lpthread"]
    print(" ".join(words))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ireec")
    commands = parser.add_subparsers(dest="command", required=True)
    config = commands.add_parser(
        "config", help="compiler and linker flags for C programs using ireec")
    config.add_argument("--cflags", action="store_true",
                        help="flags to compile against ireec's IREE headers")
    config.add_argument("--libs", action="store_true",
                        help="flags to link against ireec and the IREE runtime")
    config.add_argument("--include", action="store_true",
                        help="the include directory")
    args = parser.parse_args(argv)
    if args.command == "config":
        if not (args.cflags or args.libs or args.include):
            config.error("give at least one of --cflags, --libs, --include")
        return _config(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
