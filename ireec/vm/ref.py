"""VM references (iree/vm/ref.h): the ref types ireec converts."""

from __future__ import annotations

from .._core.library import lib
from .._core.vm_instance import shared_vm_instance


class RefTypes:
    """The registered VM ref types, read once: they exist only once the
    process's VM instance does, with the HAL types registered (the first
    Instance makes it, or `load`).
    Every VM object ireec makes (a List, a Buffer) loads them first: IREE
    releases such objects through their type."""

    buffer_view: int = 0
    fence: int = 0
    semaphore: int = 0
    list: int = 0
    buffer: int = 0

    @classmethod
    def load(cls) -> type["RefTypes"]:
        """The class, its types read on first use (iree_hal_buffer_view_type,
        iree_hal_fence_type, iree_vm_list_type)."""
        if not cls.buffer_view:
            shared_vm_instance()  # (made, it has the types registered)
            cls.fence = int(lib.iree_hal_fence_type())
            cls.semaphore = int(lib.iree_hal_semaphore_type())
            cls.list = int(lib.iree_vm_list_type())
            cls.buffer = int(lib.iree_vm_buffer_type())
            cls.buffer_view = int(lib.iree_hal_buffer_view_type())
        return cls
