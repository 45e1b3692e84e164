"""What a tensor argument may be besides a numpy array or a BufferView, and the
host array it becomes (then copied to the device as a numpy array is):

* a DLPack producer (`__dlpack__`: a JAX or PyTorch array, ...): its host
  memory, as is (ireec.hal.dlpack; bf16 and fp8 included); a producer of
  device memory (a CUDA tensor) is imported onto the device instead
  (ireec/_core/marshal.py, BufferView.from_dlpack);
* any buffer-protocol object (memoryview, array.array, bytes, mmap): an
  array of its format and shape, as numpy.asarray reads it;
* a Python scalar or a rectangular (nested) list or tuple of them: an array
  of the element type the function declares for that argument
  (`iree.abi.declaration`), checked against its rank and static dimensions.

Anything else, or a value that does not fit the declared type, raises an
error naming the argument and the declared type.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..hal.dlpack import host_tensor, offers_dlpack
from ..hal.element_type import dtype_from_element_type
from .._core.library import lib
from ..errors import InvalidArgumentError
from ..vm.declaration import TensorType


class HostArgument(NamedTuple):
    """An argument's values in host memory: the array, and the IREE element
    type when the array's dtype does not say it (a DLPack type numpy lacks)."""
    array: np.ndarray[Any, Any]
    element_type: int | None = None


def host_argument(value: Any, declared: TensorType | None, where: str) -> HostArgument | None:
    """The host array `value` stands for (see the module docstring), or None
    when `value` is none of those kinds."""
    if offers_dlpack(value):
        tensor = host_tensor(value)
        return HostArgument(tensor.array, tensor.element_type)
    try:
        view = memoryview(value)
    except TypeError:
        view = None
    if view is not None:
        return HostArgument(_check_shape(np.asarray(view), declared, where))
    if isinstance(value, (bool, int, float, complex, list, tuple)):
        return HostArgument(_from_python(value, declared, where))
    return None


def _from_python(value: Any, declared: TensorType | None, where: str) -> np.ndarray[Any, Any]:
    if declared is None:
        raise TypeError(f"{where} takes a tensor; a Python {type(value).__name__} carries "
                        f"no element type and the function declares none for it: pass a "
                        f"numpy array or scalar (e.g. numpy.float32({value!r}))")
    dtype = dtype_from_element_type(declared.element_type)
    try:
        natural = np.asarray(value)
    except ValueError as e:  # a ragged list
        raise ValueError(f"{where} ({declared.text}) is not rectangular: {e}") from None
    if natural.dtype.kind not in "biufc":
        raise TypeError(f"{where} ({declared.text}) holds {natural.dtype} values, not "
                        f"numbers")
    if natural.dtype.kind in "fc" and dtype.kind in "biu":
        raise TypeError(f"{where} is declared {declared.text}; it was given floating-point "
                        f"values")
    if natural.dtype.kind == "c" and dtype.kind != "c":
        raise TypeError(f"{where} is declared {declared.text}; it was given complex values")
    try:
        array = natural.astype(dtype, casting="same_kind" if dtype.kind in "fc" else "unsafe")
    except TypeError as e:
        raise TypeError(f"{where} is declared {declared.text}: {e}") from None
    if natural.dtype.kind in "biu" and dtype.kind in "biu" and natural.size and (
            not np.array_equal(array.astype(natural.dtype), natural)):
        raise InvalidArgumentError(f"{where} is declared {declared.text}; a value given "
                                   f"does not fit in it", lib.IREE_STATUS_INVALID_ARGUMENT)
    return _check_shape(array, declared, where)


def _check_shape(array: np.ndarray[Any, Any], declared: TensorType | None,
                 where: str) -> np.ndarray[Any, Any]:
    if declared is not None and not declared.accepts_shape(array.shape):
        raise ValueError(f"{where} is declared {declared.text}; it was given "
                         f"{_shape_words(array.shape)}")
    return array


def _shape_words(shape: tuple[int, ...]) -> str:
    """A shape in words, its counts named as counts: "a scalar", "3
    elements", "shape 1x2 (2 elements)"."""
    if not shape:
        return "a scalar"
    count = int(np.prod(shape))
    elements = f"{count} element{'' if count == 1 else 's'}"
    if len(shape) == 1:
        return elements
    return f"shape {'x'.join(map(str, shape))} ({elements})"


__all__ = ["HostArgument", "host_argument"]
