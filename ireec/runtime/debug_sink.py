"""A Session's HAL module debug sink (iree/modules/hal/debugging.h): where
a program's tensor traces go.

A program traces tensors with `flow.tensor.trace "key" = [%t : tensor<...>]`
(IREE's `--trace`-style instrumentation: iree-compile's
--iree-flow-trace-dispatch-tensors inserts them around every dispatch), which
the HAL module hands to its debug sink as `hal.buffer_view.trace`. IREE's
tools print them to stderr; `Session(..., trace=callback)` gives them to
`callback(key, views)` instead: the key (a str) and a list of BufferViews
holding their own references (read them with `to_numpy()`; they may be kept).

The sink's Python side is kept here under a number (its C user_data) until
the HAL module is destroyed with the session and releases it. An exception
the callback raises fails the trace, so the call that traced raises it.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Callable

from .._core.callbacks import status_extern
from .._core.exiting import exiting
from .._core.library import ffi, lib
from .._core.strings import from_string_view
from ..hal.buffer_view import BufferView
from ..vm.variant import device_of_view

if TYPE_CHECKING:
    from ..hal.device import Device
    from ..types import CData

TraceCallback = Callable[[str, "list[BufferView]"], object]

_sinks: dict[int, "_Sink"] = {}  # number (user_data) -> sink
_numbers = itertools.count(1)


class _Sink:
    __slots__ = ("callback", "devices")

    def __init__(self, callback: TraceCallback) -> None:
        self.callback = callback
        # The session's devices, once it has them (Session).
        self.devices: tuple[Device, ...] = ()


def python_debug_sink(callback: TraceCallback) -> tuple[CData, _Sink]:
    """(an iree_hal_module_debug_sink_t* calling `callback`, its Python
    side, whose `devices` the session fills in). The HAL module it is given
    to owns it: its release lets the callback go."""
    if not callable(callback):
        raise TypeError(f"trace must be callable as trace(key, views), not {callback!r}")
    number = next(_numbers)
    sink = _sinks[number] = _Sink(callback)
    out = ffi.new("iree_hal_module_debug_sink_t*")
    out.release.fn = lib.ireec_hal_python_debug_sink_release
    out.release.user_data = ffi.cast("void*", number)
    out.buffer_view_trace.fn = lib.ireec_hal_python_buffer_view_trace
    out.buffer_view_trace.user_data = ffi.cast("void*", number)
    return out, sink


@status_extern
def ireec_hal_python_buffer_view_trace(user_data: CData, key: CData, count: int,
                                       views: CData, host_allocator: CData) -> CData:
    """hal.buffer_view.trace: calls the session's trace callback."""
    sink = _sinks[int(ffi.cast("uintptr_t", user_data))]
    objects = [BufferView.from_handle(views[i], retain=True,
                                      device=device_of_view(sink.devices, views[i]))
               for i in range(count)]
    sink.callback(from_string_view(key), objects)
    return ffi.NULL


@ffi.def_extern()
def ireec_hal_python_debug_sink_release(user_data: CData) -> None:
    """The HAL module is destroyed: its sink's callback goes."""
    if not exiting():
        _sinks.pop(int(ffi.cast("uintptr_t", user_data)), None)


def live_sink_count() -> int:
    """How many trace callbacks HAL modules still hold."""
    return len(_sinks)
