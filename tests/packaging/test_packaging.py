"""What the installed package holds: the generated type stub of ireec.ffi /
ireec.lib lists every function, constant and variable the extension has, with
the arity cffi enforces; build-only modules are not installed; the console
scripts and the type marker are installed."""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import re
from pathlib import Path

import pytest

import ireec
from ireec import lib

from child_process import run_installed_script
from locations import REPO_ROOT

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
                               (REPO_ROOT / "build_support" / "ffi.py").read_text(), re.M))
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
    # The cffi builder and the stub generator live beside the package.
    package_dir = Path(ireec.__file__).resolve().parent
    assert not list(package_dir.rglob("*build_ffi*")) and not list(package_dir.rglob("stubs.py"))
    assert importlib.util.find_spec("ireec.build_support") is None



def _installed_distribution():
    try:
        distribution = importlib.metadata.distribution("ireec")
    except importlib.metadata.PackageNotFoundError:
        pytest.fail("ireec is not installed as a distribution: install it (`pip install -e .` "
                    "or its wheel) to test what an install holds")
    # pip writes a RECORD; metadata a build left in a source tree
    # (ireec.egg-info) has none and may be stale.
    assert distribution.read_text("RECORD") is not None, \
        f"ireec's metadata at {distribution.locate_file('')} was not installed by pip"
    return distribution


def test_installed_scripts_and_type_marker(program):
    distribution = _installed_distribution()
    scripts = {e.name: e.value for e in distribution.entry_points
               if e.group == "console_scripts"}
    assert scripts == {"ireec": "ireec.__main__:main",
                       "ireec-run-module": "ireec.cli.run_module:console_main",
                       "ireec-benchmark-module": "ireec.cli.benchmark_module:console_main"}
    files = {str(f) for f in distribution.files}
    package_dir = Path(ireec.__file__).parent
    if Path(distribution.locate_file("ireec")) == package_dir:
        # Installed from the wheel: its RECORD lists the package's files.
        assert "ireec/py.typed" in files
        assert "ireec/cli/run_module.py" in files
    else:
        # An editable install: the package imported is the source tree's.
        assert (package_dir / "py.typed").is_file()
        assert (package_dir / "cli" / "run_module.py").is_file()
    result = run_installed_script("ireec-run-module", f"--module={program('simple_mul')}",
                                  "--input=4xf32=1,2,3,4", "--input=4xf32=10,20,30,40")
    assert result.stdout == ("EXEC @simple_mul\nresult[0]: hal.buffer_view\n"
                             "4xf32=10 40 90 160\n"), result.stderr


def test_type_marker_is_in_the_package():
    assert (Path(ireec.__file__).parent / "py.typed").is_file()
