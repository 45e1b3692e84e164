"""examples/hal_scripting.py prints what docs/hal.md shows, on every CPU
device kind."""

from __future__ import annotations

import pytest

from child_process import run_python
from locations import EXAMPLES_DIR, doc_blocks

COMMAND = "$ python examples/hal_scripting.py\n"


def shown_output() -> str:
    (block,) = [b for b in doc_blocks("hal.md", "console") if b.startswith(COMMAND)]
    return block[len(COMMAND):]


def test_prints_what_the_page_shows():
    run = run_python(EXAMPLES_DIR / "hal_scripting.py").check()
    assert run.stdout == shown_output()
    assert run.stderr == ""


@pytest.mark.parametrize("uri", ["local-sync", "local-task://?memory=discrete"])
def test_computes_the_same_on_other_devices(uri):
    shown = shown_output().splitlines()
    run = run_python(EXAMPLES_DIR / "hal_scripting.py", f"--device={uri}").check()
    lines = run.stdout.splitlines()
    # The same values; only where the output buffer lives may differ.
    assert [l for l in lines if l.startswith(("x:", "y:", "view:", "export"))] == \
        [l for l in shown if l.startswith(("x:", "y:", "view:", "export"))]
