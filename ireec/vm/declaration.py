"""A function's declaration as iree-compile records it in the `iree.abi.declaration`
reflection attribute, e.g.

    sync func @main(%input0: tensor<?x4xf32>, %input1: f32) -> (%output0: tensor<?x4xf32>)

read for the types of the arguments: what a Python scalar or nested list
given for a tensor argument becomes (its element type, and the rank and
static dimensions it must have).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..errors import IreeError
from ..hal.element_type import element_type_name, parse_element_type

_SHAPE_AND_TYPE = re.compile(r"^((?:(?:\d+|\?)x)*)([A-Za-z][\w<>]*)$")
# MLIR's spellings of complex types, in IREE's names.
_COMPLEX = {"complex<f32>": "cf64", "complex<f64>": "cf128"}
_CLOSING = {"(": ")", "<": ">", "[": "]", "{": "}"}


class TensorType(NamedTuple):
    """A declared tensor type: its dimensions (None where dynamic), IREE
    element type, and the declaration's text for it."""
    dims: tuple[int | None, ...]
    element_type: int
    text: str

    @property
    def rank(self) -> int:
        return len(self.dims)

    def accepts_shape(self, shape: tuple[int, ...]) -> bool:
        return len(shape) == len(self.dims) and all(
            d is None or d == s for d, s in zip(self.dims, shape))


def _split_top_level(text: str) -> list[str]:
    """`text` split at the commas outside any brackets."""
    parts, depth, start = [], [], 0
    for i, char in enumerate(text):
        if char in _CLOSING:
            depth.append(_CLOSING[char])
        elif depth and char == depth[-1] and not (char == ">" and text[i - 1] == "-"):
            depth.pop()
        elif char == "," and not depth:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def tensor_type(text: str) -> TensorType | None:
    """The TensorType of a declared type (`tensor<2x?xf32>`), or None for
    any other type (a scalar, a fence, an encoded or unknown tensor)."""
    if not (text.startswith("tensor<") and text.endswith(">")):
        return None
    inner = _split_top_level(text[len("tensor<"):-1])
    if len(inner) != 1:
        return None  # an encoding or layout: not for conversions from Python
    match = _SHAPE_AND_TYPE.match(inner[0])
    if match is None:
        return None
    dims = tuple(None if d == "?" else int(d) for d in match.group(1).split("x")[:-1])
    name = _COMPLEX.get(match.group(2), match.group(2))
    try:
        element_type = parse_element_type(name)
    except IreeError:
        return None
    return TensorType(dims, element_type, text)


def argument_types(declaration: str) -> list[str]:
    """The declared type of each argument ("tensor<4xf32>", "i32", ...), in
    order; [] when the declaration cannot be read."""
    start = declaration.find("(")
    if start < 0:
        return []
    depth = 0
    for end in range(start, len(declaration)):
        char = declaration[end]
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if not depth:
                break
    else:
        return []
    types = []
    for argument in _split_top_level(declaration[start + 1:end]):
        _, _, declared = argument.partition(":")
        # Attributes may follow the type: `tensor<4xf32> {iree.abi...}`.
        types.append(declared.strip().split(" {")[0].strip())
    return types


def argument_tensor_types(declaration: str) -> list[TensorType | None]:
    """The TensorType of each argument (None where it is not a tensor)."""
    return [tensor_type(t) for t in argument_types(declaration)]


def type_text(element_type: int, dims: tuple[int | None, ...]) -> str:
    """`tensor<2x?xf32>` for a shape and element type."""
    shape = "".join(f"{'?' if d is None else d}x" for d in dims)
    return f"tensor<{shape}{element_type_name(element_type)}>"


__all__ = ["TensorType", "tensor_type", "argument_types", "argument_tensor_types",
           "type_text"]
