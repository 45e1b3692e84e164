"""Generates ireec/_ireec_cffi.pyi, the type stub of `ireec.ffi` and `ireec.lib`,
from the same cdef the extension is built from (_build_ffi.cdef_text(), so
from every decls file _build_ffi lists): each function with its parameters and
result, each constant, each variable. setup.py writes it beside the extension
at build time; it is not committed and this module is not installed.

    python ireec/_build_stubs.py > _ireec_cffi.pyi

C types map to what cffi takes and returns: integers and enums are `int`,
floating point `float`, `bool` `bool`, `char` `bytes`; pointers, records by
value and function pointers are cffi cdata objects (`CData`, which static
checkers treat as Any: cffi's objects have no static types).
"""

from __future__ import annotations

import importlib.util
import keyword
import sys
from pathlib import Path

import cffi
from cffi import model

HEADER = '''"""Type stub of ireec's cffi extension (`ireec.ffi`, `ireec.lib`), generated
at build time from csrc/include/ireec/decls/**.h by ireec/_build_stubs.py."""

from typing import Any, TypeAlias

from cffi import FFI

# A cffi cdata object (pointer, record, array, function pointer): cffi's
# objects have no static type, so checkers treat it as Any.
CData: TypeAlias = Any

ffi: FFI

class _Lib:
'''

FOOTER = '''
lib: _Lib
'''


def _load_build_ffi():
    # By path: the ireec package is not importable before it is built.
    path = Path(__file__).resolve().parent / "ffi.py"
    spec = importlib.util.spec_from_file_location("_ireec_build_ffi", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _primitive(t: model.PrimitiveType) -> str:
    if t.name == "_Bool":
        return "bool"
    if t.name == "char":
        return "bytes"
    if t.is_float_type():
        return "float"
    return "int"


def _param(t: model.BaseTypeByIdentity) -> str:
    if isinstance(t, model.PrimitiveType):
        kind = _primitive(t)
        # cffi accepts an int where a float is taken.
        return "float | int" if kind == "float" else kind
    if isinstance(t, model.EnumType):
        return "int"
    if isinstance(t, model.PointerType) and isinstance(t.totype, model.PrimitiveType) \
            and t.totype.name == "char":
        return "CData | bytes | None"
    if isinstance(t, model.PointerType):
        return "CData | None"
    return "CData"


def _result(t: model.BaseTypeByIdentity) -> str:
    if isinstance(t, model.VoidType):
        return "None"
    if isinstance(t, model.PrimitiveType):
        return _primitive(t)
    if isinstance(t, model.EnumType):
        return "int"
    return "CData"


def _c_text(t: model.BaseTypeByIdentity, name: str = "") -> str:
    return t.get_c_name(f" {name}" if name else "").strip()


def stub_text(cdef: str) -> str:
    """The .pyi text for a cdef: every function, constant and variable of `lib`."""
    ffi = cffi.FFI()
    ffi.cdef(cdef)
    parser = ffi._parser  # cffi's parsed declarations: no public API lists them
    lines = [HEADER]
    declarations = parser._declarations
    functions = sorted(k.split(" ", 1)[1] for k in declarations if k.startswith("function "))
    for name in functions:
        ftype = declarations[f"function {name}"][0]
        params = []
        for i, arg in enumerate(ftype.args):
            params.append(f"arg{i}: {_param(arg)}")
        # Positional-only, as cffi takes them; the C prototype as a comment.
        if params:
            params.append("/")
        if ftype.ellipsis:
            params.append("*args: Any")
        signature = ", ".join(params)
        lines.append(f"    # {_c_text(ftype.result)} {name}("
                     f"{', '.join(_c_text(a) for a in ftype.args)}"
                     f"{', ...' if ftype.ellipsis else ''})")
        lines.append(f"    @staticmethod\n    def {name}({signature}) -> {_result(ftype.result)}: ...")
    constants = set(parser._int_constants)
    constants |= {k.split(" ", 1)[1] for k in declarations if k.startswith("macro ")}
    for name in sorted(constants):
        lines.append(f"    {name}: int")
    for key in sorted(k for k in declarations if k.startswith("variable ")):
        name = key.split(" ", 1)[1]
        vtype = declarations[key][0]
        annotation = _result(vtype) if not isinstance(vtype, model.VoidType) else "CData"
        lines.append(f"    {name}: {annotation}  # {_c_text(vtype, name)}")
    for name in (*functions, *constants):
        if keyword.iskeyword(name):
            raise ValueError(f"{name} is a Python keyword: it cannot be declared in a stub")
    lines.append(FOOTER)
    return "\n".join(lines)


def write_stub(path: Path) -> None:
    path.write_text(stub_text(_load_build_ffi().cdef_text()))


if __name__ == "__main__":
    sys.stdout.write(stub_text(_load_build_ffi().cdef_text()))
