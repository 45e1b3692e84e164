"""Every example the documentation shows runs, and prints what it shows:
each page's Python blocks and console sessions (tests/doc_pages.py states
the conventions), run in page order in a working folder of the page's own
with the compiled programs it names. Pages are found by walking README.md
and docs/, so pages added later are run without listing them here."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import doc_pages
from child_process import run_python
from locations import EXAMPLES_DIR, PROGRAMS_DIR, REPO_ROOT

PAGES = doc_pages.pages()
PAGES_WITH_EXAMPLES = [path for path in PAGES if doc_pages.steps(path)]


def _sources_named(path) -> dict[str, Path]:
    """{name: MLIR source} of the programs the page names (`NAME.mlir` or
    `NAME.vmfb`) that examples/ or tests/programs/ (or a folder in it) hold."""
    found = {}
    for name in set(re.findall(r"([\w-]+)\.(?:mlir|vmfb)\b", path.read_text())):
        sources = [EXAMPLES_DIR / f"{name}.mlir", *sorted(PROGRAMS_DIR.rglob(f"{name}.mlir"))]
        existing = [source for source in sources if source.exists()]
        if existing:
            found[name] = existing[0]
    return found


# Programs the page compiles itself, with the flags they need: for several
# devices, or a HAL executable rather than a module.
_COMPILED_BY_THE_PAGE = ("#hal.device.promise", "hal.executable.source")


def _prepare(path, compile_mlir, work: Path) -> None:
    """The page's working folder: examples/, and each program it names as
    MLIR and, unless the page compiles it itself, as a .vmfb for the local
    CPU."""
    (work / "examples").symlink_to(EXAMPLES_DIR)
    text = path.read_text()
    for name, source in _sources_named(path).items():
        shutil.copy(source, work / source.name)
        if not any(marker in source.read_text() for marker in _COMPILED_BY_THE_PAGE):
            shutil.copy(compile_mlir(source), work / f"{name}.vmfb")
            # Also where the page names it under build/, as
            # scripts/run-hello-world writes build/examples/NAME.vmfb.
            for folder in set(re.findall(rf"\b(build(?:/[\w-]+)*)/{name}\.vmfb\b", text)):
                (work / folder).mkdir(parents=True, exist_ok=True)
                shutil.copy(work / f"{name}.vmfb", work / folder / f"{name}.vmfb")


def test_pages_are_found():
    names = {doc_pages.page_id(path) for path in PAGES}
    assert {"README.md", "docs/index.md", "docs/cli.md", "docs/c_to_python.md"} <= names


@pytest.mark.parametrize("path", PAGES, ids=doc_pages.page_id)
def test_page_follows_the_conventions(path):
    assert doc_pages.convention_errors(path) == []


@pytest.mark.parametrize("path", PAGES_WITH_EXAMPLES, ids=doc_pages.page_id)
def test_page_examples_print_what_they_show(path, compile_mlir, tmp_path):
    steps = doc_pages.steps(path)
    _prepare(path, compile_mlir, tmp_path)
    steps_file = tmp_path.parent / f"{tmp_path.name}-steps.json"
    steps_file.write_text(json.dumps(steps))
    result = run_python(REPO_ROOT / "tests" / "doc_pages.py", steps_file, cwd=tmp_path,
                        timeout=1200)
    assert result.returncode == 0, result.stderr
