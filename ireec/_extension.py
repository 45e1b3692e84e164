"""The installation of the extension ireec._cext (csrc/python/): one call,
made once by ireec's __init__ when the package is imported, that hands the
extension everything it needs from Python at once.

The extension holds the C state of ireec's objects (the Handle kinds every
wrapper subclasses, the Invoker of PreparedCall and BoundCall, the Lock of
a Session) and makes every call of a session's function (the one route:
csrc/python/invoker.c), decodes its results and reads views back. What it is
given here is data, never behaviour: the classes it makes objects of, the
tables it reads, and the dict of exceptions kept for failed statuses.
"""

from __future__ import annotations

from typing import Any

from . import _cext
from ._core.callbacks import kept as python_exceptions
from ._core.library import ffi
from .errors import ClosedError, IreeError
from .hal.buffer_view import BufferView
from .hal.element_type import DTYPES_BY_ELEMENT_TYPE, ELEMENT_TYPES_BY_DTYPE
from .hal.fence import Fence
from .hal.semaphore import Semaphore
from .runtime.advice import status_error_factories
from .vm import ref_type
from .vm.buffer import Buffer as VmBuffer
from .vm.list import List


def install() -> None:
    """Installs the extension (once; ireec's __init__ does)."""
    _cext.install(**installation())


def installation() -> dict[str, Any]:
    """What install() gives the extension, by keyword."""
    return dict(
        ffi=ffi,
        # The one element-type table, both ways (the extension reads the
        # second as it grows by ml_dtypes' types).
        element_types_by_dtype=ELEMENT_TYPES_BY_DTYPE,
        dtypes_by_element_type=DTYPES_BY_ELEMENT_TYPE,
        buffer_view=BufferView,
        closed_error=ClosedError,
        iree_error=IreeError,
        # What each status code's exception is made with: its class, or
        # where ireec adds advice to IREE's text, a function making it.
        errors_by_code=status_error_factories(),
        # The classes of a call's ref results, and the Python objects of
        # the ref types registered with ireec.vm.register_type.
        fence=Fence,
        semaphore=Semaphore,
        vm_list=List,
        vm_buffer=VmBuffer,
        ref_types=ref_type.types_by_id,
        ref_objects=ref_type.objects_by_token,
        # The exceptions Python functions IREE calls raised, kept under the
        # number their failed statuses name.
        python_exceptions=python_exceptions,
    )
