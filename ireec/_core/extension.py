"""The Python side of the extension ireec._cext (csrc/python/): the tables
it is configured with (numpy's array type and empty(), the buffer formats of
IREE's element types, the dtype cache the general path fills), the
ireec.errors classes it raises (registered once), and cffi pointers as the
ints it takes.

Its call path handles the common case only (arguments that are numpy arrays
or BufferViews) and declines (returns None, having done nothing) everything
else, which the general path then converts or refuses with its own messages:
see csrc/python/invoke.c and invoker.c."""

from __future__ import annotations

import numpy as np

# _library first: it loads the IREE runtime whose symbols the extension binds to.
from ._library import ffi  # isort: skip
from . import _cext  # isort: skip
from .dtypes import _NUMPY_TYPES
from .errors import _BY_CODE, ClosedError, IreeError

# The exceptions C raises, registered once: for closed objects, and for
# failed statuses (the class of each code, IreeError for the others).
_cext.register_errors(ClosedError, IreeError, _BY_CODE)


def _element_types_by_format() -> dict[str, int]:
    """{PEP 3118 buffer format of a native-order array: IREE element type},
    for every numpy type code whose dtype has an element type. Read off
    numpy itself, so that two spellings of one dtype (int64 exports "l",
    longlong "q") both count."""
    formats = {}
    for code in np.typecodes["All"]:
        dtype = np.dtype(code)
        element_type = _NUMPY_TYPES.get(dtype)
        if element_type is not None:
            formats[memoryview(np.empty(0, dtype)).format] = int(element_type)
    return formats


def configure(buffer_view_type: type, dtypes_by_element_type: dict) -> None:
    """Hands the extension numpy's array type and numpy.empty, ireec's
    BufferView class, the format table, and `dtypes_by_element_type`
    (buffer_view's cache, which it reads and the general path fills)."""
    _cext.configure(np.ndarray, buffer_view_type, _element_types_by_format(),
                         dtypes_by_element_type, np.empty)


def address(ptr) -> int:
    """A cffi pointer as the int the extension takes."""
    return int(ffi.cast("uintptr_t", ptr))


invoke = _cext.invoke
read_dense = _cext.read_dense
