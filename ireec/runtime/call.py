"""Functions of a session's modules, and prepared calls to them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _cext, _cext_bridge
from ._handles import ClosedError
from ._fork import inherited_message
from ._library import ffi, lib
from ._strings import from_string_view, string_view
from ._marshal import KIND_NAMES, Packer, _RefTypes, parse_cconv
from .errors import AbortedError, check_status
from .fence import Fence, Semaphore
from .instance import Device

if TYPE_CHECKING:
    from .types import CData, Out, Value
    from .bound_call import BoundCall
    from .session import Session


def _list_ptr(address: int):
    """An invoker's list address as the iree_vm_list_t* cffi calls take."""
    return ffi.cast("iree_vm_list_t*", address)

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
        check_status(lib.iree_runtime_session_lookup_function(session.handle, view, function))
        self._function = function
        # The signature struct is held in a name while its string view is
        # read: a field of a by-value result left as a temporary points into
        # memory cffi frees as soon as the temporary goes.
        signature = lib.iree_vm_function_signature(function)
        self.signature = from_string_view(signature.calling_convention)
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
    def handle(self) -> CData:
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

    def prepare(self, device: Device | None = None) -> "PreparedCall":
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
    a prepared call never keeps arguments or results alive.
    """

    __slots__ = ("function", "device", "_packer", "_inputs", "_outputs",
                 "_arg_kinds", "_uses_fences", "_view_capacity",
                 "_session_device", "_arg_count")
    function: Function
    device: Device | None

    def __init__(self, function: Function, device: Device | None = None) -> None:
        self.function = function
        self.device = device
        kinds = function._require_cconv()
        self._packer = Packer(function.name, kinds)
        # The function's two VM lists, owned by the C base (released by
        # close() or when collected); Python fills them through these
        # pointers, cast once.
        self._make_lists(function.session._lock, function.session, len(kinds),
                         max(1, len(function.result_kinds)))
        self._inputs = _list_ptr(self._inputs_address)
        self._outputs = _list_ptr(self._outputs_address)
        # What every call needs and no call can change, read once.
        self._arg_kinds = function.arg_kinds
        self._uses_fences = function.uses_fences
        self._view_capacity = len(function.result_kinds)
        # The session's own first device (it never closes it), with its
        # handle and allocator: (Device, iree_hal_device_t*, allocator).
        self._session_device = None
        self._arg_count = len(self._arg_kinds)
        session = function.session
        with session._lock:
            if not session.closed:
                self._home()  # the general path reports a closed session

    # __call__(*args, device=None, out=None) is the C base's (ireec._cext.
    # Invoker): see the class docstring. What it does not do in C comes here
    # (through call_declined, below).

    def _convert_and_call(self, *args, device=None, out=None) -> list:
        """The call the C invoker passed on (device=, a closed session or
        call, arguments it declines, out= it does not read): converted by
        the Packer into the same lists, then the same invoke and result
        decoder as the calls C makes (_invoke_pushed), `out` read from the
        results; a coarse-fences call is invoked here and waited for."""
        session = self.function.session
        try:
            if self._uses_fences:
                results, signal = self._invoke(args, None, device)
            else:
                signal = None
                with session._lock:
                    self._push(args, device)
                    results = self._invoke_pushed()
            return self._complete(results, signal, out)
        except AbortedError as error:
            session._note_failed_devices(error)
            raise

    def _complete(self, results: list, signal: Fence | None, out) -> list:
        """A call's results (every form's but those C reads into `out`): once
        a coarse-fences call's signal fence is reached (only then are they
        complete), with `out` filled from them."""
        if signal is not None:
            signal.wait()
        if out is None:
            return results
        return self._packer.read_views_into(results, out)

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
        if wait is not None and not isinstance(wait, Fence):
            raise TypeError(f"wait must be an ireec.Fence or None, not {type(wait).__name__}")
        function = self.function
        try:
            if wait is not None and (not function.uses_fences
                                     or function.session._queue_waits_on_host):
                wait.wait()
            if not function.uses_fences:
                return self(*args, device=device), Fence(0)
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
            home = (session_device, session_device.handle, session_device.allocator)
            self._session_device = home
            # What the C invoker needs, read once (it checks that the session
            # and the lists are open before using the addresses): for the
            # calls it makes, and the invoke of those whose arguments Python
            # converts (_invoke_pushed), coarse-fences calls included.
            session = self.function.session
            addresses = tuple(map(_cext_bridge.address, (
                session._ptr, self.function._function,
                self._inputs, self._outputs, home[1], home[2])))
            self._set_fast((addresses, (), None, False), session_device,
                           self._arg_count, self._view_capacity == 1,
                           self._fast_path_applies())
        return home

    def _fast_path_applies(self) -> bool:
        """Whether calls on the session's device may take ireec._cext:
        every argument a tensor and no fences to make."""
        return (not self._uses_fences and self.device is None
                and set(self._arg_kinds) <= {"r"})

    def _push(self, args, device) -> tuple:
        """Converts `args` onto the input list (numpy arrays copied to
        `device`, else this call's, else the session's first device), the
        session's lock held; on failure the list is emptied. Returns the
        session's device (see _home)."""
        if len(args) != len(self._arg_kinds):
            self._raise_arg_count(args)
        session = self.function.session
        if session.closed or self.closed:
            raise ClosedError(inherited_message(session) or "the PreparedCall or its Session is closed")
        home = self._session_device or self._home()
        inputs = self._inputs
        try:
            if device is None:
                device = self.device
            if device is None:
                self._packer.push_args(inputs, args, *home)
            elif isinstance(device, Device):
                # A device of the caller's: a closed one raises ClosedError,
                # and a close() on another thread waits for the copies to it
                # to finish.
                device._acquire()
                try:
                    self._packer.push_args(inputs, args, device)
                finally:
                    device._release_use()
            else:
                self._packer.push_args(inputs, args, device)
        except BaseException:
            lib.iree_vm_list_clear(inputs)
            raise
        return home

    def _invoke(self, args, wait: Fence | None, device):
        """A coarse-fences call: the arguments, the wait fence and a new
        signal fence pushed, invoked; (results, signal fence)."""
        session = self.function.session
        with session._lock:
            home = self._push(args, device)
            try:
                signal = self._push_fences(self._inputs, wait, home[0])
            except BaseException:
                lib.iree_vm_list_clear(self._inputs)
                raise
            # The same invoke and result decoder as every other call; `out`
            # is read only once the signal fence is reached (_complete).
            results = self._invoke_pushed()
        return results, signal

    def bind(self, *args: Value, device: Device | None = None,
             out: Out = None) -> "BoundCall":
        """A call with `args` converted and pushed once: each call of the
        returned BoundCall invokes with them again, reading its results into
        `out` if given (see BoundCall)."""
        from .bound_call import BoundCall  # it builds on this module

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
        semaphore = Semaphore(device)
        signal = Fence.at(semaphore, 1)
        packer.push_ref(inputs, signal, None, "the signal fence")
        return signal

    # close() is the C base's: under the session's lock, releases the lists.

    def __enter__(self) -> PreparedCall:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<ireec.PreparedCall {self.function.name}>"


def call_declined(call: PreparedCall | BoundCall, args: tuple,
                  kwargs: dict | None) -> list:
    """The calls the C invoker declines (device=, a closed object, arguments
    it does not take: scalars, fences, byte-swapped or non-contiguous
    arrays, out= lists), converted in Python into the same lists and
    invoked: registered once, the one function the C invoker calls for
    them, so C looks nothing up on the object."""
    if kwargs:
        return call._convert_and_call(*args, **kwargs)
    return call._convert_and_call(*args)


_cext.register_declined_call(call_declined)
