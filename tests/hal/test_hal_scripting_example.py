"""examples/hal_scripting.py prints what the README shows, on every CPU
device kind."""

from __future__ import annotations

import re

import pytest

from child_process import run_python
from locations import EXAMPLES_DIR, REPO_ROOT

COMMAND = "$ python examples/hal_scripting.py\n"


def readme_output() -> str:
    text = (REPO_ROOT / "README.md").read_text()
    (block,) = [b for b in re.findall(r"```console\n(.*?)```", text, re.S)
                if b.startswith(COMMAND)]
    return block[len(COMMAND):]


def test_prints_what_the_readme_shows():
    run = run_python(EXAMPLES_DIR / "hal_scripting.py").check()
    assert run.stdout == readme_output()
    assert run.stderr == ""


@pytest.mark.parametrize("uri", ["local-sync", "local-task://?memory=discrete"])
def test_computes_the_same_on_other_devices(uri):
    shown = readme_output().splitlines()
    run = run_python(EXAMPLES_DIR / "hal_scripting.py", f"--device={uri}").check()
    lines = run.stdout.splitlines()
    # The same values; only where the output buffer lives may differ.
    assert [l for l in lines if l.startswith(("x:", "y:", "view:", "export"))] == \
        [l for l in shown if l.startswith(("x:", "y:", "view:", "export"))]
