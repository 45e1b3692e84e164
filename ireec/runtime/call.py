"""Calls (iree/runtime/call.h): a session's functions, looked up once
(`Function`), reusable calls to them (`PreparedCall`), and calls whose
arguments are converted once (`BoundCall`).

The one invoker is C's (`ireec._cext.Invoker`, csrc/python/invoker.c), the
base of PreparedCall and BoundCall: it makes the calls whose arguments are
numpy arrays or BufferViews in one crossing into C, and passes every other
call to `call_declined`, which converts it here into the same VM lists and
invokes it with the same C code. What the two call kinds share is a
`_Plan`: the function's argument and result kinds, the Packer converting
arguments, and the session's device; a BoundCall is made from a
PreparedCall's plan and touches nothing else of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from ._marshal import Packer, fill_host_array
from .._core.status import check_status
from .._core.strings import string_view
from .._core.validate import checked_object
from ..errors import AbortedError, ClosedError
from ..hal.device import Device, note_failed_devices
from ..hal.fence import Fence
from ..hal.semaphore import Semaphore
from ..vm.function import KIND_NAMES, calling_convention, parse_cconv, read_attributes
from ..vm.ref import RefTypes

if TYPE_CHECKING:
    from ..types import CData, Out, Value
    from .session import Session

# The iree.abi.model of functions compiled with
# --iree-execution-model=async-external: after their inputs they take a wait
# fence and a signal fence.
COARSE_FENCES = "coarse-fences"

# Devices whose queue_alloca waits for its wait fence on the calling thread
# (IREE's local-task device has no queue-ordered allocation): see
# PreparedCall.call_async.
_HOST_WAITING_DEVICE_IDS = frozenset({"local-task", "local-sync"})

_session_invoke_into = lib.ireec_runtime_session_invoke_into


class Function:
    """A function in a Session's context, looked up once.

    Wraps the `iree_vm_function_t` from iree_runtime_session_lookup_function
    (`.handle`, an `iree_vm_function_t*`). It borrows its module from the
    session, so it is usable while the session is open; afterwards every
    call raises `ClosedError`.
    """

    __slots__ = {
        "session": "The Session whose context holds the function.",
        "name": 'The full name, "module.function".',
        "signature": 'The calling convention, e.g. "0rr_r" (iree_vm_function_signature).',
        "attributes": "The function's reflection attributes (iree_vm_function_get_attr), "
                      'e.g. {"iree.abi.declaration": "...", "iree.abi.model": "coarse-fences"}.',
        "model": 'attributes["iree.abi.model"] (e.g. "coarse-fences"), or None.',
        "_function": None, "_arg_kinds": None, "_result_kinds": None, "_default_call": None,
    }
    session: Session
    name: str
    signature: str
    attributes: dict[str, str]
    model: str | None

    def __init__(self, session: Session, name: str) -> None:
        """iree_runtime_session_lookup_function(session, name)."""
        self.session = session
        self.name = name
        function = ffi.new("iree_vm_function_t*")
        view, owner = string_view(name)
        with use(session) as (session_ptr,):
            check_status(lib.iree_runtime_session_lookup_function(session_ptr, view, function))
        self._function = function
        self.signature = calling_convention(function)
        self.attributes = read_attributes(function)
        self.model = self.attributes.get("iree.abi.model")
        parsed = parse_cconv(self.signature)
        self._arg_kinds, self._result_kinds = parsed if parsed else (None, None)
        if self.uses_fences and not (self._arg_kinds or "").endswith("rr"):
            raise TypeError(f"{name} declares iree.abi.model={self.model!r} but its "
                            f"calling convention {self.signature!r} does not end "
                            f"with the two fence refs")
        self._default_call: PreparedCall | None = None

    @property
    def handle(self) -> CData:
        """The `iree_vm_function_t*` (valid while the session is open)."""
        self.session._require_open()
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
        """The kind of each result, one letter per result of the calling
        convention (`r` a ref, `i` i32, ...).
        """
        self._require_cconv()
        return self._result_kinds or ""

    def _require_cconv(self) -> str:
        if self._arg_kinds is None:
            raise NotImplementedError(
                f"{self.name} has calling convention {self.signature!r}, which "
                f"ireec cannot marshal (variadic or unknown); call it through "
                f"ireec.lib with VM lists")
        return self._arg_kinds

    def prepare(self, device: Device | None = None) -> PreparedCall:
        """A call to this function reusing its VM lists and cffi objects,
        for calling many times; numpy arguments go to `device` (default: the
        session's first device)."""
        return PreparedCall(self, device)

    def __call__(self, *args: Value, device: Device | None = None,
                 out: Out = None) -> list[Value]:
        """Calls the function and returns its results in order: the call of
        its shared PreparedCall (see `PreparedCall`)."""
        call = self._default_call or self._prepared()
        if device is None and out is None:
            return call(*args)  # no keywords for the C invoker to read
        return call(*args, device=device, out=out)

    def call_async(self, *args: Value, wait: Fence | None = None,
                   device: Device | None = None) -> tuple[list[Value], Fence]:
        """Starts the call (iree_runtime_session_call) and returns (results,
        signal_fence); see `PreparedCall.call_async`."""
        return self._prepared().call_async(*args, wait=wait, device=device)

    def _prepared(self) -> PreparedCall:
        # Shared by one-off calls; the session lock serializes its use.
        call = self._default_call
        if call is None:
            call = self._default_call = PreparedCall(self, None)
        return call

    def __repr__(self) -> str:
        return f"<ireec.Function {self.name} {self.signature}>"


class _Plan:
    """What every call to one Function through one PreparedCall (and the
    BoundCalls made from it) needs and no call changes: the function and its
    session, the kinds of its arguments and results, the Packer converting
    arguments (each conversion with scratch objects of its own), and the
    session's first device."""

    __slots__ = ("function", "session", "arg_kinds", "result_kinds", "uses_fences",
                 "packer", "waits_on_host")

    def __init__(self, function: Function) -> None:
        self.function = function
        self.session = function.session
        kinds = function._require_cconv()
        self.arg_kinds = function.arg_kinds
        self.result_kinds = function.result_kinds
        self.uses_fences = function.uses_fences
        self.packer = Packer(function.name, kinds,
                             function.attributes.get("iree.abi.declaration", ""))
        # Whether a wait fence is waited for on the host before a call (see
        # PreparedCall.call_async).
        self.waits_on_host = any(d.id in _HOST_WAITING_DEVICE_IDS
                                 for d in self.session.devices)

    @property
    def home(self) -> Device:
        """The session's first device (its own wrapper)."""
        return self.session.device

    def check_arg_count(self, args: tuple) -> None:
        """TypeError naming the function's arguments unless `args` has as
        many."""
        expected = self.arg_kinds
        if len(args) == len(expected):
            return
        kinds = ", ".join(KIND_NAMES[k] for k in expected) or "none"
        raise TypeError(f"{self.function.name} takes {len(expected)} argument"
                        f"{'' if len(expected) == 1 else 's'} ({kinds}), "
                        f"got {len(args)}")

    def push_args(self, inputs: CData, args: tuple, device: Device | None) -> None:
        """Converts `args` onto `inputs` (numpy arrays copied to `device`,
        else the session's first device); the session's lock held."""
        if device is None:
            # The session's own device, through the session (which holds it
            # whether or not its wrapper was closed).
            with use(self.session) as (session,):
                self.packer.push_args(inputs, args, self.home,
                                      lib.iree_runtime_session_device(session))
        else:
            # A device of the caller's: a closed one raises ClosedError, and
            # a close() on another thread waits for the copies to finish.
            self.packer.push_args(inputs, args, device)

    def push_fences(self, inputs: CData, wait: Fence | None, device: Device) -> Fence:
        """Pushes the wait fence (a null ref for none) and a new signal fence:
        a fresh semaphore's 0 -> 1 transition, as IREE's tools do. A fresh
        semaphore per call keeps concurrent calls' timelines independent."""
        packer = self.packer
        if wait is None:
            packer.push_null(inputs, RefTypes.load().fence)
        else:
            packer.push_ref(inputs, wait, None, "the wait fence")
        signal = Fence.at(Semaphore(device), 1)
        packer.push_ref(inputs, signal, None, "the signal fence")
        return signal

    def complete(self, results: list, signal: Fence | None, out: Out) -> list:
        """A call's results (every form's but those C reads into `out`): once
        a coarse-fences call's signal fence is reached (only then are they
        complete), with `out` filled from them."""
        if signal is not None:
            signal.wait()
        if out is None:
            return results
        return self.packer.read_views_into(results, out)

    def note_failed_devices(self, error: BaseException) -> None:
        """Adds to an ABORTED `error` which of the session's devices failed."""
        note_failed_devices(self.session.devices, error)


class PreparedCall(_cext.Invoker):
    """A reusable call to one Function: its input and output VM lists and
    cffi scratch objects are made once; each call only converts the new
    arguments and invokes (iree_runtime_session_call).

    `prepared(*args, device=None, out=None)` calls the function with `args`
    and returns its results in order. It is made in C by the base class,
    ireec._cext.Invoker (the one invoker: Function.__call__ and Session.call
    are this call, and a BoundCall is one with its arguments pinned) for
    numpy and BufferView arguments on the session's device; anything else
    (scalars, fences, byte-swapped or non-contiguous arrays, device=) is
    converted into the same lists in Python, then invoked and its results
    decoded by the same C code (`_invoke_pushed`).

    A coarse-fences function gets a new signal fence (and no wait fence),
    and the call waits for it before returning (interruptible with Ctrl-C).
    Numpy arguments are copied to `device` (default: this call's device,
    else the session's first device).

    `out`: numpy arrays to read the results into instead of returning
    BufferViews (no BufferView is made for them): one array for a single
    result, or a sequence with one entry per result (None for a result
    to return as usual). Each must be C-contiguous, writeable and of
    exactly the result's dtype and shape; the array itself is returned
    in the result's place.

    Calls hold the session's lock from packing the arguments to reading the
    results, so one prepared call (like one session) can be used from several
    threads, one call at a time. The lists are emptied after every call, so
    a prepared call never keeps arguments or results alive. A call started
    on the thread whose call is in progress (from a signal handler, a gc
    callback, a function IREE calls) gets lists of its own (see
    csrc/python/invoker.c): both calls give right results.
    """

    __slots__ = {
        "function": "The Function this call calls.",
        "device": "The device numpy arguments are copied to (None: the session's first).",
        "_plan": None,
    }
    function: Function
    device: Device | None

    def __init__(self, function: Function, device: Device | None = None) -> None:
        self.function = function
        self.device = device
        plan = self._plan = _Plan(function)
        session = function.session
        # The function's two VM lists, owned by the C base (released by
        # close() or when collected); Python fills them through its
        # `_inputs` and `_outputs`, cffi pointers made once.
        self._make_lists(session.lock, session, len(plan.packer.arg_kinds),
                         max(1, len(plan.result_kinds)))
        with session.lock:
            if not session.closed:
                # What the C invoker needs, fixed once (it checks that the
                # session and the lists are open before every call): for the
                # calls it makes, and the invoke of those whose arguments
                # Python converts (_invoke_pushed), coarse-fences calls
                # included. The general path reports a closed session.
                # (Lists and buffers are converted in Python.)
                takes_calls = (not plan.uses_fences and device is None
                               and set(plan.arg_kinds) <= {"r"}
                               and not any(plan.packer.vm_refs.values()))
                self._bind(function.name, plan.home, arg_count=len(plan.arg_kinds),
                           out_allowed=len(plan.result_kinds) == 1,
                           takes_calls=takes_calls)

    # __call__(*args, device=None, out=None) is the C base's (ireec._cext.
    # Invoker): see the class docstring. What it does not do in C comes here
    # (through call_declined, below).

    def _convert_and_call(self, *args: Value, device: Device | None = None,
                          out: Out = None) -> list:
        """The call the C invoker passed on (device=, a closed session or
        call, arguments it declines, out= it does not read): converted by
        the Packer into the same lists, then the same invoke and result
        decoder as the calls C makes (_invoke_pushed), `out` read from the
        results; a coarse-fences call is invoked here and waited for."""
        plan = self._plan
        try:
            if plan.uses_fences:
                results, signal = self._invoke(args, None, device)
            else:
                signal = None
                # The call's level (the lock held; lists of its own if this
                # invoker's call is in progress on this thread): what an
                # exception leaves in the lists is dropped when it ends.
                with self._level():
                    self._push(args, device)
                    results = self._invoke_pushed()
            return plan.complete(results, signal, out)
        except AbortedError as error:
            plan.note_failed_devices(error)
            raise

    def call_async(self, *args: Value, wait: Fence | None = None,
                   device: Device | None = None) -> tuple[list[Value], Fence]:
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
        checked_object(wait, Fence, "wait", optional=True)
        plan = self._plan
        try:
            if wait is not None and (not plan.uses_fences or plan.waits_on_host):
                wait.wait()
            if not plan.uses_fences:
                return self(*args, device=device), Fence(0)
            return self._invoke(args, wait, device)
        except AbortedError as error:
            plan.note_failed_devices(error)
            raise

    def _push(self, args: tuple, device: Device | None) -> None:
        """Converts `args` onto the input list (numpy arrays copied to
        `device`, else this call's, else the session's first device), in a
        call's level (which empties the list if this fails)."""
        plan = self._plan
        plan.check_arg_count(args)
        session = plan.session
        if session.closed:
            session._require_open()  # (its ClosedError says whether a fork inherited it)
        if self.closed:
            raise ClosedError("the PreparedCall or its Session is closed")
        plan.push_args(self._inputs, args, self.device if device is None else device)

    def _invoke(self, args: tuple, wait: Fence | None,
                device: Device | None) -> tuple[list, Fence]:
        """A coarse-fences call: the arguments, the wait fence and a new
        signal fence pushed, invoked; (results, signal fence)."""
        plan = self._plan
        with self._level():
            self._push(args, device)
            signal = plan.push_fences(self._inputs, wait, plan.home)
            # The same invoke and result decoder as every other call; `out`
            # is read only once the signal fence is reached (complete).
            results = self._invoke_pushed()
        return results, signal

    def bind(self, *args: Value, device: Device | None = None,
             out: Out = None) -> BoundCall:
        """A call with `args` converted and pushed once: each call of the
        returned BoundCall invokes with them again, reading its results into
        `out` if given (see BoundCall)."""
        return BoundCall(self._plan, args, self.device if device is None else device, out)

    # close() is the C base's: under the session's lock, releases the lists.

    def __enter__(self) -> PreparedCall:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<ireec.PreparedCall {self.function.name}>"


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

    __slots__ = {
        "function": "The Function this call calls.",
        "_plan": None, "_count": None, "_arg_count": None, "_targets": None, "_out": None,
        "_lent": None, "_partial": None, "_into_args": None,
    }
    function: Function

    def __init__(self, plan: _Plan, args: tuple[Value, ...], device: Device | None = None,
                 out: Out = None) -> None:
        plan.check_arg_count(args)
        self.function = plan.function
        self._plan = plan
        session = plan.session
        result_count = len(plan.result_kinds)
        # Lists of its own: the PreparedCall stays usable (or closable)
        # meanwhile.
        self._make_lists(session.lock, session, len(plan.packer.arg_kinds),
                         max(1, result_count))
        self._count = ffi.new("iree_host_size_t*")
        self._arg_count = len(args)
        self._targets = self._into_args = None
        self._out: tuple = ()
        self._lent: tuple = ()
        self._partial = False
        with session.lock:
            session._require_open()
            plan.push_args(self._inputs, args, device)
        if out is not None:
            self._bind_out(out)
        # What the C invoker needs, fixed for the life of this call: no
        # arguments to push, the bound ones kept. It makes the calls whose
        # result it hands over or reads into the one `out` array; the others
        # come back through call_declined and take the same invoke
        # (_invoke_pushed).
        takes_calls = not plan.uses_fences and (
            (out is None and result_count > 0)
            or (type(out) is np.ndarray and result_count == 1))
        with session.lock:
            if not session.closed:
                self._bind(self.function.name, plan.home, takes_calls=takes_calls,
                           keeps_inputs=True, out=out if takes_calls else None)

    def _bind_out(self, out: Out) -> None:
        """Describes the `out` arrays once, as the ireec_host_array_t[] that
        every call reads its results into."""
        plan = self._plan
        result_kinds = plan.result_kinds
        count = len(result_kinds)
        entries = plan.packer.out_entries(out, count)
        targets = ffi.new("ireec_host_array_t[]", max(1, count))
        lent = []
        for i, array in enumerate(entries):
            if array is None:
                continue  # IREE_HAL_ELEMENT_TYPE_NONE: returned as usual
            if result_kinds[i] != "r":
                raise plan.packer.not_a_view_error(i)
            dims = ffi.new("iree_hal_dim_t[]", max(1, np.ndim(array)))
            lent.append(fill_host_array(targets + i, array, dims, f"out entry {i}"))
        self._targets = targets
        self._out = tuple(entries)
        self._partial = any(array is None for array in entries)
        self._lent = tuple(lent)  # the arrays' memory and dims, lent to C
        if not plan.uses_fences:
            # What ireec_runtime_session_invoke_into takes, fixed for the
            # life of this call, but the lists (see _invoke_into).
            self._into_args = (self.function._function, count, targets, self._count)

    def _convert_and_call(self, *args: Value, out: Out = None) -> list:
        # What Invoker does not call in C: `out` given per call,
        # several results read into their bound arrays, fences, and the
        # calls it declined or found closed (reported here).
        if args:
            raise TypeError(f"a BoundCall takes no arguments (they were bound), only "
                            f"out=; got {len(args)}")
        plan = self._plan
        session = plan.session
        signal = None
        try:
            # The call's level (the lock held; lists of its own, a copy of
            # the bound arguments, if this call is in progress on this thread).
            with self._level():
                if session.closed:
                    session._require_open()
                if self.closed:
                    raise ClosedError("the BoundCall or its Session is closed")
                if out is None and self._targets is not None:
                    out = self._out
                if plan.uses_fences:
                    # Drops the previous call's fences, keeps the arguments.
                    check_status(lib.iree_vm_list_resize(self._inputs, self._arg_count))
                    signal = plan.push_fences(self._inputs, None, plan.home)
                elif out is self._out:
                    return self._invoke_into()
                results = self._invoke_pushed()
            return plan.complete(results, signal, out)
        except AbortedError as error:
            plan.note_failed_devices(error)
            raise

    def _invoke_into(self) -> list:
        """Reads the results into the bound arrays in the one C call
        (ireec_runtime_session_invoke_into); those without an array are
        read from the output list (the lists of the call's level)."""
        function, count, targets, result_count = self._into_args
        with use(self._plan.session) as (session,):
            status = _session_invoke_into(session, function, self._inputs, True,
                                          self._outputs, lib.iree_runtime_session_device(session),
                                          count, targets, result_count)
        if status:  # a NULL iree_status_t is OK
            check_status(status)
        if not self._partial:
            return list(self._out)
        # The results without an array are still in the output list: the
        # one result decoder reads them (and empties the list).
        return self._decode_results(list(self._out))

    def close(self) -> None:
        """Releases the bound arguments, results and out arrays now
        (otherwise done when collected)."""
        with self._plan.session.lock:
            super().close()  # the lists and the bound arguments in them
            if not self._in_call:
                # (A call in progress on this thread, which this close() was
                # made from, still writes into the arrays: they go with it.)
                self._targets = self._into_args = None
                self._lent = self._out = ()

    def __enter__(self) -> BoundCall:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<ireec.BoundCall {self.function.name}>"


def call_declined(call: PreparedCall | BoundCall, args: tuple,
                  kwargs: dict | None) -> list:
    """The calls the C invoker declines (device=, a closed object, arguments
    it does not take: scalars, fences, byte-swapped or non-contiguous
    arrays, out= lists), converted in Python into the same lists and
    invoked: the one function the C invoker calls for them (given to it
    when it is installed), so C looks nothing up on the object."""
    if kwargs:
        return call._convert_and_call(*args, **kwargs)
    return call._convert_and_call(*args)
