"""Types for annotating code that uses ireec (and ireec's own annotations).

`CData` is a cffi cdata object (a pointer, record, array or function pointer
from `ireec.ffi` / `ireec.lib`): cffi's objects have no static types, so it
is `Any` to a checker. `Value` is an argument or result of a call (a
BufferView, a numpy array as an argument, an int or float, a Fence or another
VM reference); `Out` is what `out=` takes: one array for a single result, or
one entry per result (None for a result returned as usual).
"""

from __future__ import annotations

from typing import Any, Sequence, TypeAlias, Union

import numpy as np

CData: TypeAlias = Any
Value: TypeAlias = Any
Out: TypeAlias = Union["np.ndarray[Any, Any]", Sequence[Union["np.ndarray[Any, Any]", None]], None]

__all__ = ["CData", "Out", "Value"]
