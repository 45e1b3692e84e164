"""VM values (iree/vm/value.h): the scalar types of the VM, and Python
values converted to them.

A value type is named as IREE prints it: "i8", "i16", "i32", "i64", "f32",
"f64". A calling convention spells four of them with one letter ("i", "I",
"f", "F": ireec/vm/function.py); the conversions below take either.

* integers: a Python int, anything with `__index__` (numpy integers), or a
  0-d integer/bool array. Integers are signless in the VM, so both signed
  and unsigned values of the width are accepted (3_000_000_000 becomes the
  i32 bit pattern -1_294_967_296); anything wider raises InvalidArgumentError
  (an ireec.Error and a ValueError, as every out-of-range integer ireec is given).
* floats: a Python int or float, a numpy number, or a 0-d numeric array.
  A value too large for the type becomes an infinity of its sign, as C's
  conversion (and numpy's astype) makes it: 1e300 as an f32 is inf, and so
  is np.float64(1e300) or 10**400.
"""

from __future__ import annotations

import math
import operator
from typing import Any

import numpy as np

from .._core.library import lib
from ..errors import InvalidArgumentError
from .function import SCALAR_KINDS

# IREE's value types by name: (iree_vm_value_type_t, the iree_vm_value_t
# field holding it, the numpy type of the same width).
VALUE_TYPES: dict[str, tuple[int, str, type[np.generic]]] = {
    "i8": (lib.IREE_VM_VALUE_TYPE_I8, "i8", np.int8),
    "i16": (lib.IREE_VM_VALUE_TYPE_I16, "i16", np.int16),
    "i32": (lib.IREE_VM_VALUE_TYPE_I32, "i32", np.int32),
    "i64": (lib.IREE_VM_VALUE_TYPE_I64, "i64", np.int64),
    "f32": (lib.IREE_VM_VALUE_TYPE_F32, "f32", np.float32),
    "f64": (lib.IREE_VM_VALUE_TYPE_F64, "f64", np.float64),
}
# The name of each iree_vm_value_type_t.
VALUE_TYPE_NAMES: dict[int, str] = {code: name for name, (code, _, _) in VALUE_TYPES.items()}
# The value type a numpy scalar type keeps (bool as i8, as IREE stores i1).
VALUE_TYPE_OF_NUMPY: dict[type, str] = {
    **{numpy_type: name for name, (_, _, numpy_type) in VALUE_TYPES.items()},
    np.bool_: "i8", np.uint8: "i8", np.uint16: "i16", np.uint32: "i32", np.uint64: "i64",
}


def type_name(kind: str) -> str:
    """A value type's name from its calling-convention letter or its name."""
    return SCALAR_KINDS.get(kind, kind)


def describe(value: Any) -> str:
    """What `value` is, for messages."""
    if isinstance(value, np.ndarray):
        return f"numpy array of shape {value.shape} and dtype {value.dtype}"
    return type(value).__name__


def _scalar_from_0d(value: np.ndarray, name: str, where: str) -> Any:
    """A 0-d array (or numpy scalar) as the Python scalar a value takes."""
    if value.ndim != 0:
        raise TypeError(f"{where} takes an {name} scalar; got a "
                        f"{describe(value)} (only 0-d arrays convert to scalars)")
    allowed = "biu" if name.startswith("i") else "biuf"
    if value.dtype.kind not in allowed:
        raise TypeError(f"{where} takes an {name} scalar; got a "
                        f"0-d array of dtype {value.dtype}")
    return value.item()


def as_int(value: Any, kind: str, where: str) -> int:
    """`value` as the signed integer of the value type `kind` ("i", "I", or
    "i8" ... "i64") that holds its bits; TypeError or InvalidArgumentError naming
    `where` otherwise."""
    name = type_name(kind)
    if isinstance(value, (np.ndarray, np.generic)):
        value = _scalar_from_0d(np.asarray(value), name, where)
    if isinstance(value, (float, complex)):
        raise TypeError(f"{where} takes an {name} (an int); got "
                        f"{type(value).__name__} {value!r}")
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"{where} takes an {name} (an int); got "
                        f"{describe(value)}") from None
    bits = int(name[1:])
    if not -(1 << (bits - 1)) <= value < (1 << bits):
        raise InvalidArgumentError(f"{where}: {value} does not fit in {name}",
                                   lib.IREE_STATUS_INVALID_ARGUMENT)
    # Signless: an unsigned value is passed as its bit pattern.
    return value - (1 << bits) if value >= (1 << (bits - 1)) else value


# The smallest magnitude that rounds to infinity as an f32 (half an ulp
# past the largest finite f32, rounding to even).
_F32_OVERFLOW = (2 - 2**-24) * 2**127


def as_float(value: Any, kind: str, where: str) -> float:
    """`value` as a float for the value type `kind` ("f", "F", "f32",
    "f64"), an infinity where the type cannot hold it (see the module
    docstring); TypeError naming `where` otherwise."""
    name = type_name(kind)
    if isinstance(value, (np.ndarray, np.generic)):
        value = _scalar_from_0d(np.asarray(value), name, where)
    if not isinstance(value, (int, float, np.floating)):
        raise TypeError(f"{where} takes an {name} (a float); got {describe(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int past every float
        return math.copysign(math.inf, value)
    if name == "f32" and abs(number) >= _F32_OVERFLOW:
        return math.copysign(math.inf, number)
    return number


def set_value(out: Any, name: str, value: Any, where: str) -> None:
    """Fills the iree_vm_value_t* `out` with `value` as the value type `name`."""
    code, field, _ = VALUE_TYPES[name]
    out.type = code
    if name.startswith("i"):
        setattr(out, field, as_int(value, name, where))
    else:
        setattr(out, field, as_float(value, name, where))


def value_type_of(value: Any) -> str | None:
    """The value type a Python value keeps in a list of variants: its own
    width for a numpy scalar, i64 for an int, f64 for a float (Python's
    own widths), i8 for a bool; None for anything that is not a scalar."""
    if isinstance(value, np.generic):
        return VALUE_TYPE_OF_NUMPY.get(type(value))
    if isinstance(value, bool):
        return "i8"
    if isinstance(value, int):
        return "i64"
    if isinstance(value, float):
        return "f64"
    return None
