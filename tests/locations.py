"""Where the tests find what they use: the checkout's folders, the data
the tests ship (MLIR programs, C programs, IREE's ABI facts) and the docs'
code blocks."""

from __future__ import annotations

import re
from pathlib import Path

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent
PROGRAMS_DIR = TESTS_DIR / "programs"
C_PROGRAMS_DIR = TESTS_DIR / "c_programs"
# Facts about IREE's ABI at the commit ireec binds (tests/c_api/data/README.md).
ABI_FACTS_FILE = TESTS_DIR / "c_api" / "data" / "iree-abi-0f64f41a.json"
EXAMPLES_DIR = REPO_ROOT / "examples"
DOCS_DIR = REPO_ROOT / "docs"


def doc_blocks(name: str, language: str) -> list[str]:
    """The fenced `language` code blocks of docs/NAME, in order."""
    return re.findall(rf"```{language}\n(.*?)```", (DOCS_DIR / name).read_text(), re.S)
