"""Every public name has a docstring: each public module's names (its
`__all__`, else its names not starting with `_` that it defines), each
public class's own methods and properties, and what those classes inherit
from ireec's private bases. Names are found by walking the installed
package, so names added later are checked without listing them here."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import textwrap
from types import ModuleType

import ireec

# Names whose value is data (constants, cffi's ffi and lib, type aliases):
# they carry no docstring of their own; the reference documents them with
# the module that holds them.
_DATA_KINDS = (int, float, str, bytes, tuple, frozenset, type(ireec.ffi), type(ireec.lib))


def public_modules() -> list[ModuleType]:
    """ireec and every module under it with no `_` component in its name."""
    modules = [ireec]
    for info in pkgutil.walk_packages(ireec.__path__, "ireec."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        modules.append(importlib.import_module(info.name))
    return modules


def public_names(module: ModuleType) -> list[str]:
    """The module's `__all__`, else the public names it defines itself."""
    names = getattr(module, "__all__", None)
    if names is not None:
        return list(names)
    return [name for name, value in vars(module).items()
            if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__]


def _is_ireec(cls: type) -> bool:
    return cls.__module__.split(".")[0] == "ireec"


def class_members(cls: type) -> list[tuple[str, object]]:
    """The public methods and properties `cls` defines or inherits from
    ireec's classes (public or private; C types of ireec._cext included),
    each once, as defined by the nearest class."""
    seen: dict[str, object] = {}
    for base in cls.__mro__:
        if not _is_ireec(base):
            continue
        for name, value in vars(base).items():
            if name.startswith("_") or name in seen:
                continue
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            if callable(value) or inspect.isdatadescriptor(value):
                seen[name] = value
    return sorted(seen.items())


def attributes_section(cls: type) -> set[str]:
    """The names a NumPy-style "Attributes" section of `cls`'s docstring
    documents (slots and fields are documented there or by a `__slots__`
    dict, in one place each)."""
    doc = inspect.getdoc(cls) or ""
    match = re.search(r"^Attributes\n-+\n(.*?)(?=^\w[\w ]*\n-+\n|\Z)", doc, re.S | re.M)
    if match is None:
        return set()
    return set(re.findall(r"^(\w+)(?: :.*)?$", match.group(1), re.M))


def undocumented() -> tuple[list[str], int]:
    """(every public name without a docstring, how many names were checked)."""
    missing: list[str] = []
    checked: set[str] = set()

    def check(qualname: str, value: object) -> None:
        if qualname in checked:
            return
        checked.add(qualname)
        doc = inspect.getdoc(value) if not isinstance(value, property) else value.__doc__
        if not (doc and doc.strip()):
            missing.append(qualname)

    classes: dict[type, str] = {}
    for module in public_modules():
        check(module.__name__, module)
        for name in public_names(module):
            value = getattr(module, name)
            if isinstance(value, _DATA_KINDS) or not (inspect.isclass(value) or callable(value)):
                continue
            if getattr(value, "__module__", "").split(".")[0] != "ireec":
                continue  # re-exported from elsewhere (typing, numpy, ...)
            home = f"{value.__module__}.{value.__qualname__}"
            check(home, value)
            if inspect.isclass(value):
                classes.setdefault(value, home)
    for cls, home in classes.items():
        for name, member in class_members(cls):
            owner = next(base for base in cls.__mro__ if name in vars(base))
            qualname = f"{owner.__module__}.{owner.__qualname__}.{name}"
            if inspect.ismemberdescriptor(member) and name in attributes_section(owner):
                checked.add(qualname)
                continue
            check(qualname, member)
    return sorted(missing), len(checked)


def test_public_api_is_walked():
    missing, count = undocumented()
    # The walk reaches the areas' modules and the classes' members.
    assert {m.__name__ for m in public_modules()} >= {
        "ireec", "ireec.runtime", "ireec.hal", "ireec.vm", "ireec.io", "ireec.errors"}
    assert count > 300


