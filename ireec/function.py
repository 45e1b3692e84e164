"""Functions of a session's modules, and prepared calls to them."""

from __future__ import annotations

import numpy as np

from ._handles import ClosedError
from ._library import ffi, lib
from ._strings import from_string_view, string_view
from ._values import KIND_NAMES, Packer, VmList, _RefTypes, fill_host_array, parse_cconv
from .buffer_view import BufferView
from .errors import AbortedError, check_status
from .fence import Fence, Semaphore

_session_invoke = lib.ireec_runtime_session_invoke
_session_invoke_into = lib.ireec_runtime_session_invoke_into
_adopt = BufferView._adopt

# The iree.abi.model of functions compiled with
# --iree-execution-model=async-external: after their inputs they take a wait
# fence and a signal fence.
COARSE_FENCES = "coarse-fences"


class Function:
    """A function in a Session's context, looked up once.

    Wraps the `iree_vm_function_t` from iree_runtime_session_lookup_function
    (`.handle`, an `iree_vm_function_t*`). It borrows its module from the
    session, so it is usable while the session is open; afterwards every
    call raises `ClosedError`.

    Attributes:
      name: the full name, "module.function".
      signature: the calling convention, e.g. "0rr_r" (iree_vm_function_signature).
      attributes: the function's reflection attributes (iree_vm_function_get_attr),
        e.g. {"iree.abi.declaration": "...", "iree.abi.model": "coarse-fences"}.
      model: attributes["iree.abi.model"], or None.
    """

    __slots__ = ("session", "name", "signature", "attributes", "model",
                 "_function", "_arg_kinds", "_result_kinds", "_default_call")

    def __init__(self, session, name: str):
        """iree_runtime_session_lookup_function(session, name)."""
        self.session = session
        self.name = name
        function = ffi.new("iree_vm_function_t*")
        view, owner = string_view(name)
        check_status(lib.iree_runtime_session_lookup_function(session.handle, view, function))
        self._function = function
        self.signature = from_string_view(
            lib.iree_vm_function_signature(function).calling_convention)
        self.attributes = _read_attributes(function)
        self.model = self.attributes.get("iree.abi.model")
        parsed = parse_cconv(self.signature)
        self._arg_kinds, self._result_kinds = parsed if parsed else (None, None)
        if self.uses_fences and not (self._arg_kinds or "").endswith("rr"):
            raise TypeError(f"{name} declares iree.abi.model={self.model!r} but its "
                            f"calling convention {self.signature!r} does not end "
                            f"with the two fence refs")
        self._default_call = None

    @property
    def handle(self):
        """The `iree_vm_function_t*` (valid while the session is open)."""
        self.session.handle  # raises ClosedError once the session is closed
        return self._function

    @property
    def uses_fences(self) -> bool:
        """True for coarse-fences functions (compiled async-external)."""
        return self.model == COARSE_FENCES

    @property
    def arg_kinds(self) -> str:
        """The calling-convention kinds of the arguments a caller passes
        (without the fences of a coarse-fences function)."""
        kinds = self._require_cconv()
        return kinds[:-2] if self.uses_fences else kinds

    @property
    def result_kinds(self) -> str:
        self._require_cconv()
        return self._result_kinds

    def _require_cconv(self) -> str:
        if self._arg_kinds is None:
            raise NotImplementedError(
                f"{self.name} has calling convention {self.signature!r}, which "
                f"ireec cannot marshal (variadic or unknown); call it through "
                f"ireec.lib with VM lists")
        return self._arg_kinds

    def prepare(self, device=None) -> "PreparedCall":
        """A call to this function reusing its VM lists and cffi objects,
        for calling many times; numpy arguments go to `device` (default: the
        session's first device)."""
        return PreparedCall(self, device)

    def __call__(self, *args, device=None, out=None) -> list:
        """Calls the function and returns its results in order; see
        `PreparedCall.__call__`."""
        return self._call(args, device, out)

    def _call(self, args: tuple, device, out) -> list:
        # PreparedCall.__call__ without its extra call layer (Session.call
        # comes here directly too).
        call = self._default_call
        if call is None:
            call = self._prepared()
        try:
            results, signal = call._invoke(args, None, device, out)
            results = call._complete(results, signal, out)
        except AbortedError as error:
            self.session._note_failed_devices(error)
            raise
        return results

    def call_async(self, *args, wait: Fence | None = None, device=None):
        """(results, signal_fence); see `PreparedCall.call_async`."""
        return self._prepared().call_async(*args, wait=wait, device=device)

    def _prepared(self) -> "PreparedCall":
        # Shared by one-off calls; the session lock serializes its use.
        call = self._default_call
        if call is None:
            call = self._default_call = PreparedCall(self, None)
        return call

    def __repr__(self) -> str:
        return f"<ireec.Function {self.name} {self.signature}>"


