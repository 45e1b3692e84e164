"""Deterministic lifetimes for wrappers of IREE objects.

Each wrapper owns exactly one reference to one C object: its class's
constructor creates the object, `Cls.from_handle(ptr, retain=...)` adopts a
raw pointer instead. `close()` (or leaving
a `with` block) releases it at once; otherwise garbage collection does, through
`ffi.gc`. Wrappers also hold the Python objects their C object depends on
(`keep_alive`), so a parent wrapper cannot be collected while a child needs it;
IREE's own reference counts keep the C parents alive (closing an instance
while its sessions live is safe).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, NoReturn, Self

from ._library import ffi
from .errors import ClosedError

if TYPE_CHECKING:
    from .types import CData


class Handle:
    """Owns one reference to an IREE C object; hands the pointer back as
    `.handle` so raw (`ireec.lib`) and Pythonic code mix freely."""

    # The C function that drops one reference, e.g. lib.iree_hal_device_release.
    _release_fn: ClassVar[Callable[[Any], None]]
    # The C function that adds one, for wrapping borrowed pointers.
    _retain_fn: ClassVar[Callable[[Any], None] | None] = None

    __slots__ = ("_ptr", "_keep_alive", "__weakref__")

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False) -> Self:
        """Adopts the raw pointer `ptr` (e.g. from `ireec.lib`): takes over
        the caller's reference, or adds one of its own if `retain`."""
        self = cls.__new__(cls)
        self._own(ptr, retain=retain)
        return self

    def _own(self, ptr: CData, *, retain: bool = False, keep_alive: tuple[object, ...] = ()) -> None:
        """Takes ownership of one reference to `ptr` (adding one if `retain`)."""
        c_type = ffi.typeof(type(self)._release_fn).args[0]
        if isinstance(ptr, ffi.CData) and ptr == ffi.NULL:
            raise ValueError(f"{type(self).__name__} needs a non-NULL pointer")
        if not isinstance(ptr, ffi.CData) or ffi.typeof(ptr) is not c_type:
            raise TypeError(f"{type(self).__name__} wraps a {c_type.cname}, not {ptr!r}")
        if retain:
            type(self)._retain_fn(ptr)
        self._ptr = ffi.gc(ptr, type(self)._release_fn)
        self._keep_alive = keep_alive

    @property
    def handle(self) -> CData:
        """The C pointer (borrowed: valid while this object is open)."""
        ptr = self._ptr
        if ptr is None:
            raise ClosedError(f"{type(self).__name__} is closed")
        return ptr

    @property
    def closed(self) -> bool:
        return self._ptr is None

    def close(self) -> None:
        """Releases the reference now. Closing twice is harmless."""
        ptr, self._ptr = self._ptr, None
        if ptr is not None:
            ffi.release(ptr)  # runs the ffi.gc destructor immediately
        self._keep_alive = ()

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
        self.handle  # refuse to enter a closed object
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._ptr is None else f"{int(ffi.cast('uintptr_t', self._ptr)):#x}"
        return f"<ireec.{type(self).__name__} {state}>"
