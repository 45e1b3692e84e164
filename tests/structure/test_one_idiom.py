"""One idiom for every raw call: ireec hands a wrapped object's pointer to
IREE only inside `with use(obj, ...) as (ptr, ...):` (ireec/_core/handle.py),
a use of every object the call names taken in C, so that a close() on
another thread meanwhile waits (the reference goes when the block ends)
instead of freeing what IREE is using.

`.handle` is the pointer without a use: it stays for users mixing ireec with
raw `ireec.lib` calls, and no module of ireec reads it. Read through the
syntax tree of every module of the package, so a new one cannot slip in."""

from __future__ import annotations

import ast
from pathlib import Path

import ireec

PACKAGE = Path(ireec.__file__).resolve().parent

# `.handle` read where it is not a wrapper's: fields of IREE's C structs that
# IREE itself names `handle`.
C_STRUCT_FIELDS = {
    # iree_io_parameter_index_entry_t.storage.file.handle, an
    # iree_io_file_handle_t* of the entry.
    "entry.storage.file.handle",
    # iree_hal_external_buffer_t.handle, the union of what is imported.
    "external.handle",
}


def _handle_reads(source: str, name: str) -> list[str]:
    """Every `.handle` read in `source` (but C_STRUCT_FIELDS), as
    "name:line: expression"."""
    found = []
    for node in ast.walk(ast.parse(source, name)):
        if (isinstance(node, ast.Attribute) and node.attr == "handle"
                and isinstance(node.ctx, ast.Load)
                and ast.unparse(node) not in C_STRUCT_FIELDS):
            found.append((node.lineno, f"{name}:{node.lineno}: {ast.unparse(node)}"))
    return [text for _, text in sorted(found)]


def test_no_module_of_ireec_reads_a_wrappers_pointer_outside_a_use():
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50  # the package itself, not an empty folder
    reads = [read for path in modules
             for read in _handle_reads(path.read_text(), str(path.relative_to(PACKAGE)))]
    assert reads == []


def test_the_scan_finds_raw_calls_on_handle_and_passes_the_idiom():
    raw = ("def f(device, entry):\n"
           "    lib.iree_hal_device_trim(device.handle)\n"
           "    ptr = device.allocator.handle\n"
           "    return entry.storage.file.handle\n")
    assert _handle_reads(raw, "raw.py") == ["raw.py:2: device.handle",
                                             "raw.py:3: device.allocator.handle"]
    idiom = ("def f(device):\n"
             "    with use(device) as (device_ptr,):\n"
             "        lib.iree_hal_device_trim(device_ptr)\n")
    assert _handle_reads(idiom, "idiom.py") == []


def test_the_old_idioms_are_gone():
    # One construct: neither the decorator nor the context manager that
    # came before `use` is defined or imported anywhere.
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = {alias.name for alias in node.names}
                assert not names & {"in_use", "holding"}, f"{path}:{node.lineno}"
            if isinstance(node, ast.FunctionDef):
                assert node.name not in ("in_use", "holding"), f"{path}:{node.lineno}"
