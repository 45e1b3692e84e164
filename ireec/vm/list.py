"""VM lists (iree/vm/list.h)."""

from __future__ import annotations

from .. import _cext
from .._core.handle import Handle
from .._core.library import lib
from .._core.validate import checked_int


class VmList(Handle, _cext.VmListHandle):
    """An `iree_vm_list_t` of variants, owned (iree_vm_list_create)."""

    __slots__ = ()

    @classmethod
    def create(cls, capacity: int) -> "VmList":
        capacity = checked_int(capacity, (0, lib.IREE_HOST_SIZE_MAX), "the list capacity")
        created = cls.__new__(cls)
        created._create(None, None, lib.iree_vm_list_create,
                        lib.iree_vm_make_undefined_type_def(), capacity,
                        lib.iree_allocator_system())
        return created
