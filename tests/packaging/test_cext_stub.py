"""The Handle kinds of ireec._cext come from one table
(csrc/python/handle_kinds.h): the module's types, and its type stub, which
the build writes from that table (build_support/cext_stub.py). CI also runs
mypy's stubtest on the installed stub (scripts/run-tests)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import ireec
from ireec import _cext

from locations import REPO_ROOT


def _stub_generator():
    path = REPO_ROOT / "build_support" / "cext_stub.py"
    spec = importlib.util.spec_from_file_location("_cext_stub_for_tests", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_kind_of_the_table_is_a_type_of_the_module_and_no_other():
    kinds = _stub_generator().kinds()
    in_module = {name for name, value in vars(_cext).items()
                 if isinstance(value, type) and issubclass(value, _cext.Handle)
                 and value is not _cext.Handle}
    assert in_module == {kind.python_name for kind in kinds}
    for kind in kinds:
        made = getattr(_cext, kind.python_name)
        assert made.__doc__ == kind.doc
        assert made.__mro__[1] is _cext.Handle


def test_each_kind_hands_back_the_pointer_type_of_its_row():
    # A class of each kind (the wrappers subclass them): .handle's cffi type
    # is the row's pointee.
    for kind in _stub_generator().kinds():
        cls = type(f"Some{kind.python_name}", (getattr(_cext, kind.python_name),), {})
        assert cls()._c_type is ireec.ffi.typeof(f"{kind.pointee}*")


def test_the_installed_stub_is_the_one_the_table_makes():
    installed = Path(_cext.__file__).with_name("_cext.pyi")
    assert installed.read_text() == _stub_generator().stub_text()
