"""`in_use`: a method that holds a use of its object while it runs.

A method that hands an object's pointer to IREE releases the GIL while IREE
works (cffi does, for every call); a close() on another thread meanwhile must
not free the object under it. Holding a use (ireec._cext.Handle._acquire,
ClosedError if already closed) makes that close() only mark the object
closed; the reference goes when the method gives the use back.
"""

from __future__ import annotations

import functools

from ._fork import inherited_message
from .errors import ClosedError


def in_use(method):
    """Decorates a Handle method: it runs holding a use of `self`."""

    @functools.wraps(method)
    def holding_a_use(self, *args, **kwargs):
        try:
            self._acquire()
        except ClosedError:
            # An object a forked child inherited says so.
            message = inherited_message(self)
            if message is None:
                raise
            raise ClosedError(message) from None
        try:
            return method(self, *args, **kwargs)
        finally:
            self._release_use()

    return holding_a_use
