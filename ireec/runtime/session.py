"""Sessions (iree/runtime/session.h): a VM context with the HAL module bound
to one or more devices, and the modules loaded into it."""

from __future__ import annotations

import mmap
import os
import stat
from typing import TYPE_CHECKING, Callable, Sequence

from .. import _cext
from .._core.handle import Handle, use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.validate import checked_object, export_immutable, immutable_memory
from .._core.vm_instance import shared_vm_instance
from ..errors import InvalidArgumentError, IreeError, NotFoundError
from ..hal.device import Device
from ..hal.fence import Fence
from ..io.parameters import SessionParameters, note_missing_parameters
from ..vm.module import (Module, ModuleList, bytecode_module_name, context_module_names,
                         find_module)
from ..vm.native_module import NativeModule
from .advice import duplicate_module_error, load_error, lookup_error, note_missing_module
from .async_results import AsyncResults
from .call import Function, PreparedCall
from .debug_sink import TraceCallback, python_debug_sink
from .instance import Instance

if TYPE_CHECKING:
    from ..io.parameters import ParameterIndex
    from ..types import CData, Out, Value

# Where module bytes given from memory must start to be used in place: the
# alignment IREE lays out a module's read-only data segments with (relative to
# the module start) and that its heap buffers guarantee.
MODULE_ALIGNMENT = 64


