"""Layers that import downward. ireec's modules stand in layers, each
importing only from the layers below it (and from its own):

1. the ground: `ireec._core` (the runtime loaded, statuses, handles and
   their uses, callbacks, the process's VM instance), `ireec.errors`,
   `ireec.types`, `ireec.compile` and the extensions (`ireec._cext`,
   `ireec._ireec_cffi`);
2. IREE's areas: `ireec.hal`, `ireec.vm`, `ireec.io` (which may use one
   another);
3. `ireec.runtime`: instances, sessions, calls, and the conversion of a
   call's arguments and results;
4. the package's face: `ireec/__init__.py` (its public names) and
   `ireec/_extension.py` (the extension's installation, which names classes
   of every area);
5. `ireec.cli`: the tools, written against the package;
6. `python -m ireec` (`ireec/__main__.py`), the one importer of the tools.

Every import counts, also those inside functions and under TYPE_CHECKING:
read through the syntax tree of every module."""

from __future__ import annotations

import ast
from pathlib import Path

import ireec

PACKAGE = Path(ireec.__file__).resolve().parent

LAYERS = {
    "_core": 1, "errors": 1, "types": 1, "compile": 1, "_cext": 1, "_ireec_cffi": 1,
    "hal": 2, "vm": 2, "io": 2,
    "runtime": 3,
    "__init__": 4, "_extension": 4,
    "cli": 5,
    "__main__": 6,
}


def _unit(module: str) -> str:
    """The layer unit of a dotted module name under ireec: its first part
    ("hal" for ireec.hal.device, "__init__" for ireec itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports_in(source: str, module: str, is_package: bool = False
                ) -> list[tuple[str, str, int]]:
    """(module, imported ireec module, line) for every import in `source`,
    the text of the module `module` (dotted; a package's own name)."""
    package = module if is_package else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(source, module)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[:len(parts) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            # `from . import x` and `from .. import x` name modules.
            targets = ([f"{target}.{alias.name}" for alias in node.names]
                       if node.module is None else [target])
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            continue
        found += [(module, t, node.lineno) for t in targets if t.split(".")[0] == "ireec"]
    return found


def _imports(path: Path) -> list[tuple[str, str, int]]:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    is_package = path.name == "__init__.py"
    parts = relative.parts[:-1] if is_package else relative.parts
    return _imports_in(path.read_text(), ".".join(parts), is_package)


def _all_imports() -> list[tuple[str, str, int]]:
    return [i for path in sorted(PACKAGE.rglob("*.py")) for i in _imports(path)]


def test_every_module_belongs_to_a_layer():
    units = {_unit(module) for module, _, _ in _all_imports()}
    units |= {path.stem if path.parent == PACKAGE else path.relative_to(PACKAGE).parts[0]
              for path in PACKAGE.rglob("*.py")}
    assert units <= set(LAYERS), units - set(LAYERS)


def test_nothing_imports_the_tools_but_the_command_line():
    importers = {module for module, target, _ in _all_imports()
                 if _unit(target) == "cli" and _unit(module) != "cli"}
    assert importers == {"ireec.__main__"}


def _upward(imports: list[tuple[str, str, int]]) -> list[str]:
    return [f"{module}:{line} imports {target}" for module, target, line in imports
            if _unit(module) != _unit(target) and LAYERS[_unit(target)] > LAYERS[_unit(module)]]


def test_imports_run_downward():
    assert _upward(_all_imports()) == []


def test_the_scan_catches_an_upward_import():
    # The ground importing an area, an area importing the runtime, relative
    # and absolute, at module level and inside a function; and imports that
    # keep to the order.
    written = [
        ("ireec._core.bad", "from ..hal.device import Device\n"),
        ("ireec.vm.bad", "def f():\n    from ..runtime import instance\n"),
        ("ireec.io.bad", "import ireec.runtime.session\n"),
        ("ireec.hal.good", "from ..vm import list\nfrom .._core.handle import use\n"
                           "from . import buffer\n"),
        ("ireec.runtime.good", "from .. import _cext\nfrom ..hal import device\n"),
    ]
    imports = [i for module, source in written for i in _imports_in(source, module)]
    assert _upward(imports) == ["ireec._core.bad:1 imports ireec.hal.device",
                                "ireec.vm.bad:2 imports ireec.runtime",
                                "ireec.io.bad:1 imports ireec.runtime.session"]
