"""The C library's conventions (DEVELOPERS.md, "Rules of the house"), held by
its sources: IREE's slim mutex for every lock, one helper starting every HAL
object's header, and `_move` in the name of each function that takes the
reference its caller passes in."""

from __future__ import annotations

import re

import pytest

from locations import REPO_ROOT

CSRC = REPO_ROOT / "csrc"
# The C library's own sources: not the declarations of IREE's API
# (include/), the compatibility header naming glibc's symbols (compat/) nor
# the CPython extension (python/).
SOURCES = sorted(p for p in CSRC.rglob("*") if p.suffix in (".c", ".h")
                 and p.relative_to(CSRC).parts[0] not in ("include", "compat", "python"))


def _find(pattern: str) -> list[str]:
    found = []
    for path in SOURCES:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(pattern, line):
                found.append(f"{path.relative_to(REPO_ROOT)}:{number}: {line.strip()}")
    return found


def test_sources_are_found():
    names = {p.name for p in SOURCES}
    assert {"driver_registry.c", "instance.c", "forwarding_device.c", "sync_device.c"} <= names


def test_locks_are_iree_slim_mutexes():
    assert _find(r"\bpthread_mutex_") == []
    assert _find(r"\biree_slim_mutex_lock\(") != []


def test_hal_objects_start_through_iree_hal_resource_initialize():
    # IREE's static inline helper, which ireec exports; never a count set by hand.
    assert _find(r"\bresource\.(ref_count|vtable)\s*=[^=]") == []
    assert len(_find(r"\biree_hal_resource_initialize\(")) >= 6


@pytest.mark.parametrize("phrase", ["when failing", "even on failure", "takes ownership"])
def test_functions_taking_their_arguments_reference_say_so_in_their_name(phrase):
    # Each function comment stating the contract sits above a declaration or
    # definition whose name ends in _move (IREE's own functions keep IREE's
    # names: a comment inside a body is not a contract).
    wrong = []
    for path in SOURCES:
        lines = path.read_text().splitlines()
        for number, line in enumerate(lines):
            if line.startswith("//") and phrase in line.lower():
                code = "\n".join(l for l in lines[number:number + 12] if not l.startswith("//"))
                name = re.search(r"(\w+)\(", code)
                if name is None or not name.group(1).endswith("_move"):
                    wrong.append(f"{path.relative_to(REPO_ROOT)}:{number + 1}: {line}")
    assert wrong == []
