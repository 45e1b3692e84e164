"""Python functions a device's queue calls (`Device.queue_host_call`).

IREE calls one C function, made once here with `ireec.status_callback`, with
a token as its user data; the token names the Python function and its
arguments, registered until the call. An exception the function raises
fails the call's signal semaphores with the exception's type and message,
and whoever waits on them raises that exception (never a silent success).

A call whose waits fail is never made (IREE fails its signals instead): its
entry is dropped at the next registration that finds one of its wait
semaphores failed, so such entries do not pile up.
"""

from __future__ import annotations

import itertools
import threading
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from .._core.callbacks import status_callback
from .._core.library import ffi, lib
from ..errors import IreeError
from .semaphore import Semaphore

if TYPE_CHECKING:
    from ..types import CData
    from .device import Device

# What a host call returns when it has taken over signaling its semaphores
# itself (IREE_STATUS_DEFERRED): it signals them later, from anywhere.
DEFERRED = type("DeferredType", (), {"__repr__": lambda self: "ireec.hal.DEFERRED",
                                     "__slots__": ()})()


class HostCallContext(NamedTuple):
    """iree_hal_host_call_context_t, given to a host call made with
    `context=True`: the device and queue calling it, and the semaphores it
    signals (empty for NON_BLOCKING calls, whose queue signals first). A
    call returning DEFERRED signals them itself."""

    device: Device
    queue_affinity: int
    signal: list[tuple[Semaphore, int]]


class _Call(NamedTuple):
    function: Callable[..., Any]
    arg_count: int
    pass_context: bool
    device: Device
    # What the call waits on (semaphore references of its own): a call is
    # never made once one of them fails.
    waits: list[tuple[Semaphore, int]]


_calls: dict[int, _Call] = {}
_tokens = itertools.count(1)
_lock = threading.Lock()


@status_callback("iree_status_t(void*, const uint64_t[4], iree_hal_host_call_context_t*)")
def _run(user_data: CData, args: CData, context: CData) -> CData | None:
    with _lock:
        call = _calls.pop(int(ffi.cast("uintptr_t", user_data)), None)
    if call is None:
        raise RuntimeError("a host call IREE made was not registered (its function was "
                           "dropped)")
    values = [int(args[i]) for i in range(call.arg_count)]
    if call.pass_context:
        signals = context.signal_semaphore_list
        result = call.function(*values, context=HostCallContext(
            call.device, int(context.queue_affinity),
            [(Semaphore.from_handle(signals.semaphores[i], retain=True),
              int(signals.payload_values[i])) for i in range(signals.count)]))
    else:
        result = call.function(*values)
    if result is DEFERRED:
        return lib.iree_status_from_code(lib.IREE_STATUS_DEFERRED)
    return None


# The C function pointer IREE calls.
HOST_CALL_FN = _run


def register(function: Callable[..., Any], arg_count: int, pass_context: bool,
             device: Device, waits: list[tuple[Semaphore, int]]) -> int:
    """A token for one call of `function` (dropping calls that can no longer
    be made)."""
    _drop_unreachable()
    token = next(_tokens)
    with _lock:
        _calls[token] = _Call(function, arg_count, pass_context, device, waits)
    return token


def unregister(token: int) -> None:
    """Drops a call IREE refused to queue."""
    with _lock:
        _calls.pop(token, None)


def pending_count() -> int:
    """How many registered calls IREE has not made yet."""
    return len(_calls)


def _failed(waits: list[tuple[Semaphore, int]]) -> bool:
    try:
        for semaphore, _ in waits:
            semaphore.query()
    except IreeError:
        return True
    return False


def _drop_unreachable() -> None:
    with _lock:
        entries = list(_calls.items())
    for token, call in entries:
        if _failed(call.waits):
            with _lock:
                _calls.pop(token, None)
