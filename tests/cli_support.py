"""What the tests of ireec's command-line tools share: IREE's own tools
(iree-run-module, iree-benchmark-module, iree-dump-module, iree-cpuinfo and
the parameter tools 3.9, from iree-base-runtime, in ireec's [test] extra), run
on the same command lines as `python -m ireec TOOL`; the inputs and programs
they run; and the one-line form of ireec's failures."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from child_process import ChildResult, run_ireec, run_program, working_directory
from locations import PROGRAMS_DIR

SIMPLE_MUL_INPUTS = ("--input=4xf32=1,2,3,4", "--input=4xf32=10,20,30,40")
# simple_mul named, as iree-benchmark-module needs it to benchmark a
# function with inputs.
SIMPLE_MUL_CALL = ("--function=simple_mul", *SIMPLE_MUL_INPUTS)
# Few iterations: the benchmark tests compare shapes and names, not times.
QUICK = ("--benchmark_min_time=20x",)

# A program for two devices (as IREE's multi-device tool test,
# tools/test/iree-run-module-multi.mlir): one multiply on each, the value
# moved between them. Compiled async-external for local[0] and local[1] (the
# tools supply the fences), with a backend's flags added.
TWO_DEVICES_PROGRAM = PROGRAMS_DIR / "two_devices.mlir"
TWO_LOCAL_DEVICES = (
    "--iree-execution-model=async-external",
    "--iree-hal-target-device=device_a=local[0]",
    "--iree-hal-target-device=device_b=local[1]",
)
VMVX_ON_TWO_DEVICES = (*TWO_LOCAL_DEVICES, "--iree-hal-local-target-device-backends=vmvx")


def iree_tool(name: str) -> str:
    """IREE's own tool from iree-base-runtime, installed beside this Python."""
    path = Path(sys.executable).parent / name
    if not path.exists():
        pytest.fail(f"{name} not found beside {sys.executable}: install "
                    f"iree-base-runtime==3.9.0 (it is in ireec's [test] extra)")
    return str(path)


def run_iree_tool(name: str, *args: object, **options) -> ChildResult:
    """IREE's tool `name` with ARGS, as child_process.run_program runs it."""
    return run_program(iree_tool(name), *args, **options)


def run_both(tool: str, *args: object, stdin: bytes | None = None,
             cwd: str | Path | None = None, text: bool = True
             ) -> tuple[ChildResult, ChildResult]:
    """(IREE's iree-TOOL result, ireec's TOOL result) for the same command
    line, run in the same folder; `tool` is run-module or benchmark-module."""
    with working_directory(cwd) as where:
        return (run_iree_tool(f"iree-{tool}", *args, input=stdin, cwd=where, text=text),
                run_ireec(tool, *args, input=stdin, cwd=where, text=text))


def run_both_apart(tool: str, *args: object, theirs: Path, ours: Path, text: bool = True
                   ) -> tuple[ChildResult, ChildResult]:
    """As run_both, each tool in a folder of its own (`theirs`, `ours`), for
    tools that write files named on the command line."""
    return (run_iree_tool(f"iree-{tool}", *args, cwd=theirs, text=text),
            run_ireec(tool, *args, cwd=ours, text=text))


def one_line_error(stderr: str | bytes, tools: str | tuple[str, ...], status: str | None,
                   *fragments: str) -> str:
    """ireec's failure on stderr: one line, no traceback, `python -m ireec
    TOOL: error: ` (TOOL one of `tools`), naming the IREE `status` (None: a
    bad command line, which argparse words) and holding every fragment.
    Returns the line."""
    text = stderr.decode() if isinstance(stderr, bytes) else stderr
    lines = text.splitlines()
    assert len(lines) == 1 and "Traceback" not in text, text
    (line,) = lines
    tools = (tools,) if isinstance(tools, str) else tools
    assert line.startswith(tuple(f"python -m ireec {tool}: error: " for tool in tools)), line
    if status is not None:
        assert f"{status}; " in line, (status, line)
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    return line
