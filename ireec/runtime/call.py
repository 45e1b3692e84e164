"""Calls (iree/runtime/call.h): a session's functions, looked up once
(`Function`), reusable calls to them (`PreparedCall`), and calls whose
arguments are converted once (`BoundCall`).

Every call is made by the one invoker, C's (`ireec._cext.Invoker`,
csrc/python/invoker.c), the base of PreparedCall and BoundCall: it checks
the arguments, pushes each (arrays and BufferViews in C, any other by the
converter it is given once, `Packer.push_arg` of ireec/runtime/_marshal.py),
pushes a coarse-fences call's fences, invokes, decodes the results and
reads them into `out`. What the classes here do is look the function up and
tell the invoker, once, what its calls need (`_binding`). The one cache of
call objects is the session's table (Session._prepared_call): Session.call,
Function.__call__ and call_async all call the PreparedCall found there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import _cext
from .._core.handle import use
from .._core.library import ffi, lib
from ._marshal import Packer
from .._core.status import check_status
from .._core.strings import string_view
from .._core.validate import checked_object
from ..hal.device import Device
from ..hal.fence import Fence
from .async_results import AsyncResults
from ..vm.function import KIND_NAMES, calling_convention, parse_cconv, read_attributes

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
        "_function": None, "_arg_kinds": None, "_result_kinds": None,
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
        the session's PreparedCall of it (see `PreparedCall`)."""
        call = self.session._prepared_call(self)
        if device is None and out is None:
            return call(*args)  # no keywords for the invoker to read
        return call(*args, device=device, out=out)

    def call_async(self, *args: Value, wait: Fence | None = None,
                   device: Device | None = None) -> AsyncResults:
        """Starts the call (iree_runtime_session_call) and returns (results,
        signal_fence); see `PreparedCall.call_async`."""
        return self.session._prepared_call(self).call_async(*args, wait=wait, device=device)

    def __repr__(self) -> str:
        return f"<ireec.Function {self.name} {self.signature}>"


def _binding(function: Function) -> dict[str, Any]:
    """What the invoker's calls of `function` need, fixed once (Invoker._bind's
    keywords but the devices): how each argument a caller passes is pushed
    (`kinds`: its calling-convention kind, "v" for a ref the function
    declares as a list, buffer or type of its own, which the converter
    makes), the message naming the arguments (`arity`), the result kinds,
    the fences, and the converter."""
    kinds = function._require_cconv()
    arg_kinds = function.arg_kinds
    packer = Packer(function.name, kinds, function.attributes.get("iree.abi.declaration", ""))
    count = len(arg_kinds)
    names = ", ".join(KIND_NAMES[k] for k in arg_kinds) or "none"
    return dict(
        kinds="".join("v" if i in packer.vm_refs else kind
                      for i, kind in enumerate(arg_kinds)).encode(),
        arity=f"takes {count} argument{'' if count == 1 else 's'} ({names})",
        result_kinds=function.result_kinds.encode(),
        uses_fences=function.uses_fences,
        # Whether call_async waits for a wait fence on the host first (see
        # PreparedCall.call_async).
        waits_on_host=any(d.id in _HOST_WAITING_DEVICE_IDS for d in function.session.devices),
        convert=packer.push_arg,
    )


class PreparedCall(_cext.Invoker):
    """A reusable call to one Function: its input and output VM lists are
    made once; each call only pushes the new arguments and invokes
    (iree_runtime_session_call).

    `prepared(*args, device=None, out=None)` calls the function with `args`
    and returns its results in order. The call is the base class's,
    ireec._cext.Invoker (csrc/python/invoker.c), the one route into an
    invoke (Function.__call__ and Session.call are this call, and a
    BoundCall is one with its arguments pinned): numpy arrays and
    BufferViews are pushed in C, any other argument (scalars, fences,
    byte-swapped or non-contiguous arrays, lists, DLPack objects) converted
    by the function's Packer into the same list.

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

    Calls hold the session's lock from pushing the arguments to decoding the
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
        "_binding": None,
    }
    function: Function
    device: Device | None

    def __init__(self, function: Function, device: Device | None = None) -> None:
        checked_object(device, Device, "device", optional=True)
        self.function = function
        self.device = device
        session = function.session
        binding = self._binding = _binding(function)
        # The function's two VM lists, owned by the C base (released by
        # close() or when collected).
        self._make_lists(session.lock, session, len(function._require_cconv()),
                         max(1, len(binding["result_kinds"])))
        with session.lock:
            if not session.closed:
                # (A closed session: every call raises ClosedError.)
                home = session.device
                self._bind(function.name, home, copy_to=home if device is None else device,
                           **binding)

    # __call__(*args, device=None, out=None) is the C base's (ireec._cext.
    # Invoker): see the class docstring.

    def call_async(self, *args: Value, wait: Fence | None = None,
                   device: Device | None = None) -> AsyncResults:
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
        checked_object(device, Device, "device", optional=True)
        return AsyncResults(self._call_async(args, wait, device))

    def bind(self, *args: Value, device: Device | None = None,
             out: Out = None) -> BoundCall:
        """A call with `args` converted and pushed once: each call of the
        returned BoundCall invokes with them again, reading its results into
        `out` if given (see BoundCall)."""
        return BoundCall(self, args, self.device if device is None else device, out)

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
    those arrays and returns them (a single array in the same crossing into
    C as the invoke). The bound arguments and `out` arrays stay referenced
    until `close()`. A coarse-fences function gets a new signal fence on
    every call, which the call waits for.

    Like a Session, a BoundCall may be shared by threads: calls take the
    session's lock.

    `bound()` invokes with the bound arguments and returns the results in
    order (or reads them into the arrays bound as out); `bound(out=...)`
    reads them into other arrays (see PreparedCall). The call is the base
    class's, the one invoker ireec._cext.Invoker, with the arguments pinned
    in its input list.
    """

    __slots__ = {
        "function": "The Function this call calls.",
    }
    function: Function

    def __init__(self, prepared: PreparedCall, args: tuple[Value, ...],
                 device: Device | None = None, out: Out = None) -> None:
        checked_object(device, Device, "device", optional=True)
        function = self.function = prepared.function
        session = function.session
        binding = prepared._binding
        # Lists of its own: the PreparedCall stays usable (or closable)
        # meanwhile.
        self._make_lists(session.lock, session, len(function._require_cconv()),
                         max(1, len(binding["result_kinds"])))
        with session.lock:
            session._require_open()
            home = session.device
            self._bind(function.name, home, copy_to=home, **binding, keeps_inputs=True,
                       out=out)
            # The arguments, pushed once (and `out` checked).
            self._push_bound(args, device)

    # __call__(out=None) and close() are the C base's (ireec._cext.Invoker).

    def __enter__(self) -> BoundCall:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<ireec.BoundCall {self.function.name}>"
