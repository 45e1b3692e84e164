"""VM lists (iree/vm/list.h)."""

from __future__ import annotations

from .. import _cext
from .._core.handle import Handle
from .._core.library import ffi, lib
from .._core.status import check_status


class VmList(Handle, _cext.VmListHandle):
    """An `iree_vm_list_t` of variants, owned (iree_vm_list_create)."""

    __slots__ = ()

    @classmethod
    def create(cls, capacity: int) -> "VmList":
        """A new empty list of variants with room for `capacity` values
        (iree_vm_list_create with an undefined element type)."""
        out = ffi.new("iree_vm_list_t**")
        check_status(lib.iree_vm_list_create(
            lib.iree_vm_make_undefined_type_def(), capacity,
            lib.iree_allocator_system(), out))
        return cls.from_handle(out[0])