def _read_attributes(function) -> dict[str, str]:
    """Every reflection attribute: iree_vm_function_get_attr(i) until it
    reports OUT_OF_RANGE."""
    attributes = {}
    pair = ffi.new("iree_string_pair_t*")
    index = 0
    while True:
        status = lib.iree_vm_function_get_attr(function[0], index, pair)
        if lib.iree_status_code(status) == lib.IREE_STATUS_OUT_OF_RANGE:
            lib.iree_status_free(status)
            return attributes
        check_status(status)
        attributes[from_string_view(pair.key)] = from_string_view(pair.value)
        index += 1


class PreparedCall:
    """A reusable call to one Function: its input and output VM lists and
    cffi scratch objects are made once; each call only converts the new
    arguments and invokes (iree_runtime_session_call).

    Calls hold the session's lock from packing the arguments to reading the
    results, so one prepared call (like one session) can be used from several
    threads, one call at a time. The lists are emptied after every call, so
    a prepared call never keeps arguments or results alive.
    """

    __slots__ = ("function", "device", "_packer", "_inputs", "_outputs",
                 "_arg_kinds", "_uses_fences", "_views", "_view_capacity",
                 "_result_count", "_session_device")

    def __init__(self, function: Function, device=None):
        self.function = function
        self.device = device
        kinds = function._require_cconv()
        self._packer = Packer(function.name, kinds)
        self._inputs = VmList.create(len(kinds))
        self._outputs = VmList.create(max(1, len(function.result_kinds)))
        # What every call needs and no call can change, read once.
        self._arg_kinds = function.arg_kinds
        self._uses_fences = function.uses_fences
        self._view_capacity = len(function.result_kinds)
        # Where ireec_runtime_session_invoke hands back buffer-view results.
        self._views = ffi.new("iree_hal_buffer_view_t*[]", max(1, self._view_capacity))
        self._result_count = ffi.new("iree_host_size_t*")
        # The session's own first device (it never closes it), with its
        # handle and allocator: (Device, iree_hal_device_t*, allocator).
        self._session_device = None

    def __call__(self, *args, device=None, out=None) -> list:
        """Calls the function with `args` (iree_runtime_session_call) and
        returns its results in order.

        A coarse-fences function gets a new signal fence (and no wait fence),
        and this waits for it before returning (interruptible with Ctrl-C).
        Numpy arguments are copied to `device` (default: this call's device,
        else the session's first device).

        `out`: numpy arrays to read the results into instead of returning
        BufferViews (no BufferView is made for them): one array for a single
        result, or a sequence with one entry per result (None for a result
        to return as usual). Each must be C-contiguous, writeable and of
        exactly the result's dtype and shape; the array itself is returned
        in the result's place.
        """
        try:
            results, signal = self._invoke(args, None, device, out)
            results = self._complete(results, signal, out)
        except AbortedError as error:
            self.function.session._note_failed_devices(error)
            raise
        return results

    def _complete(self, results: list, signal: Fence | None, out) -> list:
        """Waits for a coarse-fences call's signal fence; only then are its
        results complete, so `out` is filled from them here (the call itself
        read into `out` when there is no fence)."""
        if signal is None:
            return results
        signal.wait()
        if out is None:
            return results
        return self._packer.read_views_into(results, out)

    def call_async(self, *args, wait: Fence | None = None, device=None):
        """Starts the call (iree_runtime_session_call) and returns
        `(results, signal_fence)` without waiting for the results.

        For a coarse-fences function, `wait` (a Fence, or None for no wait)
        is what the program waits on before it starts, and the returned
        fence is reached when the results are ready: wait on it before
        reading them. Passing one call's results and signal fence to the
        next chains them on the device, to be waited on once at the end.
        A function compiled for the synchronous model runs to completion
        here (after waiting for `wait` on the host), and the fence returned
        is empty, hence already reached.

        On CPU (local-task, local-sync) sessions a pending `wait` fence is
        first waited for here, on the host: those devices allocate a call's
        results by waiting for the wait fence inside the call, in one C wait
        that cannot be interrupted and would hold the session's lock, so
        waiting beforehand (in interruptible slices, without the lock) is the
        same ordering without those costs. Other devices wait on the device.
        If `wait` has failed, this raises its failure.
        """
        if wait is not None and not isinstance(wait, Fence):
            raise TypeError(f"wait must be an ireec.Fence or None, not {type(wait).__name__}")
        function = self.function
        try:
            if wait is not None and (not function.uses_fences
                                     or function.session._queue_waits_on_host):
                wait.wait()
            if not function.uses_fences:
                results, _ = self._invoke(args, None, device)
                return results, Fence.create(0)
            return self._invoke(args, wait, device)
        except AbortedError as error:
            function.session._note_failed_devices(error)
            raise

    def _home(self):
        """(Device, iree_hal_device_t*, allocator) of the session's first
        device, read once: the session never closes it."""
        home = self._session_device
        if home is None:
            session_device = self.function.session.device
            home = self._session_device = (session_device, session_device.handle,
                                           session_device.allocator)
        return home

    def _invoke(self, args, wait: Fence | None, device, out=None):
        if len(args) != len(self._arg_kinds):
            self._raise_arg_count(args)
        session = self.function.session
        with session._lock:
            session_ptr = session._ptr
            inputs = self._inputs._ptr
            outputs = self._outputs._ptr
            if session_ptr is None or inputs is None or outputs is None:
                raise ClosedError("the PreparedCall or its Session is closed")
            home = self._session_device or self._home()
            packer = self._packer
            signal = None
            try:
                if device is None:
                    device = self.device
                if device is None:
                    packer.push_args(inputs, args, *home)
                else:
                    # A device of the caller's: its handle is read on every
                    # call, so a closed one raises ClosedError.
                    packer.push_args(inputs, args, device)
                if self._uses_fences:
                    signal = self._push_fences(inputs, wait, home[0])
            except BaseException:
                lib.iree_vm_list_clear(inputs)
                raise
            # Empties the output list, invokes, empties the input list; the
            # buffer-view results come back in `views` as new references,
            # owned by a BufferView or released once read into `out`.
            views = self._views
            count = self._result_count
            status = _session_invoke(session_ptr, self.function._function, inputs, False,
                                     outputs, self._view_capacity, views, count)
            if status:  # a NULL iree_status_t is OK
                check_status(status)
            if out is not None and signal is None:
                results = packer.read_results_into(
                    out, outputs, views, count[0], self._view_capacity, home[0])
            elif count[0] == 1 and views[0]:
                results = [_adopt(views[0], home[0])]
            else:
                # Empties the output list too (ireec_runtime_session_invoke
                # already did when every result was a buffer view).
                results = packer.take_results(outputs, views, count[0],
                                              self._view_capacity, home[0])
        return results, signal

    def bind(self, *args, device=None, out=None) -> "BoundCall":
        """A call with `args` converted and pushed once: each call of the
        returned BoundCall invokes with them again, reading its results into
        `out` if given (see BoundCall)."""
        return BoundCall(self, args, device, out)

    def _raise_arg_count(self, args):
        expected = self._arg_kinds
        kinds = ", ".join(KIND_NAMES[k] for k in expected) or "none"
        raise TypeError(f"{self.function.name} takes {len(expected)} argument"
                        f"{'' if len(expected) == 1 else 's'} ({kinds}), "
                        f"got {len(args)}")

    def _push_fences(self, inputs, wait: Fence | None, device) -> Fence:
        """Pushes the wait fence (a null ref for none) and a new signal fence:
        a fresh semaphore's 0 -> 1 transition, as IREE's tools do. A fresh
        semaphore per call keeps concurrent calls' timelines independent."""
        packer = self._packer
        fence_type = _RefTypes.load().fence
        if wait is None:
            packer.push_null(inputs, fence_type)
        else:
            packer.push_ref(inputs, wait, None, "the wait fence")
        semaphore = Semaphore.create(device)
        signal = Fence.at(semaphore, 1)
        packer.push_ref(inputs, signal, None, "the signal fence")
        return signal

    def close(self) -> None:
        """Releases the VM lists now (otherwise done when collected)."""
        self._inputs.close()
        self._outputs.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<ireec.PreparedCall {self.function.name}>"


