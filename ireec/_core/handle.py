"""Deterministic lifetimes for wrappers of IREE objects: the Handle base of
every wrapper, and `use`, the one way its pointer is handed to IREE.

Each wrapper owns exactly one reference to one C object: its class's
constructor creates the object, straight into the wrapper
(`_cext.Handle._create`: IREE's constructor is called from C with an `out`
the wrapper owns, so an exception raised by a signal handler, Ctrl-C, can
neither leak the new reference nor release it twice);
`Cls.from_handle(ptr, retain=...)` adopts a raw pointer instead. `close()` (or leaving
a `with` block) releases it as soon as nothing uses it; otherwise garbage
collection does. A wrapper made from another (a Device from its Instance, a
Semaphore or BufferView from its Device) holds a use of it, so closing the
parent first is safe: its reference goes when the last child does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn, Self

from .. import _cext
from .library import ffi

if TYPE_CHECKING:
    from ..types import CData


class Handle(_cext.Handle):
    """Owns one reference to an IREE C object; hands the pointer back as
    `.handle` so raw (`ireec.lib`) and Pythonic code mix freely.

    The reference itself lives in the C base (ireec._cext.Handle, see
    csrc/python/handle.c), of the kind of the C object: each wrapper class
    also subclasses its kind (`class Device(Handle, _cext.DeviceHandle)`),
    which fixes how the reference is retained and released and which cffi
    pointer `.handle` is. `close()` marks the object closed at once and
    releases the reference when the last user leaves (a call or wait in
    progress on another thread, which holds a use, or a child object: a
    BufferView holds a use of its Device, a Device of its Instance), so
    closing from any thread is safe.
    """

    __slots__ = ()

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False) -> Self:
        """Adopts the raw pointer `ptr` (e.g. from `ireec.lib`): takes over
        the caller's reference, or adds one of its own if `retain`."""
        self = cls.__new__(cls)
        self._own(ptr, retain=retain)
        return self

    @classmethod
    def _made(cls, parent: object, function: Any, *args: Any) -> Self:
        """A new wrapper of what IREE's constructor `function(*args, out)`
        makes, holding a use of `parent` (Handle._create: made straight into
        the wrapper, so an interrupt cannot leak it)."""
        self = cls.__new__(cls)
        self._create(parent, None, function, *args)
        return self

    def _own(self, ptr: CData, *, retain: bool = False, parent: Handle | tuple | None = None,
             keep_alive: object = None) -> None:
        """Takes ownership of one reference to `ptr` (adding one if `retain`),
        holding a use of `parent` (ClosedError if it is closed: the
        reference is then released) and keeping `keep_alive` until after
        the release."""
        c_type = self._c_type
        if isinstance(ptr, ffi.CData) and ptr == ffi.NULL:
            raise ValueError(f"{type(self).__name__} needs a non-NULL pointer")
        if not isinstance(ptr, ffi.CData) or ffi.typeof(ptr) is not c_type:
            raise TypeError(f"{type(self).__name__} wraps a {c_type.cname}, not {ptr!r}")
        self._adopt(address(ptr), retain, parent, keep_alive)

    # `.handle` (the cffi pointer, ClosedError once closed) is the C base's.

    def __copy__(self) -> NoReturn:
        # A second wrapper would release the same reference twice.
        raise TypeError(f"ireec.{type(self).__name__} cannot be copied: share the object "
                        f"itself, or adopt its .handle with from_handle(..., retain=True)")

    def __deepcopy__(self, memo: object) -> NoReturn:
        return self.__copy__()

    def __reduce__(self) -> NoReturn:
        raise TypeError(f"ireec.{type(self).__name__} cannot be pickled: it wraps a C "
                        f"object of this process")

    def __enter__(self) -> Self:
        self._require_open()  # refuse to enter a closed object
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        address = self._address
        state = "closed" if address is None else f"{address:#x}"
        return f"<ireec.{type(self).__name__} {state}>"


def address(ptr: CData) -> int:
    """A cffi pointer as the int the extension takes."""
    return int(ffi.cast("uintptr_t", ptr))


def use(*objects: Handle | None) -> _cext.Use:
    """`with use(a, b) as (a_ptr, b_ptr):` the one way ireec hands an
    object's pointer to IREE: a use of every object (ClosedError if one is
    closed; none is then kept) held for the block, and their pointers
    (`.handle`; ffi.NULL for None) in the order given.

    An IREE call releases the GIL while IREE works (cffi does, for every
    call); a close() on another thread meanwhile must not free the object
    under it. Holding a use makes that close() only mark the object closed;
    the reference goes when the block ends. Every IREE call on a wrapped
    object's pointer is made inside such a block, with every object it
    names (tests/test_structure.py refuses a `.handle` read anywhere else
    in ireec). Taken and given back in C (ireec._cext.Use), so an interrupt
    cannot leave a use held."""
    return _cext.Use(*objects)


def keep_in_use(holder: Handle, kept: Handle) -> None:
    """Holds a use of `kept` until `holder`'s reference is released (with
    what `holder` was made holding): for what an object comes to need
    after it was made, which a close() of `kept` must not release under it
    (a Fence given another device's semaphore; a List given, or giving out,
    what may hold a module's constant)."""
    held = _cext.Use(kept)
    held.__enter__()  # (interrupted from here, `held` goes and gives the use back)
    holder._keep(held)
