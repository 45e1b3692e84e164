"""The package's modules: each imports on its own in a fresh interpreter,
and no two import each other at module level (imports under TYPE_CHECKING
and inside functions do not count: they run after both modules exist)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import ireec

PACKAGE_DIR = Path(ireec.__file__).resolve().parent


def _module_names() -> list[str]:
    names = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


MODULES = _module_names()


def _module_path(name: str) -> Path:
    base = PACKAGE_DIR.parent.joinpath(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _module_level_imports(name: str) -> set[str]:
    """The package's modules `name` imports when it is imported."""
    path = _module_path(name)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    imported = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.If) and not _is_type_checking(node):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[:len(base) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                imported.add(module)
                # `from package import submodule` imports the submodule too.
                imported.update(f"{module}.{alias.name}" for alias in node.names)

    visit(ast.parse(path.read_text()).body)
    # A module's own packages are initialized before it (`from .. import
    # _cext` names the package only to reach an extension module in it).
    ancestors = {name.rsplit(".", depth)[0] for depth in range(1, name.count(".") + 1)}
    return {m for m in imported if m in MODULES and m != name and m not in ancestors}


def test_no_module_level_import_cycles():
    graph = {name: _module_level_imports(name) for name in MODULES}
    # A package's __init__ importing its own submodules is how packages
    # re-export; a submodule importing its package back would be a cycle.
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(name: str) -> None:
        state[name] = 1
        stack.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                cycles.append(stack[stack.index(other):] + [other])
            elif other not in state:
                walk(other)
        stack.pop()
        state[name] = 2

    for name in MODULES:
        if name not in state:
            walk(name)
    assert not cycles, "\n".join(" -> ".join(cycle) for cycle in cycles)


@pytest.mark.parametrize("module", MODULES)
def test_module_imports_alone(module, tmp_path):
    # From an empty folder: the source tree's ireec/ must not shadow the
    # installed package.
    result = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
