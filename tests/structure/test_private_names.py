"""No private name imported across modules: what a module keeps to itself
(a name starting with "_") is used by that module alone. What modules share
is a name of its own in a shared module (private modules, `_checks.py`,
`_buffer_refs.py`, ..., may be imported, as may the extensions)."""

from __future__ import annotations

import ast
from pathlib import Path

import ireec

PACKAGE = Path(ireec.__file__).resolve().parent


def _is_module(package: Path, name: str) -> bool:
    """Whether `name` is a module or package of the package at `package`."""
    return ((package / f"{name}.py").exists() or (package / name / "__init__.py").exists()
            or any(package.glob(f"{name}.*.so")) or any(package.glob(f"{name}.so")))


def _private_imports(path: Path, source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source, str(path))):
        if not isinstance(node, ast.ImportFrom):
            continue
        package = path.parent
        for _ in range(max(node.level - 1, 0)):
            package = package.parent
        if node.level == 0:
            package = PACKAGE.parent
        source_package = package.joinpath(*(node.module or "").split(".")) \
            if node.module else package
        for alias in node.names:
            name = alias.name
            if name.startswith("_") and not name.startswith("__") and \
                    not _is_module(source_package, name):
                found.append(f"{path.name}:{node.lineno}: {name} from "
                             f"{'.' * node.level}{node.module or ''}")
    return found


def test_no_private_name_is_imported_from_another_module():
    found = [f for path in sorted(PACKAGE.rglob("*.py"))
             for f in _private_imports(path, path.read_text())]
    assert found == []


def test_the_scan_tells_private_names_from_private_modules():
    here = PACKAGE / "hal" / "example.py"
    source = ("from .. import _cext\n"
              "from . import _checks\n"
              "from ._checks import refuse\n"
              "from .command_buffer import _event\n")
    assert _private_imports(here, source) == ["example.py:4: _event from .command_buffer"]
