"""Command line.

    python -m ireec config --cflags | --cxxflags | --libs | --include
    python -m ireec run-module --module=prog.vmfb --input=4xf32=1,2,3,4 ...
    python -m ireec benchmark-module --module=prog.vmfb --function=f --input=...
    python -m ireec dump-devices [DRIVER]

`run-module` is IREE's iree-run-module (also installed as `ireec-run-module`);
`python -m ireec run-module --help` lists its flags.
"""

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
    if args.cxxflags:
        # What C++ needs beyond --cflags: iree/base/status_cc.h (iree::Status,
        # iree::StatusOr) is written for C++17, as IREE's C++ is.
        words.append("-std=c++17")
    if args.libs:
        # -l: takes the runtime's versioned file name as it is; the rpaths let
        # the program find both libraries where ireec found them.
        words += [f"-L{lib_dir}", "-lireec_runtime",
                  f"-L{runtime.parent}", f"-l:{runtime.name}",
                  f"-Wl,-rpath,{lib_dir}", f"-Wl,-rpath,{runtime.parent}",
                  "-lpthread"]
    print(" ".join(words))
    return 0


def _version_text() -> str:
    import ireec
    from ireec._runtime_location import IREE_COMMIT, RUNTIME_DISTRIBUTION, RUNTIME_VERSION
    from ireec.advice import COMPILER_REQUIREMENT

    return (f"ireec {ireec.__version__}: IREE runtime {RUNTIME_DISTRIBUTION}=={RUNTIME_VERSION} "
            f"(IREE {IREE_COMMIT[:12]}, {ireec.RUNTIME_LIBRARY_PATH}); compile programs "
            f"with {COMPILER_REQUIREMENT}")


# Commands with their own parsers (IREE-style flags), handed the rest of the
# command line as it is.
_TOOLS = {
    "run-module": ("ireec.cli.run_module",
                   "run a function of a compiled module, as iree-run-module does"),
    "benchmark-module": ("ireec.cli.benchmark_module",
                         "benchmark a function of a compiled module, as "
                         "iree-benchmark-module does"),
    "dump-devices": ("ireec.cli.dump_devices",
                     "the HAL drivers, their devices, and what each is"),
}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv == ["--version"]:
        print(_version_text())  # one line, unwrapped (argparse would wrap it)
        return 0
    if argv and argv[0] in _TOOLS:
        import importlib

        prog = f"python -m ireec {argv[0]}"
        try:
            tool = importlib.import_module(_TOOLS[argv[0]][0])
        except (ImportError, RuntimeError) as e:
            # No runtime to run on (shortfin missing, a refused library): the
            # tools' one-line error, exit status UNAVAILABLE.
            print(f"{prog}: error: {' '.join(str(e).split())}", file=sys.stderr)
            return 14
        return tool.main(argv[1:], prog=prog)
    parser = argparse.ArgumentParser(prog="python -m ireec")
    parser.add_argument("--version", action="version", version=_version_text())
    commands = parser.add_subparsers(dest="command", required=True)
    for name, (_, help_text) in _TOOLS.items():
        # Listed for --help; never parsed here (see above).
        commands.add_parser(name, help=help_text, add_help=False)
    config = commands.add_parser(
        "config", help="compiler and linker flags for C programs using ireec")
    config.add_argument("--cflags", action="store_true",
                        help="flags to compile against ireec's IREE headers")
    config.add_argument("--cxxflags", action="store_true",
                        help="what C++ needs beyond --cflags (the language standard)")
    config.add_argument("--libs", action="store_true",
                        help="flags to link against ireec and the IREE runtime")
    config.add_argument("--include", action="store_true",
                        help="the include directory")
    args = parser.parse_args(argv)
    if args.command == "config":
        if not (args.cflags or args.cxxflags or args.libs or args.include):
            config.error("give at least one of --cflags, --cxxflags, --libs, --include")
        return _config(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
