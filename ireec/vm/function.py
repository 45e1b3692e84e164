"""VM functions as a module exports them (iree/vm/function.h): calling
conventions and reflection attributes.

A VM function's calling convention (`iree_vm_function_signature`) is a string
such as `0rIf_r`: version `0`, then one character per argument, `_`, one per
result, with `i`/`I` for i32/i64, `f`/`F` for f32/f64, `r` for a ref (a
buffer view, a fence, a list) and `v` for none. It is the only type
information every compiled function carries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import from_string_view

if TYPE_CHECKING:
    from ..types import CData

# The calling-convention letters of scalar values, and the names IREE prints
# such values with.
SCALAR_KINDS = {"i": "i32", "I": "i64", "f": "f32", "F": "f64"}
KIND_NAMES = {**SCALAR_KINDS, "r": "ref"}


def parse_cconv(cconv: str) -> tuple[str, str] | None:
    """(argument kinds, result kinds) of a calling convention, or None when it
    is one ireec cannot marshal (variadic spans, an unknown version)."""
    if not cconv.startswith("0") or "_" not in cconv:
        return None
    args, _, results = cconv[1:].partition("_")
    args = "" if args == "v" else args
    results = "" if results == "v" else results
    if set(args + results) - set(KIND_NAMES):
        return None
    return args, results


def calling_convention(function: CData) -> str:
    """iree_vm_function_signature(function).calling_convention."""
    # The signature struct is held in a name while its string view is read:
    # a field of a by-value result left as a temporary points into memory
    # cffi frees as soon as the temporary goes.
    signature = lib.iree_vm_function_signature(function)
    return from_string_view(signature.calling_convention)


def read_attributes(function: CData) -> dict[str, str]:
    """Every reflection attribute of the iree_vm_function_t* `function`:
    iree_vm_function_get_attr(i) until it reports OUT_OF_RANGE."""
    attributes = {}
    pair = ffi.new("iree_string_pair_t*")
    index = 0
    while True:
        status = lib.iree_vm_function_get_attr(function[0], index, pair)
        if lib.iree_status_code(status) == lib.IREE_STATUS_OUT_OF_RANGE:
            lib.iree_status_free(status)
            return attributes
        check_status(status)
        attributes[from_string_view(pair.key)] = from_string_view(pair.value)
        index += 1


def declared_arg_types(declaration: str | None) -> list[str] | None:
    """The type of each argument in iree-compile's "iree.abi.declaration"
    (`sync func @f(%input0: !util.list<?>, %input1: tensor<4xf32>) -> ...`),
    as written ("!util.list<?>", "tensor<4xf32>"), or None without one.
    A coarse-fences function's declaration lists only the arguments callers
    pass (not its fences)."""
    if not declaration:
        return None
    start = declaration.find("(", declaration.find("@"))
    if start < 0:
        return None
    depth, end = 0, len(declaration)
    for i in range(start, len(declaration)):
        depth += declaration[i] in "(<[{"
        depth -= declaration[i] in ")>]}"
        if depth == 0:
            end = i
            break
    types = []
    for argument in _split_top_level(declaration[start + 1:end]):
        _, _, declared = argument.partition(":")
        # Without its attribute dictionary ({iree.abi.affinity = ...}).
        types.append(_split_top_level(declared.strip(), " ")[0] if declared.strip() else "")
    return types


def _split_top_level(text: str, separator: str = ",") -> list[str]:
    """`text` split at each `separator` outside brackets, parts stripped."""
    parts, depth, current = [], 0, []
    for char in text:
        if char == separator and depth == 0:
            parts.append("".join(current).strip())
            current = []
            continue
        depth += char in "(<[{"
        depth -= char in ")>]}"
        current.append(char)
    if "".join(current).strip():
        parts.append("".join(current).strip())
    return parts


# How the types of a declaration name the VM types of values and refs.
_DECLARED_SCALARS = {"i1": "i32", "index": "i64", **{name: name for name in (
    "i8", "i16", "i32", "i64", "f32", "f64")}}


def vm_type_name(declared: str) -> str | None:
    """IREE's name of the VM type a declared type is ("i32",
    "hal.buffer_view", "vm.list", "vm.buffer", "hal.fence", "custom.string"
    for `!custom.string`), or None for "?" (any: a variant)."""
    if declared in _DECLARED_SCALARS:
        return _DECLARED_SCALARS[declared]
    if declared.startswith("tensor<") or declared == "!hal.buffer_view":
        return "hal.buffer_view"
    if declared.startswith("!util.list<"):
        return "vm.list"
    if declared == "!util.buffer":
        return "vm.buffer"
    if declared.startswith("!") and "<" not in declared:
        return declared[1:]
    return None


def list_element_declaration(declared: str) -> str:
    """The declared element type of a `!util.list<T>`: "T"."""
    return declared[len("!util.list<"):-1]