class Session(Handle, _cext.SessionHandle):
    """An `iree_runtime_session_t`: one VM context holding the HAL module
    (bound to the session's devices) and the modules loaded into it.

    Thread-compatible, and guarded: loading, lookups and calls take the
    session's lock, so threads sharing a session are serialized (waits on
    fences happen outside it). Closing the Instance or the Device objects it
    was made from is safe: the session holds its own references.

    Module bytes given from memory (`load_module(bytes)`) are used in place
    when they are immutable (`bytes`, or a read-only mmap) and 64-byte aligned (no copy; the session keeps
    the Python object referenced, and its buffer exported, until the session
    is released), and copied into session-owned aligned memory otherwise.
    """

    __slots__ = {
        "instance": "The Instance the session was created in.",
        "_devices": None, "_lock": None, "_functions": None, "_module_memory": None,
        "_parameters": None,
    }
    instance: Instance

    def __init__(self, instance: Instance, device: Device | None = None, *,
                 devices: Sequence[Device] | None = None,
                 trace: TraceCallback | None = None):
        """ireec_runtime_session_create_with_devices: a session whose HAL
        module gets `devices` in order (or the one `device`), as a program
        compiled with one --iree-hal-target-device per device expects.

        Parameters
        ----------
        instance : ireec.Instance
            The instance (its `iree_runtime_instance_t`).
        device : ireec.Device, optional
            The session's one device (give this or `devices`).
        devices : sequence of ireec.Device, optional
            Its devices, in the order the program's targets name them.
        trace : callable, optional
            `trace(key, views)` receives the program's tensor traces
            (hal.buffer_view.trace: a str and a list of BufferViews)
            instead of stderr, as the `iree_hal_module_debug_sink_t` of
            ireec_runtime_session_create_with_debug_sink
            (ireec/runtime/debug_sink.py); what it raises, the call raises.
        """
        checked_object(instance, Instance, "instance")
        if (device is None) == (devices is None):
            raise TypeError("give a Session either device= or devices=[...], not both or neither")
        devices = [device] if devices is None else list(devices)
        if not devices:
            raise ValueError("a Session needs at least one device")
        for i, d in enumerate(devices):
            checked_object(d, Device, f"devices[{i}]")
        options = ffi.new("iree_runtime_session_options_t*")
        lib.iree_runtime_session_options_initialize(options)
        with use(instance, *devices) as (instance_ptr, *device_ptrs):
            handles = ffi.new("iree_hal_device_t*[]", device_ptrs)
            allocator = lib.iree_runtime_instance_host_allocator(instance_ptr)
            if trace is None:
                self._take(instance, devices, device_ptrs, lambda parent, keep_alive:
                           self._create(parent, keep_alive,
                                        lib.ireec_runtime_session_create_with_devices,
                                        instance_ptr, options, len(devices), handles,
                                        allocator))
                return
            # The session's HAL module owns the sink (released with it, or at
            # once if the session is not made).
            debug_sink, sink = python_debug_sink(trace)
            self._take(instance, devices, device_ptrs, lambda parent, keep_alive:
                       self._create(parent, keep_alive,
                                    lib.ireec_runtime_session_create_with_debug_sink,
                                    instance_ptr, options, len(devices), handles,
                                    debug_sink[0], allocator))
        sink.devices = self._devices

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False) -> "Session":
        """Adopts a raw `iree_runtime_session_t*` (see Handle.from_handle).
        Its instance and first device (iree_runtime_session_instance,
        iree_runtime_session_device) are what `instance` and `devices` then
        hold: a session made on several devices is seen with its first."""
        if isinstance(ptr, ffi.CData) and ptr == ffi.NULL:
            raise ValueError("Session needs a non-NULL pointer")
        if not isinstance(ptr, ffi.CData) or ffi.typeof(ptr) is not ffi.typeof(
                "iree_runtime_session_t*"):
            raise TypeError(f"Session wraps an iree_runtime_session_t*, not {ptr!r}")
        instance = Instance.from_handle(lib.iree_runtime_session_instance(ptr), retain=True)
        device = Device.from_handle(lib.iree_runtime_session_device(ptr), retain=True,
                                    instance=instance)
        self = cls.__new__(cls)
        self._take(instance, [device], [lib.iree_runtime_session_device(ptr)],
                   lambda parent, keep_alive: self._own(
                       ptr, retain=retain, parent=parent, keep_alive=keep_alive))
        device.close()  # _take made its own
        return self

    def _take(self, instance: Instance, devices, device_ptrs,
              own: Callable[[tuple, list], object]) -> None:
        """Owns the session made on `devices` (whose pointers, `device_ptrs`,
        come from uses the caller holds): `own(parent, keep_alive)` makes it
        (or adopts it) into this object."""
        # Wrappers of our own (new references): they stay valid when the
        # caller closes theirs, and results made by this session (whose
        # BufferViews refer to them) outlive closing the session. The
        # session holds a use of each (and of the instance), so closing one
        # of them (`session.device.close()`) cannot free what its calls use.
        self._devices = tuple(
            Device.from_handle(ptr, retain=True,
                               instance=None if d.instance is None or d.instance.closed
                               else d.instance)
            for d, ptr in zip(devices, device_ptrs))
        # The module bytes lent to the session: the C base empties this list
        # only once the session (and its context and modules) is released.
        self._module_memory: list = []
        own((instance, *self._devices), self._module_memory)
        self.instance = instance
        # Reentrant, as threading.RLock; in C, so the invoker takes it
        # without calling Python (csrc/python/lock.c).
        self._lock = _cext.Lock()
        self._functions: dict[str, Function] = {}
        self._parameters = SessionParameters()  # see load_parameters

    @property
    def lock(self) -> _cext.Lock:
        """The session's reentrant lock (as threading.RLock): loading,
        lookups and calls take it; take it yourself to make several steps
        one (other threads' calls on this session wait meanwhile)."""
        return self._lock

    @property
    def devices(self) -> tuple[Device, ...]:
        """The session's devices, in the order the HAL module got them."""
        self._require_open()
        return self._devices

    @property
    def device(self) -> Device:
        """The first device (the one iree_runtime_session_device returns):
        where numpy arguments go unless a call names another."""
        return self.devices[0]

    @property
    def context(self) -> CData:
        """iree_runtime_session_context (borrowed: valid while the session
        is open)."""
        with use(self) as (session,):
            return lib.iree_runtime_session_context(session)

    @property
    def modules(self) -> ModuleList:
        """Names of the context's modules in order, the HAL module first
        (iree_vm_context_module_at, iree_vm_module_name); `modules[name]`
        is that module, with its exported `functions` (ireec/modules.py)."""
        with self._lock:
            return self._module_list()

    def _module_list(self) -> ModuleList:
        """The modules' names (with the lock held); each module's exports are
        read when `modules[name]` is, under the lock."""
        def lookup(name: str):
            with self._lock, use(self) as (session,):
                return find_module(lib.iree_runtime_session_context(session), name)
        with use(self) as (session,):
            names = context_module_names(lib.iree_runtime_session_context(session))
        return ModuleList(names, lookup)

    def load_module(self, source: str | os.PathLike[str] | bytes | memoryview) -> None:
        """Appends a bytecode module (.vmfb) to the session.

        `source` is a path (str or os.PathLike:
        iree_runtime_session_append_bytecode_module_from_file, which reads it
        into memory the module owns) or a bytes-like object
        (iree_runtime_session_append_bytecode_module_from_memory with
        iree_allocator_null(): the bytes stay owned here, see the class
        docstring).
        """
        with self._lock:  # parameters given since the last load, first
            self._parameters.register(self.instance, self._append_module)
        if isinstance(source, (str, os.PathLike)):
            path = ffi.new("char[]", os.fsencode(source))
            with self._lock:
                self._refuse_duplicate(_file_module_name(self, source))
                with use(self) as (session,):
                    self._check_loaded(
                        lib.iree_runtime_session_append_bytecode_module_from_file(session, path))
                self._forget_functions()
            return
        try:
            view = memoryview(source)
        except TypeError:
            raise TypeError("load_module takes a path (str or os.PathLike) or a "
                            f"bytes-like object, not {type(source).__name__}") from None
        data, owner = _module_bytes(view)
        with self._lock:
            self._refuse_duplicate(bytecode_module_name(self._vm_instance(), data, view.nbytes))
            with use(self) as (session,):
                self._check_loaded(lib.iree_runtime_session_append_bytecode_module_from_memory(
                    session, lib.iree_make_const_byte_span(data, view.nbytes),
                    lib.iree_allocator_null()))
            # The module now reads these bytes for as long as it lives.
            self._module_memory.append(owner)
            self._forget_functions()

    # --- parameters (ireec/parameters.py) ---------------------------------
    def load_parameters(self, source: "str | os.PathLike[str] | ParameterIndex", scope: str = "",
                        *, mode: str = "mmap") -> None:
        """Makes the parameters in `source` (a path to an .irpa, .gguf or
        .safetensors file, or an ireec.ParameterIndex) available under
        `scope` to the modules loaded after this call.

        Every call adds to one index per scope; the next load_module
        registers the io_parameters module over them first. Modules already
        loaded read their parameters when they loaded and are not affected;
        a module loaded without parameters it needs fails to load, naming
        the scope and key. `mode` is ParameterIndex.load's. See
        ireec.parameters.SessionParameters.
        """
        with self._lock:
            self._require_open()
            self._parameters.add(source, scope, mode=mode)

    @property
    def parameters(self) -> "dict[str, ParameterIndex]":
        """{scope: ParameterIndex} given to load_parameters (a copy)."""
        return dict(self._parameters.indices)

    def _append_module(self, module: Module) -> None:
        with use(self, module) as (session, module_ptr):
            check_status(lib.iree_runtime_session_append_module(session, module_ptr))

    def append_module(self, module: Module) -> None:
        """Appends any VM module (iree_runtime_session_append_module).

        A module must be appended before the modules that import from it
        (those resolve their imports when they load). The session's context
        keeps its own reference; one module may be appended to several
        sessions.

        Parameters
        ----------
        module : ireec.vm.Module
            A NativeModule written in Python, or a native C or bytecode
            module adopted with `ireec.vm.Module.from_handle`.

        Raises
        ------
        TypeError
            `module` is not an ireec.vm.Module.
        AlreadyExistsError
            The session has a module of that name already.
        """
        if not isinstance(module, Module):
            raise TypeError(f"append_module takes an ireec.vm.Module (e.g. an "
                            f"ireec.vm.NativeModule), not {type(module).__name__}")
        with self._lock:
            self._parameters.register(self.instance, self._append_module)
            self._refuse_duplicate(module.name)
            # (A close() of the module meanwhile waits for the append.)
            with use(self, module) as (session, module_ptr):
                self._check_loaded(lib.iree_runtime_session_append_module(session, module_ptr))
                if isinstance(module, NativeModule):
                    state = ffi.new("iree_vm_module_state_t**")
                    check_status(lib.iree_vm_context_resolve_module_state(
                        lib.iree_runtime_session_context(session), module_ptr, state))
                    module._context_added(state[0], self)
            self._forget_functions()
    # ----------------------------------------------------------------------

    def _vm_instance(self) -> CData:
        """The iree_vm_instance_t of the session's runtime instance."""
        return shared_vm_instance()  # (every runtime instance's)

    def _refuse_duplicate(self, name: str | None) -> None:
        # IREE would append it and resolve every call to the first module.
        if name is not None:
            loaded = self._module_list()
            if name in loaded:
                raise duplicate_module_error(name, loaded)

    def _check_loaded(self, status: CData) -> None:
        """check_status for appending a module, saying which device a module
        compiled for another target needs: IREE's INCOMPATIBLE names only the
        program's internal device symbol and its full target attribute."""
        try:
            check_status(status)
        except IreeError as error:
            if isinstance(error, NotFoundError):  # e.g. a parameter no index has
                note_missing_parameters(error, self._parameters)
                note_missing_module(error)
            advised = load_error(error, self._devices)  # ireec/advice.py
            if advised is None:
                raise
            try:
                raise advised from error
            finally:
                # No cycle through this frame: it would keep load_module's
                # buffers exported until a garbage collection.
                del advised

    def function(self, name: str) -> Function:
        """The Function `name` ("module.function"), looked up once
        (iree_runtime_session_lookup_function) and cached."""
        # Looked up without the lock first: reading a dict is atomic, and
        # close() empties it before the session goes.
        function = self._functions.get(name) if type(name) is str else None
        if function is not None:
            return function
        if not isinstance(name, str):
            raise TypeError(f"function name must be a str, not {type(name).__name__}")
        with self._lock:
            self._require_open()
            function = self._functions.get(name)
            if function is None:
                try:
                    function = Function(self, name)
                except (NotFoundError, InvalidArgumentError) as error:
                    advised = lookup_error(error, name, self._module_list())
                    if advised is None:
                        raise
                    try:
                        raise advised from error
                    finally:
                        del advised  # no cycle through this frame
                self._functions[name] = function
            return function

    # call(name, *args, device=None, out=None) is the C base's
    # (ireec._cext.SessionHandle, csrc/python/session.c): the function's
    # PreparedCall, found by name in the session's table (`_calls`), called
    # from C. A name not in the table comes here first.

    def _call(self, name: str, *args: Value, device: Device | None = None,
              out: Out = None) -> list[Value]:
        """Calls `name` with `args` and returns its results in order, or
        reads them into `out` (iree_runtime_session_call; see
        PreparedCall)."""
        try:
            function = self._functions[name]
        except (KeyError, TypeError):  # not looked up yet, or not a name
            function = self.function(name)
        call = self._prepared_call(function)
        if device is None and out is None:
            return call(*args)  # no keywords for the invoker to read
        return call(*args, device=device, out=out)

    # Errors about its arguments name the method the caller called.
    _call.__qualname__ = "Session.call"

    def _prepared_call(self, function: Function) -> PreparedCall:
        """The PreparedCall every one-off call of `function` is made with:
        the one in the session's table (`_calls`, which Session.call reads in
        C), made and put there on first use. (A Function looked up before a
        module was loaded since is no longer the table's: it gets one of
        its own per call.)"""
        call = self._calls.get(function.name)
        if call is not None and call.function is function:
            return call
        with self._lock:
            self._require_open()
            call = self._calls.get(function.name)
            if call is None or call.function is not function:
                call = PreparedCall(function)
                if self._functions.get(function.name) is function:
                    self._calls[function.name] = call
            return call

    def _forget_functions(self) -> None:
        """Empties the cache of looked-up functions and the table of their
        calls (the lock held): loading a module, or closing."""
        self._functions.clear()
        self._calls.clear()

    def call_async(self, name: str, *args: Value, wait: Fence | None = None,
                   device: Device | None = None) -> AsyncResults:
        """Starts `name` (iree_runtime_session_call) and returns (results,
        signal_fence) without waiting (see PreparedCall.call_async)."""
        return self.function(name).call_async(*args, wait=wait, device=device)

    def trim(self) -> None:
        """iree_runtime_session_trim: drops what the modules can rebuild."""
        with self._lock:
            with use(self) as (session,):
                check_status(lib.iree_runtime_session_trim(session))

    def close(self) -> None:
        """Releases the session now (iree_runtime_session_release; its
        functions then raise ClosedError). Results already returned stay
        valid."""
        with self._lock:
            self._forget_functions()
            super().close()
            self._parameters.close()

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.Session closed>"
        return f"<ireec.Session devices={[d.id for d in self._devices]} modules={self.modules}>"


