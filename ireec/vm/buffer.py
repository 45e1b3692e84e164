"""VM byte buffers (iree/vm/buffer.h): `!util.buffer` in a program,
`vm.buffer` to IREE's tools."""

from __future__ import annotations

from typing import Any

from .. import _cext
from .._core.handle import Handle, use
from .._core.library import ffi, lib
from .._core.validate import checked_allocation_size, contiguous_bytes
from .ref import RefTypes

# The alignment of the buffers ireec makes: what IREE's own allocations of
# buffers of unknown use get.
_ALIGNMENT = 16


class Buffer(Handle, _cext.VmBufferHandle):
    """An `iree_vm_buffer_t`: bytes a program reads and writes with
    `util.buffer.*`, a module's constants among them.

    Made with iree_vm_buffer_create. It has the buffer protocol:
    `memoryview(b)`, `bytes(b)` and `numpy.frombuffer(b, dtype)` see IREE's
    memory itself, read-only when IREE made the buffer read-only (a
    module's constants). A call's `!util.buffer` result is a Buffer;
    bytes-like arguments where a function takes a `!util.buffer` are
    copied into one.

    Parameters
    ----------
    data : bytes-like object or int, optional
        The bytes to copy (bytes, bytearray, memoryview, a C-contiguous
        numpy array), or a size: a buffer of that many zero bytes
        (the default, 0, makes an empty one).
    mutable : bool, optional
        Whether the program may write it (IREE_VM_BUFFER_ACCESS_MUTABLE;
        True by default).

    Raises
    ------
    TypeError
        `data` is neither a bytes-like object nor an int.
    ValueError
        `data` is not C-contiguous, or a negative size or one past what an
        allocation can be (2**63 - 1; a size no memory holds is a
        ResourceExhaustedError).
    """

    __slots__ = ()

    def __init__(self, data: Any = 0, *, mutable: bool = True) -> None:
        if isinstance(data, bool) or not isinstance(data, int):
            source: memoryview | None = contiguous_bytes(data, "Buffer(data): data")
            length = source.nbytes
        else:
            source, length = None, checked_allocation_size(data, "a Buffer's size")
        RefTypes.load()  # the type IREE releases the buffer through
        access = lib.IREE_VM_BUFFER_ACCESS_ORIGIN_HOST
        if mutable:
            access |= lib.IREE_VM_BUFFER_ACCESS_MUTABLE
        self._create(None, None, lib.iree_vm_buffer_create, access, length, _ALIGNMENT,
                     lib.iree_allocator_system())
        with use(self) as (buffer,):
            if source is not None and length:
                ffi.memmove(lib.iree_vm_buffer_data(buffer), source.cast("B"), length)

    def __len__(self) -> int:
        """The buffer's length in bytes (iree_vm_buffer_length)."""
        with use(self) as (buffer,):
            return int(lib.iree_vm_buffer_length(buffer))

    @property
    def mutable(self) -> bool:
        """Whether IREE lets the buffer be written.

        Returns
        -------
        bool
            True when the buffer's `iree_vm_buffer_t` access has
            IREE_VM_BUFFER_ACCESS_MUTABLE.
        """
        with use(self) as (buffer,):
            return bool(buffer.access & lib.IREE_VM_BUFFER_ACCESS_MUTABLE)

    @property
    def readonly(self) -> bool:
        """Whether the buffer is read-only, as memoryview says it.

        Returns
        -------
        bool
            `not mutable`: the `iree_vm_buffer_t` lacks
            IREE_VM_BUFFER_ACCESS_MUTABLE.
        """
        return not self.mutable

    def __bytes__(self) -> bytes:
        """A copy of the contents (iree_vm_buffer_data, iree_vm_buffer_length)."""
        with use(self) as (buffer,):
            length = int(lib.iree_vm_buffer_length(buffer))
            return ffi.unpack(ffi.cast("char*", lib.iree_vm_buffer_data(buffer)), length)

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.vm.Buffer closed>"
        length = len(self)
        shown = bytes(self)[:32]
        more = "..." if length > len(shown) else ""
        access = "" if self.mutable else " read-only"
        return f"<ireec.vm.Buffer{access} of {length} bytes: {shown!r}{more}>"
