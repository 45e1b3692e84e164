"""The process's one VM instance (iree_vm_instance_t), from the C library
(ireec_runtime_shared_vm_instance): the one every runtime instance's
sessions are made in, with the HAL module's types registered. What needs a
VM instance without a runtime instance (ref types read and registered,
native modules made, bytecode modules read) takes it here, so the areas
below the runtime never need one of its Instances."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from .library import ffi, lib
from .status import check_status

if TYPE_CHECKING:
    from ..types import CData

_shared: CData | None = None
_lock = threading.Lock()


def shared_vm_instance() -> CData:
    """The process's iree_vm_instance_t*: made on first use, a reference of
    ireec's own kept for the rest of the process (the C library keeps the
    instance itself for as long, see csrc/runtime/instance.c)."""
    global _shared
    shared = _shared
    if shared is None:
        with _lock:
            if _shared is None:
                out = ffi.new("iree_vm_instance_t**")
                check_status(lib.ireec_runtime_shared_vm_instance(out))
                _shared = out[0]
            shared = _shared
    return shared
