"""Results against `--expected_output=` values, judged and reported the way
iree-run-module does it.

Buffer views match when their shape, element type and encoding match and
every element does: within `--expected_f16_threshold` / `_f32_` / `_f64_` of
the expected value for f16, f32 and f64 elements (`--equality_mode=absolute`,
the default: `|expected - actual| <= threshold`), or relatively
(`relative`: `|(expected - actual) / expected| <= threshold`), and bit for bit
for every other element type, or for all of them with `exact`. The first
element that differs is reported, with both views' text.

Where ireec departs from IREE 3.9's tool, on purpose:

* NaN matches only NaN (IREE's `fabs(e - a) > threshold` test lets a NaN
  match any value, which hides wrong results);
* an expected `(null)` matches only a null result; `(ignored)` matches
  anything (IREE ignores both);
* scalar results are compared (IREE 3.9 reports every scalar result as a
  type mismatch), floats within the thresholds above.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import Any

import numpy as np

from .._core.library import ffi, lib
from ..hal.buffer_view import BufferView
from .._core.strings import builder_text
from ..vm.function import SCALAR_KINDS
from ..vm.variant import object_type_name
from .inputs import IGNORED

# How many elements of each view a failure report shows.
_REPORT_MAX_ELEMENTS = 1024

_APPROXIMATE_TYPES = {
    lib.IREE_HAL_ELEMENT_TYPE_FLOAT_16: "f16",
    lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32: "f32",
    lib.IREE_HAL_ELEMENT_TYPE_FLOAT_64: "f64",
}

EQUALITY_MODES = ("absolute", "relative", "exact")


@dataclass(frozen=True)
class Equality:
    """--equality_mode and the thresholds (IREE's defaults)."""

    mode: str = "absolute"
    f16_threshold: float = 0.001
    f32_threshold: float = 0.0001
    f64_threshold: float = 0.0001

    def threshold(self, type_name: str) -> float:
        """The threshold for elements of `type_name` ("f16", "f32" or "f64")."""
        return getattr(self, f"{type_name}_threshold")


def _shape_and_type(view: BufferView) -> str:
    """IREE's text for a view's shape and element type, e.g. "2x3xf32"."""
    dims = ffi.new("iree_hal_dim_t[]", list(view.shape) or [0])
    return builder_text(lambda builder: lib.iree_hal_append_shape_and_element_type_string(
        view.ndim, dims, view.element_type, builder))


def _element_text(element_type: int, data: bytes) -> str:
    """IREE's text for one element (iree_hal_format_element)."""
    buffer = ffi.new("char[]", 64)
    length = ffi.new("iree_host_size_t*")
    source = ffi.from_buffer(data)
    status = lib.iree_hal_format_element(
        lib.iree_make_const_byte_span(source, len(data)), element_type, 64, buffer, length)
    if not lib.iree_status_is_ok(status):
        lib.iree_status_ignore(status)
        return data.hex()
    return ffi.unpack(buffer, length[0]).decode()


def _first_mismatch(equality: Equality, element_type: int, expected: np.ndarray,
                    actual: np.ndarray) -> int | None:
    """Index of the first element that differs, or None."""
    expected = expected.reshape(-1)
    actual = actual.reshape(-1)
    type_name = _APPROXIMATE_TYPES.get(element_type)
    if equality.mode == "exact" or type_name is None:
        width = expected.dtype.itemsize
        differs = np.any(expected.view(np.uint8).reshape(-1, width)
                         != actual.view(np.uint8).reshape(-1, width), axis=1)
    else:
        # f16 is compared in f32, as IREE does; each type in its own precision.
        work = np.float64 if type_name == "f64" else np.float32
        e = expected.astype(work)
        a = actual.astype(work)
        threshold = work(equality.threshold(type_name))
        with np.errstate(all="ignore"):
            difference = np.abs(e - a)
            if equality.mode == "relative":
                difference = np.abs(difference / e)
            same = (e == a) | (np.isnan(e) & np.isnan(a)) | (difference <= threshold)
        differs = ~same
    bad = np.flatnonzero(differs)
    return int(bad[0]) if bad.size else None


def _compare_buffer_views(index: int, expected: BufferView, actual: BufferView,
                          equality: Equality) -> str | None:
    """None if they match, else IREE's report."""
    problem = None
    if actual.encoding_type != lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR:
        problem = "non-dense encodings not supported for matching"
    elif (actual.shape != expected.shape or actual.element_type != expected.element_type
          or actual.encoding_type != expected.encoding_type):
        problem = f"metadata is {_shape_and_type(actual)}"
    else:
        expected_array = expected.to_numpy()
        actual_array = actual.to_numpy()
        i = _first_mismatch(equality, actual.element_type, expected_array, actual_array)
        if i is None:
            return None
        element_type = actual.element_type
        problem = (f"element at index {i} "
                   f"({_element_text(element_type, actual_array.reshape(-1)[i].tobytes())})"
                   f" does not match the expected "
                   f"({_element_text(element_type, expected_array.reshape(-1)[i].tobytes())})")
    return (f"[FAILED] result[{index}]: {problem}; expected that the view is equal to "
            f"contents of a view of {_shape_and_type(expected)}\n"
            f"  expected:\n{expected.format(_REPORT_MAX_ELEMENTS)}\n"
            f"  actual:\n{actual.format(_REPORT_MAX_ELEMENTS)}\n")


def _compare_scalars(index: int, kind: str, expected, actual,
                     equality: Equality) -> str | None:
    type_name = SCALAR_KINDS[kind]
    if kind in "iI":
        if int(expected) == int(actual):
            return None
        return (f"[FAILED] result[{index}]: {type_name} values differ\n"
                f"  expected: {int(expected)}\n  actual: {int(actual)}\n")
    work = np.float32 if kind == "f" else np.float64
    e, a = work(expected), work(actual)
    with np.errstate(all="ignore"):
        difference = abs(e - a)
        if equality.mode == "relative":
            difference = abs(difference / e)
        same = e == a or (np.isnan(e) and np.isnan(a)) or (
            equality.mode != "exact" and difference <= work(equality.threshold(type_name)))
    if same:
        return None
    return (f"[FAILED] result[{index}]: {type_name} values differ\n"
            f"  expected: {'%G' % float(e)}\n  actual: {'%G' % float(a)}\n")


def _type_name(kind: str, value) -> str:
    if value is None:
        return "empty"
    name = object_type_name(value)
    if name is not None:
        return name
    if isinstance(value, (int, float)):
        return SCALAR_KINDS.get(kind, "?")
    return "unknown"


def compare_results(kinds: str, expected: list[Any], actual: list[Any],
                    equality: Equality) -> tuple[bool, str]:
    """(all matched, the report iree-run-module prints)."""
    if len(expected) != len(actual):
        return False, (f"[FAILED] expected {len(expected)} list elements but "
                       f"{len(actual)} provided\n")
    report = []
    for i, (kind, e, a) in enumerate(zip(kinds, expected, actual)):
        if e is IGNORED or (e is None and a is None):
            continue
        if isinstance(e, BufferView) and isinstance(a, BufferView):
            failure = _compare_buffer_views(i, e, a, equality)
        elif (kind in SCALAR_KINDS and isinstance(e, (int, float))
              and isinstance(a, (int, float))):
            failure = _compare_scalars(i, kind, e, a, equality)
        else:
            failure = (f"[FAILED] result[{i}]: variant types mismatch; expected "
                       f"{_type_name(kind, e)} but got {_type_name(kind, a)}\n")
        if failure is not None:
            report.append(failure)
    if report:
        return False, "".join(report)
    return True, "[SUCCESS] all function outputs matched their expected values.\n"
