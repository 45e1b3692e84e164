"""Generates ireec/_cext.pyi, the type stub of the CPython extension
ireec._cext, at build time: the Handle kinds from their one table
(csrc/python/handle_kinds.h, which the extension's types are made from
too), everything else from the hand-written part, build_support/cext.pyi.

A kind is a class `Name(Handle)` with the table's docstring; a kind with
members of its own (SessionHandle's call, ...) has its class written in
cext.pyi, without a docstring, and gets the table's. setup.py writes the
stub beside the extension; it is not committed and this module is not
installed.

    python build_support/cext_stub.py > ireec/_cext.pyi
"""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "csrc" / "python" / "handle_kinds.h"
TEMPLATE = Path(__file__).resolve().parent / "cext.pyi"
# Where the generated classes go in the template.
MARKER = "# (the Handle kinds of csrc/python/handle_kinds.h)\n"

# One row: X(name, PythonName, iree_prefix, pointee, keeps_gil, size,
# methods, getset, buffer_procs, "doc").
_ROW = re.compile(
    r'^\s*X\((?P<name>\w+),\s*(?P<python_name>\w+),\s*(?P<iree>\w+),\s*(?P<pointee>\w+),'
    r'\s*(?:true|false),\s*[^,]+,\s*[\w&]+,\s*[\w&]+,\s*[\w&]+,\s*"(?P<doc>(?:[^"\\]|\\.)*)"\)',
    re.M)


class Kind(NamedTuple):
    name: str          # the C identifier
    python_name: str   # its type's name in ireec._cext
    pointee: str       # the C type `.handle` points to
    doc: str


def kinds(table: str | None = None) -> list[Kind]:
    """The rows of the table, in order."""
    text = TABLE.read_text() if table is None else table
    found = [Kind(m["name"], m["python_name"], m["pointee"], m["doc"])
             for m in _ROW.finditer(text)]
    rows = text.count("  X(")
    if len(found) != rows or not found:
        raise ValueError(f"{TABLE.name}: read {len(found)} of its {rows} rows")
    return found


def stub_text() -> str:
    """The text of ireec/_cext.pyi."""
    template = TEMPLATE.read_text()
    if MARKER not in template:
        raise ValueError(f"{TEMPLATE.name} has no line {MARKER.strip()!r}")
    generated = []
    for kind in kinds():
        header = f"class {kind.python_name}(Handle):\n"
        doc = textwrap.indent(textwrap.fill(f'"""{kind.doc}"""', 72), "    ") + "\n"
        if header in template:
            template = template.replace(header, header + doc, 1)
        else:
            generated.append(header + doc)
    return template.replace(MARKER, "\n".join(generated))


def write_stub(path: Path) -> None:
    path.write_text(stub_text())


if __name__ == "__main__":
    sys.stdout.write(stub_text())
