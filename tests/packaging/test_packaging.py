"""What the installed package holds: the generated type stub of ireec.ffi /
ireec.lib lists every function, constant and variable the extension has, with
the arity cffi enforces; build-only modules are not installed."""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import pytest

import ireec
from conftest import REPO_ROOT
from ireec import lib

STUB = Path(ireec.__file__).resolve().parent / "_ireec_cffi.pyi"


@pytest.fixture(scope="module")
def stub_lib() -> dict[str, ast.AST]:
    tree = ast.parse(STUB.read_text())
    (lib_class,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "_Lib"]
    members: dict[str, ast.AST] = {}
    for node in lib_class.body:
        if isinstance(node, ast.FunctionDef):
            members[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            members[node.target.id] = node
    return members


def test_stub_lists_everything_lib_has(stub_lib):
    names = set(dir(lib))
    assert len(names) > 1000
    # The stub has everything but the extern "Python" callbacks (C calls
    # them; Python binds them with @ffi.def_extern).
    callbacks = set(re.findall(r'^extern "Python" [^(]*?(\w+)\(',
                               (REPO_ROOT / "ireec" / "_build_ffi.py").read_text(), re.M))
    assert "ireec_release_host_allocation" in callbacks
    assert names == set(stub_lib) | callbacks
    assert isinstance(stub_lib["iree_runtime_instance_create"], ast.FunctionDef)
    assert isinstance(stub_lib["IREE_HAL_ELEMENT_TYPE_FLOAT_32"], ast.AnnAssign)


def test_stub_functions_take_what_cffi_takes(stub_lib):
    # cffi refuses a call with the wrong number of arguments: the stub's
    # positional parameters are that number.
    fn = stub_lib["iree_hal_buffer_view_element_type"]
    assert [a.arg for a in fn.args.posonlyargs] == ["arg0"]
    assert ast.unparse(fn.returns) == "int"
    with pytest.raises(TypeError, match="one argument"):
        lib.iree_hal_buffer_view_element_type()
    create = stub_lib["iree_runtime_instance_create"]
    assert len(create.args.posonlyargs) == 3 and ast.unparse(create.returns) == "CData"
    assert stub_lib["fprintf"].args.vararg is not None
    assert ast.unparse(stub_lib["iree_hal_buffer_view_release"].returns) == "None"


def test_stub_constants_are_ints(stub_lib):
    for name, node in stub_lib.items():
        if isinstance(node, ast.AnnAssign) and ast.unparse(node.annotation) == "int":
            assert isinstance(getattr(lib, name), int), name


def test_build_scripts_are_not_installed():
    for module in ("ireec._build_ffi", "ireec._build_stubs"):
        assert importlib.util.find_spec(module) is None, module