def test_every_public_name_has_a_docstring():
    missing, count = undocumented()
    assert not missing, (f"{len(missing)} of {count} public names have no docstring:\n  "
                         + "\n  ".join(missing))


def test_every_wrapper_names_the_c_type_it_wraps():
    # A Handle subclass owns one IREE object; its docstring says which, so
    # the reference puts IREE's name beside the Python one.
    from ireec import ffi
    from ireec._core.handle import Handle

    wrappers = {value for module in public_modules() for name in public_names(module)
                if inspect.isclass(value := getattr(module, name)) and issubclass(value, Handle)}
    assert {cls.__name__ for cls in wrappers} >= {"Instance", "Device", "Session", "BufferView"}
    unnamed = []
    for cls in wrappers:
        c_type = ffi.getctype(cls.__new__(cls)._c_type).removeprefix("struct ").rstrip(" *")
        if c_type not in (cls.__doc__ or ""):
            unnamed.append(f"{cls.__module__}.{cls.__qualname__} ({c_type})")
    assert not unnamed, "wrappers whose docstring does not name their C type:\n  " + \
        "\n  ".join(sorted(unnamed))


# The areas whose classes wrap IREE's C API.
_C_AREAS = ("ireec.hal", "ireec.vm", "ireec.runtime", "ireec.io")
# lib's functions as the code names them: IREE's (iree_*) and ireec's own
# (ireec_*), lower case as C functions are (constants are upper case).
_C_FUNCTION = re.compile(r"ireec?_[a-z0-9_]+")


def c_functions_named(member: object) -> set[str]:
    """The `lib` functions a method's or property's code (its docstring
    left out) names: `lib.iree_*` / `lib.ireec_*`, called or handed on.
    Empty for members with no Python source (C methods of ireec._cext)."""
    functions = [member.fget, member.fset, member.fdel] if isinstance(member, property) \
        else [member]
    named: set[str] = set()
    for function in functions:
        if function is None:
            continue
        try:
            source = textwrap.dedent(inspect.getsource(function))
        except (OSError, TypeError):
            continue
        for node in ast.walk(ast.parse(source)):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "lib" and _C_FUNCTION.fullmatch(node.attr)):
                named.add(node.attr)
    return named


def c_area_members() -> dict[str, object]:
    """Every public method and property of the public classes of the C
    areas (as class_members finds them), by the qualified name of the class
    defining it."""
    members: dict[str, object] = {}
    for package in map(importlib.import_module, _C_AREAS):
        for name in public_names(package):
            cls = getattr(package, name)
            if not (inspect.isclass(cls) and _is_ireec(cls)):
                continue
            for member_name, member in class_members(cls):
                owner = next(base for base in cls.__mro__ if member_name in vars(base))
                members.setdefault(f"{owner.__module__}.{owner.__qualname__}.{member_name}",
                                   member)
    return members


def test_c_area_members_are_walked():
    members = c_area_members()
    named = {name: c_functions_named(member) for name, member in members.items()}
    # The scan finds IREE's functions where the code calls them, and ireec's.
    assert named["ireec.hal.command_buffer.CommandBuffer.fill_buffer"] == {
        "iree_hal_command_buffer_fill_buffer"}
    assert any(name.startswith("ireec_") for names in named.values() for name in names)
    assert sum(1 for names in named.values() if names) > 100


def test_every_wrapper_method_names_the_c_function_it_calls():
    # Someone porting C looks for IREE's function beside the Python method:
    # a method or property whose code calls lib's functions names the one
    # it calls (one of them, if several) in its docstring.
    unnamed = []
    for qualname, member in sorted(c_area_members().items()):
        named = c_functions_named(member)
        if not named:
            continue
        doc = (member.__doc__ if isinstance(member, property) else inspect.getdoc(member)) or ""
        if not any(re.search(rf"\b{function}\b", doc) for function in named):
            unnamed.append(f"{qualname} ({', '.join(sorted(named))})")
    assert not unnamed, (f"{len(unnamed)} methods and properties do not name the C function "
                         "they call:\n  " + "\n  ".join(unnamed))