class BoundCall:
    """A PreparedCall whose arguments were converted and pushed once
    (`PreparedCall.bind(*args, out=None)`): every call invokes the function
    with them again, so a call costs the runtime's invoke and one crossing
    into C.

    numpy arguments are copied to the device when bound: later changes to
    those arrays are not seen (bind a BufferView made with
    `BufferView.from_numpy(..., zero_copy=True)` for that). With `out`
    (arrays as for PreparedCall.__call__), every call reads its results into
    those arrays in the same C call that invokes
    (ireec_runtime_session_invoke_into) and returns them. The bound
    arguments and `out` arrays stay referenced until `close()`. A
    coarse-fences function gets a new signal fence on every call, which the
    call waits for.

    Like a Session, a BoundCall may be shared by threads: calls take the
    session's lock.
    """

    __slots__ = ("prepared", "_session", "_function", "_inputs", "_outputs",
                 "_views", "_view_capacity", "_count", "_arg_count", "_targets",
                 "_target_count", "_out", "_lent", "_partial", "_home", "_into_args",
                 "_invoke_args")

    def __init__(self, prepared: PreparedCall, args, device=None, out=None):
        if len(args) != len(prepared._arg_kinds):
            prepared._raise_arg_count(args)
        function = prepared.function
        self.prepared = prepared
        self._session = session = function.session
        self._function = function._function
        # Lists and result slots of its own: the PreparedCall stays usable
        # (or closable) meanwhile.
        self._inputs = VmList.create(len(prepared._packer.arg_kinds))
        self._outputs = VmList.create(max(1, len(function.result_kinds)))
        self._view_capacity = prepared._view_capacity
        self._views = ffi.new("iree_hal_buffer_view_t*[]", max(1, self._view_capacity))
        self._count = ffi.new("iree_host_size_t*")
        self._arg_count = len(args)
        self._targets = self._into_args = self._invoke_args = None
        self._out = self._lent = ()
        self._partial = False
        with session._lock:
            session.handle
            self._home = home = prepared._session_device or prepared._home()
            if device is None:
                device = prepared.device
            if device is None:
                prepared._packer.push_args(self._inputs.handle, args, *home)
            else:
                prepared._packer.push_args(self._inputs.handle, args, device)
        if out is not None:
            self._bind_out(out)
        elif not prepared._uses_fences and self._view_capacity:
            # Everything ireec_runtime_session_invoke takes, fixed for the
            # life of this call (see __call__).
            self._invoke_args = (
                session.handle, self._function, self._inputs.handle, True,
                self._outputs.handle, self._view_capacity, self._views, self._count)

    def _bind_out(self, out) -> None:
        """Describes the `out` arrays once, as the ireec_host_array_t[] that
        every call reads its results into."""
        result_kinds = self.prepared.function.result_kinds
        count = len(result_kinds)
        entries = self.prepared._packer._out_entries(out, count)
        name = self.prepared.function.name
        targets = ffi.new("ireec_host_array_t[]", max(1, count))
        lent = []
        for i, array in enumerate(entries):
            if array is None:
                continue  # IREE_HAL_ELEMENT_TYPE_NONE: returned as usual
            if result_kinds[i] != "r":
                raise TypeError(f"result {i} of {name} is not a buffer view: its out "
                                f"entry must be None")
            dims = ffi.new("iree_hal_dim_t[]", max(1, np.ndim(array)))
            lent.append(fill_host_array(targets + i, array, dims, f"out entry {i}"))
        self._targets, self._target_count = targets, count
        self._out = tuple(entries)
        self._partial = any(array is None for array in entries)
        self._lent = tuple(lent)  # the arrays' memory and dims, lent to C
        if not self._partial and not self.prepared._uses_fences:
            # Everything ireec_runtime_session_invoke_into takes, fixed for
            # the life of this call (see __call__ for when it is used).
            self._into_args = (
                self._session.handle, self._function, self._inputs.handle, True,
                self._outputs.handle, self._home[1], count, targets, self._count)

    def __call__(self, *, out=None) -> list:
        """Invokes with the bound arguments and returns the results in order
        (or reads them into `out`, or into the arrays bound as out; see
        PreparedCall.__call__)."""
        into = self._into_args
        if into is not None and out is None:
            # The fast path: every result into its bound array, no fences.
            session = self._session
            with session._lock:
                # close() of either takes this lock too, so the pointers in
                # `into` are valid while these are open.
                if session._ptr is None or self._inputs._ptr is None:
                    raise ClosedError("the BoundCall or its Session is closed")
                status = _session_invoke_into(*into)
            if status:  # a NULL iree_status_t is OK
                self._raise(status)
            return list(self._out)
        invoke = self._invoke_args
        if invoke is not None and out is None:
            # The other fast path: one result, a buffer view, handed over.
            session = self._session
            with session._lock:
                if session._ptr is None or self._inputs._ptr is None:
                    raise ClosedError("the BoundCall or its Session is closed")
                status = _session_invoke(*invoke)
                if not status:  # a NULL iree_status_t is OK
                    view = self._views[0]
                    if self._count[0] == 1 and view:
                        return [_adopt(view, self._home[0])]
                    # Anything else: read as PreparedCall does.
                    return self.prepared._packer.take_results(
                        self._outputs._ptr, self._views, self._count[0],
                        self._view_capacity, self._home[0])
            self._raise(status)
        return self._call(out)

    def _raise(self, status):
        try:
            check_status(status)
        except AbortedError as error:
            self._session._note_failed_devices(error)
            raise

    def _call(self, out) -> list:
        session = self._session
        prepared = self.prepared
        signal = None
        try:
            with session._lock:
                session_ptr = session._ptr
                inputs = self._inputs._ptr
                if session_ptr is None or inputs is None:
                    raise ClosedError("the BoundCall or its Session is closed")
                if out is None and self._targets is not None:
                    out = self._out
                if prepared._uses_fences:
                    # Drops the previous call's fences, keeps the arguments.
                    check_status(lib.iree_vm_list_resize(inputs, self._arg_count))
                    signal = prepared._push_fences(inputs, None, self._home[0])
                    # Results are complete only once the signal fence is
                    # reached: read into `out` after waiting, below.
                    results = self._invoke(session_ptr, inputs, None)
                elif out is self._out:
                    results = self._invoke_into(session_ptr, inputs)
                else:
                    results = self._invoke(session_ptr, inputs, out)
            results = prepared._complete(results, signal, out)
        except AbortedError as error:
            session._note_failed_devices(error)
            raise
        return results

    def _invoke(self, session_ptr, inputs, out) -> list:
        views = self._views
        count = self._count
        outputs = self._outputs._ptr
        status = lib.ireec_runtime_session_invoke(
            session_ptr, self._function, inputs, True, outputs,
            self._view_capacity, views, count)
        if status:  # a NULL iree_status_t is OK
            check_status(status)
        packer = self.prepared._packer
        if out is not None:
            return packer.read_results_into(out, outputs, views, count[0],
                                            self._view_capacity, self._home[0])
        return packer.take_results(outputs, views, count[0], self._view_capacity,
                                   self._home[0])

    def _invoke_into(self, session_ptr, inputs) -> list:
        outputs = self._outputs._ptr
        status = lib.ireec_runtime_session_invoke_into(
            session_ptr, self._function, inputs, True, outputs, self._home[1],
            self._target_count, self._targets, self._count)
        if status:  # a NULL iree_status_t is OK
            check_status(status)
        results = list(self._out)
        if self._partial:
            # The results without an array are still in the output list.
            packer = self.prepared._packer
            try:
                for i, array in enumerate(self._out):
                    if array is None:
                        results[i] = packer._element(outputs, i, self._home[0])
            finally:
                lib.iree_vm_list_clear(outputs)
        return results

    def close(self) -> None:
        """Releases the bound arguments, results and out arrays now
        (otherwise done when collected)."""
        with self._session._lock:
            self._inputs.close()
            self._outputs.close()
            self._targets = self._into_args = self._invoke_args = None
            self._lent = self._out = ()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<ireec.BoundCall {self.prepared.function.name}>"
