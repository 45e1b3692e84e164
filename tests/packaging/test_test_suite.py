"""The test suite's own rules (DEVELOPERS.md): nothing is skipped or expected
to fail (what is missing fails, saying so; the CTS ports IREE leaves out of a
driver are deselected, tests/hal/cts/conftest.py), and every test asserts
something, itself or through a helper that does."""

from __future__ import annotations

import ast
from pathlib import Path

from locations import TESTS_DIR

TEST_FILES = sorted(TESTS_DIR.rglob("test_*.py"))
HELPER_FILES = sorted(TESTS_DIR.glob("*.py"))
# Calls that check: pytest's and numpy's.
CHECKING_CALLS = {"raises", "warns", "assert_array_equal", "assert_allclose", "assert_equal",
                  "assert_array_almost_equal"}
SKIPPING = {"skip", "skipif", "xfail", "importorskip"}


def _called_name(call: ast.Call) -> str:
    function = call.func
    return function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")


def _checks(node: ast.AST, checking: set[str]) -> bool:
    return any(isinstance(n, ast.Assert)
               or isinstance(n, ast.Call) and _called_name(n) in CHECKING_CALLS | checking
               for n in ast.walk(node))


def _checking_functions(trees: list[ast.AST], known: set[str] = frozenset()) -> set[str]:
    """Names of the functions of `trees` that check something, themselves or
    through one another (or through `known`)."""
    functions = [n for tree in trees for n in ast.walk(tree)
                 if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    checking = set(known)
    while True:
        more = {f.name for f in functions if f.name not in checking and _checks(f, checking)}
        if not more:
            return checking
        checking |= more


def test_the_suite_is_found():
    assert len(TEST_FILES) > 100 and TESTS_DIR / "conftest.py" in HELPER_FILES


def test_nothing_is_skipped_or_expected_to_fail():
    found = []
    for path in [*TEST_FILES, *HELPER_FILES, *TESTS_DIR.rglob("conftest.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in SKIPPING:
                found.append(f"{Path(path).relative_to(TESTS_DIR)}:{node.lineno}: {node.attr}")
    assert found == []


def test_every_test_asserts():
    helpers = _checking_functions([ast.parse(p.read_text()) for p in HELPER_FILES])
    assert {"check", "one_line_error", "build_c_program"} <= helpers
    silent = []
    for path in TEST_FILES:
        tree = ast.parse(path.read_text())
        checking = _checking_functions([tree], helpers)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                if not _checks(node, checking):
                    silent.append(f"{path.relative_to(TESTS_DIR)}:{node.lineno}: {node.name}")
    assert silent == []
