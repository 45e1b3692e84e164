"""The docs show real runs: each console block of docs/cli.md and
docs/c_to_python.md that runs one `python -m ireec` command prints what the
page shows (stderr and the exit status too where the page echoes them)."""

from __future__ import annotations

import shlex
import shutil

import pytest

from child_process import run_ireec
from locations import EXAMPLES_DIR, doc_blocks

# A command ending so shows its stderr and its exit status after its stdout.
ECHO_EXIT = '; echo "exit $?"'


def _console_examples(name: str) -> list[tuple[list[str], str, bool]]:
    """(argv after `python -m ireec`, the output shown, whether it ends with
    ECHO_EXIT) of each console block in docs/NAME that runs one ireec
    command (no pipes)."""
    examples = []
    for block in doc_blocks(name, "console"):
        lines = block.splitlines(keepends=True)
        if not lines or not lines[0].startswith("$ python -m ireec "):
            continue
        command = lines.pop(0)[2:]
        while command.rstrip().endswith("\\"):
            command = command.rstrip()[:-1] + " " + lines.pop(0)
        echo_exit = command.rstrip().endswith(ECHO_EXIT)
        command = command.rstrip().removesuffix(ECHO_EXIT)
        if "|" in command:
            continue
        examples.append((shlex.split(command)[3:], "".join(lines), echo_exit))
    return examples


@pytest.fixture(scope="module")
def simple_mul(program):
    return program("simple_mul")


@pytest.mark.parametrize("name", ["cli.md", "c_to_python.md"])
def test_docs_console_examples(name, simple_mul, compile_mlir, tmp_path):
    shutil.copy(simple_mul, tmp_path / "simple_mul.vmfb")
    shutil.copy(compile_mlir(EXAMPLES_DIR / "jit_mul.mlir"), tmp_path / "jit_mul.vmfb")
    examples = _console_examples(name)
    assert examples
    for argv, shown, echo_exit in examples:
        result = run_ireec(*argv, cwd=tmp_path, merge_stderr=echo_exit)
        if echo_exit:
            assert result.stdout + f"exit {result.returncode}\n" == shown, argv
        else:
            assert result.stdout == shown, (argv, result.stderr)
