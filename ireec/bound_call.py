"""Bound calls: a prepared call whose arguments are converted once, so that
each call is one crossing into C."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _cext, _cext_bridge
from ._handles import ClosedError
from ._fork import inherited_message
from ._library import ffi, lib
from ._marshal import fill_host_array
from .errors import AbortedError, check_status
from .function import _list_ptr

if TYPE_CHECKING:
    from .types import Out, Value
    from .function import PreparedCall
    from .instance import Device

_session_invoke_into = lib.ireec_runtime_session_invoke_into


class BoundCall(_cext.Invoker):
    """A PreparedCall whose arguments were converted and pushed once
    (`PreparedCall.bind(*args, out=None)`): every call invokes the function
    with them again, so a call costs the runtime's invoke and one crossing
    into C.

    numpy arguments are copied to the device when bound: later changes to
    those arrays are not seen (bind a BufferView made with
    `BufferView.from_numpy(..., zero_copy=True)` for that). With `out`
    (arrays as for a PreparedCall's call), every call reads its results into
    those arrays in the same C call that invokes
    (ireec_runtime_session_invoke_into) and returns them. The bound
    arguments and `out` arrays stay referenced until `close()`. A
    coarse-fences function gets a new signal fence on every call, which the
    call waits for.

    Like a Session, a BoundCall may be shared by threads: calls take the
    session's lock.

    `bound()` invokes with the bound arguments and returns the results in
    order (or reads them into the arrays bound as out); `bound(out=...)`
    reads them into other arrays (see PreparedCall). Where nothing needs
    converting (no fences; a BufferView result, or one result read into its
    bound array), `bound()` is made in C by the base class, the one invoker
    ireec._cext.Invoker, with the arguments pinned in its input list: taking
    the lock, invoking, handing the result back.
    """

    __slots__ = ("prepared", "_session", "_function", "_inputs", "_outputs",
                 "_view_capacity", "_count", "_arg_count", "_targets",
                 "_target_count", "_out", "_lent", "_partial", "_home", "_into_args")
    prepared: PreparedCall

    def __init__(self, prepared: PreparedCall, args: tuple[Value, ...],
                 device: Device | None = None, out: Out = None) -> None:
        if len(args) != len(prepared._arg_kinds):
            prepared._raise_arg_count(args)
        function = prepared.function
        self.prepared = prepared
        self._session = session = function.session
        self._function = function._function
        # Lists and result slots of its own: the PreparedCall stays usable
        # (or closable) meanwhile.
        self._make_lists(session._lock, session, len(prepared._packer.arg_kinds),
                         max(1, len(function.result_kinds)))
        self._inputs = _list_ptr(self._inputs_address)
        self._outputs = _list_ptr(self._outputs_address)
        self._view_capacity = prepared._view_capacity
        self._count = ffi.new("iree_host_size_t*")
        self._arg_count = len(args)
        self._targets = self._into_args = None
        self._out = self._lent = ()
        self._partial = False
        with session._lock:
            session.handle
            self._home = home = prepared._session_device or prepared._home()
            if device is None:
                device = prepared.device
            if device is None:
                prepared._packer.push_args(self._inputs, args, *home)
            else:
                prepared._packer.push_args(self._inputs, args, device)
        if out is not None:
            self._bind_out(out)
        # Everything ireec._cext.invoke takes, fixed for the life of this
        # call: no arguments to push, the bound ones kept. The C invoker
        # makes the calls whose result it hands over or reads into the one
        # `out` array; the others come back through call_declined and take
        # the same invoke (_invoke_pushed).
        takes_calls = not prepared._uses_fences and (
            (out is None and self._view_capacity > 0)
            or (type(out) is np.ndarray and self._view_capacity == 1))
        addresses = tuple(map(_cext_bridge.address, (
            session.handle, self._function, self._inputs,
            self._outputs, home[1], home[2])))
        self._set_fast((addresses, (), out if takes_calls else None, True), home[0],
                       0, False, takes_calls)

    def _bind_out(self, out) -> None:
        """Describes the `out` arrays once, as the ireec_host_array_t[] that
        every call reads its results into."""
        result_kinds = self.prepared.function.result_kinds
        count = len(result_kinds)
        entries = self.prepared._packer._out_entries(out, count)
        targets = ffi.new("ireec_host_array_t[]", max(1, count))
        lent = []
        for i, array in enumerate(entries):
            if array is None:
                continue  # IREE_HAL_ELEMENT_TYPE_NONE: returned as usual
            if result_kinds[i] != "r":
                raise self.prepared._packer._not_a_view_error(i)
            dims = ffi.new("iree_hal_dim_t[]", max(1, np.ndim(array)))
            lent.append(fill_host_array(targets + i, array, dims, f"out entry {i}"))
        self._targets, self._target_count = targets, count
        self._out = tuple(entries)
        self._partial = any(array is None for array in entries)
        self._lent = tuple(lent)  # the arrays' memory and dims, lent to C
        if not self.prepared._uses_fences:
            # Everything ireec_runtime_session_invoke_into takes, fixed for
            # the life of this call (see _invoke_into).
            self._into_args = (
                self._session.handle, self._function, self._inputs, True,
                self._outputs, self._home[1], count, targets, self._count)

    def _convert_and_call(self, *args, out=None) -> list:
        # What Invoker does not call in C: `out` given per call,
        # several results read into their bound arrays, fences, and the
        # calls it declined or found closed (reported here).
        if args:
            raise TypeError(f"a BoundCall takes no arguments (they were bound), only "
                            f"out=; got {len(args)}")
        return self._call(out)

    def _call(self, out) -> list:
        session = self._session
        prepared = self.prepared
        signal = None
        try:
            with session._lock:
                if session.closed or self.closed:
                    raise ClosedError(inherited_message(session) or "the BoundCall or its Session is closed")
                if out is None and self._targets is not None:
                    out = self._out
                if prepared._uses_fences:
                    # Drops the previous call's fences, keeps the arguments.
                    check_status(lib.iree_vm_list_resize(self._inputs, self._arg_count))
                    signal = prepared._push_fences(self._inputs, None, self._home[0])
                elif out is self._out:
                    return self._invoke_into()
                results = self._invoke_pushed()
            return prepared._complete(results, signal, out)
        except AbortedError as error:
            session._note_failed_devices(error)
            raise

    def _invoke_into(self) -> list:
        """Reads the results into the bound arrays in the one C call
        (ireec_runtime_session_invoke_into); those without an array are
        read from the output list."""
        status = _session_invoke_into(*self._into_args)
        if status:  # a NULL iree_status_t is OK
            check_status(status)
        if not self._partial:
            return list(self._out)
        # The results without an array are still in the output list: the
        # one result decoder reads them (and empties the list).
        return _cext.decode_results(list(self._out), self._outputs_address,
                                    self._home[0], _cext_bridge.address(self._function))

    def close(self) -> None:
        """Releases the bound arguments, results and out arrays now
        (otherwise done when collected)."""
        with self._session._lock:
            super().close()  # the lists and the bound arguments in them
            self._targets = self._into_args = None
            self._lent = self._out = ()

    def __enter__(self) -> BoundCall:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<ireec.BoundCall {self.prepared.function.name}>"