def _file_module_name(session: Session, path: str | os.PathLike[str]) -> str | None:
    """The name of the module in the file at `path`, read through a map of
    it, or None if it cannot be read (loading it then says why)."""
    try:
        # Only regular files are opened here: opening a FIFO would block (the
        # load refuses anything else, naming what it is).
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
            data = ffi.from_buffer(m)
            try:
                return bytecode_module_name(session._vm_instance(), data, len(m))
            finally:
                ffi.release(data)
    except (OSError, ValueError):
        return None


def _module_bytes(view: memoryview):
    """(pointer to the module bytes, the object keeping them alive)."""
    if view.nbytes == 0:
        raise ValueError("load_module got no bytes")
    if view.c_contiguous and immutable_memory(view):
        data, exported = export_immutable(view)
        if int(ffi.cast("uintptr_t", data)) % MODULE_ALIGNMENT == 0:
            # Immutable, so nothing can change the bytes under the module;
            # holding the export also stops the exporter closing them
            # (mmap.close raises BufferError while it is exported).
            return data, (view.obj, exported)
        ffi.release(exported)
    # Writable by someone (a read-only view of a bytearray or of a numpy
    # array is still written through its owner), strided or misaligned: a
    # private aligned copy that nothing else can reach.
    storage = bytearray(view.nbytes + MODULE_ALIGNMENT - 1)
    base = ffi.from_buffer(storage)
    offset = -int(ffi.cast("uintptr_t", base)) % MODULE_ALIGNMENT
    ffi.memmove(base + offset, view.cast("B") if view.c_contiguous else view.tobytes(),
                view.nbytes)
    return base + offset, (storage, base)
