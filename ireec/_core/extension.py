"""The Python side of the extension ireec._cext (csrc/python/): the tables it
is configured with (numpy's array type and empty(), the buffer formats of
IREE's element types, the element type → dtype table) and the ireec.errors
classes it raises (registered once).

Its call path handles the common case only (arguments that are numpy arrays
or BufferViews) and declines (returns None, having done nothing) everything
else, which the general path then converts or refuses with its own messages:
see csrc/python/invoke.c and invoker.c."""

from __future__ import annotations

import numpy as np

# library first: it loads the IREE runtime whose symbols the extension binds to.
from . import library  # noqa: F401  isort: skip
from .. import _cext  # isort: skip
from ..errors import ERRORS_BY_CODE, ClosedError, IreeError
from ..hal.element_type import DTYPES_BY_ELEMENT_TYPE, buffer_formats

# The exceptions C raises, registered once: for closed objects, and for
# failed statuses (the class of each code, IreeError for the others).
_cext.register_errors(ClosedError, IreeError, ERRORS_BY_CODE)


def configure(buffer_view_type: type) -> None:
    """Hands the extension numpy's array type and numpy.empty, ireec's
    BufferView class, the buffer formats of IREE's element types and the
    element type → dtype table (which grows by the ml_dtypes types once
    they are imported)."""
    _cext.configure(np.ndarray, buffer_view_type, buffer_formats(),
                    DTYPES_BY_ELEMENT_TYPE, np.empty)


invoke = _cext.invoke
read_dense = _cext.read_dense
