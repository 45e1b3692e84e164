"""VM references (iree/vm/ref.h): the ref types ireec converts."""

from __future__ import annotations

from .._core.library import lib


class RefTypes:
    """The registered VM ref types, read once: they exist only after HAL
    types are registered (which creating an Instance does, process-wide)."""

    buffer_view: int = 0
    fence: int = 0
    list: int = 0

    @classmethod
    def load(cls) -> type["RefTypes"]:
        """The class, its types read on first use (iree_hal_buffer_view_type,
        iree_hal_fence_type, iree_vm_list_type)."""
        if not cls.buffer_view:
            cls.fence = int(lib.iree_hal_fence_type())
            cls.list = int(lib.iree_vm_list_type())
            cls.buffer_view = int(lib.iree_hal_buffer_view_type())
        return cls
