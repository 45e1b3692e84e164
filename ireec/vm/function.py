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

