"""Python functions a device's queue calls (`Device.queue_host_call`).

IREE calls one C function, made once here with `ireec.status_callback`, with
a token as its user data; the token names the Python function and its
arguments, registered until the call. An exception the function raises
fails the call's signal semaphores with the exception's type and message,
and whoever waits on them raises that exception (never a silent success).

A call whose waits fail is never made (IREE fails its signals instead): its
entry is dropped at the next registration that finds one of its wait
semaphores failed, so such entries do not pile up.

At exit (`finish`) the calls still pending are let run out (their waits
failed first if nothing reached them), and no Python function is called after
that (a call then fails its signals, CANCELLED): an IREE thread entering
Python while it finalizes would wait for ever, and its device with it.
"""

from __future__ import annotations

import itertools
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from .. import _cext
from .._core.callbacks import status_callback
from .._core.handle import use
from .._core.library import ffi, lib
from ..errors import ClosedError
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
    # What the call waits on (the Fence or Semaphores given, which hold
    # their device in use): a call is never made once one of them fails.
    waits: Any


_calls: dict[int, _Call] = {}
_tokens = itertools.count(1)
_lock = threading.Lock()
_exiting = False

# How long exiting waits for pending calls to run out.
_EXIT_DRAIN_SECONDS = 10.0


def finish() -> None:
    """At exit, once every call's waits are reached or failed: waits (the
    GIL released) until IREE has made the pending calls, then stops calling
    Python."""
    global _exiting
    deadline = time.monotonic() + _EXIT_DRAIN_SECONDS
    while _calls and time.monotonic() < deadline:
        time.sleep(0.001)
    _exiting = True


@status_callback("iree_status_t(void*, const uint64_t[4], iree_hal_host_call_context_t*)")
def _run(user_data: CData, args: CData, context: CData) -> CData | None:
    with _lock:
        call = _calls.pop(int(ffi.cast("uintptr_t", user_data)), None)
    if _exiting:
        return lib.iree_status_from_code(lib.IREE_STATUS_CANCELLED)
    if call is None:
        raise RuntimeError("a host call IREE made was not registered (its function was "
                           "dropped)")
    # IREE's task queue makes the call also when a wait failed (its signals
    # then fail): the function is not called, and the signals fail with the
    # wait's failure.
    failure = _first_failure(call.waits)
    if failure is not None:
        return failure
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
             device: Device, waits: Any) -> int:
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


def _first_failure(waits: Any) -> CData | None:
    """The failure (a new status) of what `waits` (a Fence, or (Semaphore,
    value) pairs) holds first, or None (closed objects count as not
    failed: IREE holds what it waits on)."""
    if waits is None:
        return None
    if isinstance(waits, _cext.FenceHandle):
        try:
            with use(waits) as (fence,):
                status = lib.iree_hal_fence_query(fence)
        except ClosedError:
            return None
        if lib.iree_status_code(status) in (lib.IREE_STATUS_OK, lib.IREE_STATUS_DEFERRED):
            lib.iree_status_ignore(status)
            return None
        return status
    value = ffi.new("uint64_t*")
    for semaphore, _ in waits:
        try:
            with use(semaphore) as (semaphore_ptr,):
                status = lib.iree_hal_semaphore_query(semaphore_ptr, value)
        except ClosedError:
            continue
        if not lib.iree_status_is_ok(status):
            return status
    return None


def _failed(waits: Any) -> bool:
    failure = _first_failure(waits)
    if failure is None:
        return False
    lib.iree_status_ignore(failure)
    return True


def _drop_unreachable() -> None:
    with _lock:
        entries = list(_calls.items())
    for token, call in entries:
        if _failed(call.waits):
            with _lock:
                _calls.pop(token, None)
