"""ireec's command-line tools, and `python -m ireec`'s dispatch to them.

    python -m ireec config --cflags | --cxxflags | --libs | --include
    python -m ireec run-module --module=prog.vmfb --input=4xf32=1,2,3,4 ...
    python -m ireec benchmark-module --module=prog.vmfb --function=f --input=...
    python -m ireec dump-devices [DRIVER]
    python -m ireec dump-module [--output=metadata|flatbuffer-json|...] prog.vmfb
    python -m ireec cpuinfo
    python -m ireec create-parameters --data=w=4xf32=1 --splat=b=4xf32 --output=p.irpa
    python -m ireec convert-parameters --parameters=w.safetensors --output=w.irpa
    python -m ireec dump-parameters --parameters=w.irpa [--extract=key=w.bin]

`run-module` is IREE's iree-run-module (also installed as `ireec-run-module`;
same flags, same output) over ireec's Session; `python -m ireec TOOL --help`
lists a tool's flags. Each tool is a module with a `main(argv, prog) -> exit
code` function; nothing here runs on import.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# Each tool: its module and what it does. Their parsers take the rest of the
# command line as it is (IREE-style flags).
TOOLS = {
    "run-module": ("ireec.cli.run_module",
                   "run a function of a compiled module, as iree-run-module does"),
    "benchmark-module": ("ireec.cli.benchmark_module",
                         "benchmark a function of a compiled module, as "
                         "iree-benchmark-module does"),
    "dump-devices": ("ireec.cli.dump_devices",
                     "the HAL drivers, their devices, and what each is"),
    "dump-module": ("ireec.cli.dump_module",
                    "a compiled module's contents, as iree-dump-module prints them"),
    "cpuinfo": ("ireec.cli.cpuinfo",
                "the host CPU's features as the runtime sees them, as iree-cpuinfo"),
    "create-parameters": ("ireec.cli.create_parameters",
                          "create a parameter archive (.irpa), as "
                          "iree-create-parameters does"),
    "convert-parameters": ("ireec.cli.convert_parameters",
                           "convert parameter files into one parameter archive, as "
                           "iree-convert-parameters does"),
    "dump-parameters": ("ireec.cli.dump_parameters",
                        "list (and extract) the parameters of parameter files, as "
                        "iree-dump-parameters does"),
    "config": ("ireec.cli.config", "compiler and linker flags for C programs using ireec"),
}


def version_text() -> str:
    """`python -m ireec --version`: ireec's version, the runtime it loaded and
    the compiler its programs need."""
    import ireec
    from ireec._core.runtime_location import IREE_COMMIT, RUNTIME_DISTRIBUTION, RUNTIME_VERSION
    from ireec.runtime.advice import COMPILER_REQUIREMENT

    return (f"ireec {ireec.__version__}: IREE runtime {RUNTIME_DISTRIBUTION}=={RUNTIME_VERSION} "
            f"(IREE {IREE_COMMIT[:12]}, {ireec.RUNTIME_LIBRARY_PATH}); compile programs "
            f"with {COMPILER_REQUIREMENT}")


def main(argv: list[str] | None = None) -> int:
    """`python -m ireec TOOL ARGS...`: runs TOOL with ARGS."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv == ["--version"]:
        print(version_text())  # one line, unwrapped (argparse would wrap it)
        return 0
    if argv and argv[0] in TOOLS:
        prog = f"python -m ireec {argv[0]}"
        try:
            tool = importlib.import_module(TOOLS[argv[0]][0])
        except (ImportError, RuntimeError) as e:
            # No runtime to run on (shortfin missing, a refused library): the
            # tools' one-line error, exit status UNAVAILABLE.
            print(f"{prog}: error: {' '.join(str(e).split())}", file=sys.stderr)
            return 14
        return tool.main(argv[1:], prog=prog)
    parser = argparse.ArgumentParser(prog="python -m ireec")
    parser.add_argument("--version", action="version", version=version_text())
    commands = parser.add_subparsers(dest="command", required=True)
    for name, (_, help_text) in TOOLS.items():
        # Listed for --help; never parsed here (see above).
        commands.add_parser(name, help=help_text, add_help=False)
    parser.parse_args(argv)
    return 2
