"""docs/non_mappable.md: its C program and Python scripts, run as written on
a device with discrete memory, print what the page says they print."""

from __future__ import annotations

import pytest

from child_process import run_python
from locations import EXAMPLES_DIR, doc_blocks

DISCRETE = "local-task://?memory=discrete"


def _blocks(language: str) -> list[str]:
    return doc_blocks("non_mappable.md", language)


def _console_output(command_start: str) -> str:
    """The output the page shows after the `$ COMMAND_START...` line."""
    for block in _blocks("console"):
        lines = block.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if line.startswith(f"$ {command_start}"):
                return "".join(lines[i + 1:])
    raise AssertionError(f"no console block runs {command_start}")


@pytest.fixture(scope="module")
def vmfb(compile_mlir):
    return str(compile_mlir(EXAMPLES_DIR / "jit_mul.mlir"))


def test_the_c_program(build_c_program, vmfb):
    (source,) = _blocks("c")
    exe = build_c_program(source, "readback")
    expected = _console_output("./readback")
    for uri in (DISCRETE, "local-sync"):
        assert exe.output(uri, vmfb) == expected


@pytest.mark.parametrize("index, name", [(0, "readback_raw.py"), (1, "readback_pythonic.py")])
def test_the_python_scripts(tmp_path, vmfb, index, name):
    script = tmp_path / name
    script.write_text(_blocks("python")[index])
    result = run_python(script, DISCRETE, vmfb).check()
    assert result.stdout == _console_output(f"python {name}")
