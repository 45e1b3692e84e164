"""Modules written in Python (iree/vm/native_module.h): `NativeModule`.

A compiled program calls into other modules through imports
(`func.func private @custom.add(i32, i32) -> i32`), resolved by name when
it is loaded into a context that already holds a module exporting them.
`NativeModule("custom", {"add": ("0ii_i", add)})` is such a module: an
IREE native module (iree_vm_native_module_create) whose every export is one
Python callable with its IREE calling convention.

How a call reaches Python: every export's shim is ireec._cext's one shim
(csrc/python/native_function.c) and its target (a pointer IREE only hands
back to the shim, never calls) the export's `_cext.NativeFunction`. The
shim takes the GIL; a call whose arguments and results are all scalars it
makes in C (one crossing into Python, for the function itself). Any other
call comes here: `_Function.call_general` unpacks the packed arguments
(i32/i64/f32/f64 and 16-byte refs, in convention order), converts refs to
ireec objects (ireec/vm/variant.py), calls the function and packs what it
returned (`_Function.pack`: refs as new references the caller takes). An
exception the function raises (or a result of the wrong type or number)
becomes a failed status through the one mechanism for Python code IREE
calls (ireec/_core/callbacks.py): `session.call` then raises that same
exception, with IREE's frames as a note, and the session keeps working.

Each context the module is added to gets a state that is only a number
(csrc/vm/module_state.c): `Session.append_module` records which session
that number belongs to, so BufferViews arriving from a call know their
device. The Python side (the functions, the descriptor tables IREE reads)
is kept here under the module's own number until IREE destroys the module
(the last context and the last `Module` object let go of it).
"""

from __future__ import annotations

import atexit
import itertools
import struct
import weakref
from typing import TYPE_CHECKING, Any, Callable, Mapping

import numpy as np

from .. import _cext
from .._core.callbacks import status_address_from_exception
from .._core.exiting import exiting
from .._core.library import ffi, lib
from ..errors import InvalidArgumentError
from .._core.status import check_status
from .._core.strings import string_view
from .._core.validate import UINT32, checked_int
from .._core.vm_instance import shared_vm_instance
from .function import KIND_NAMES, parse_cconv
from .module import Module
from .value import as_float, as_int, describe
from .variant import device_of_view, object_from_ref, retain_ref

if TYPE_CHECKING:
    from ..hal.device import Device
    from ..types import CData

# How each calling-convention kind is packed (IREE packs arguments and
# results without padding): a ref is its pointer and its type.
_PACKING = {"i": "i", "I": "q", "f": "f", "F": "d", "r": "QQ"}

_modules: dict[int, "_ModuleState"] = {}   # module number (its `self`) -> state
_numbers = itertools.count(1)
# Every export's shim (ireec._cext's).
_SHIM = ffi.cast("iree_vm_native_function_shim_t", _cext.native_function_shim)


class _ModuleState:
    """What IREE's module needs from Python while it lives: its functions,
    the C tables it reads, and the sessions its contexts belong to."""

    __slots__ = ("number", "name", "functions", "tables", "sessions", "address", "__weakref__")

    def __init__(self, name: str) -> None:
        self.number = next(_numbers)
        self.name = name
        self.functions: list[_Function] = []
        self.tables: list[Any] = []  # cffi memory IREE points into
        # {context state number: the Session it belongs to}
        self.sessions: weakref.WeakValueDictionary[int, _cext.SessionHandle] = weakref.WeakValueDictionary()
        self.address = 0  # the iree_vm_module_t*, once made

    def device_of(self, module_state: CData, view: CData | None = None) -> Device | None:
        """The device a call's BufferViews are on: of the session whose
        context has the state `module_state`, the one `view`'s buffer was
        allocated by (its first device otherwise); None for a context no
        Session made."""
        session = self.sessions.get(int(ffi.cast("uintptr_t", module_state)))
        if session is None or session.closed:
            return None
        if view is None:
            return session.devices[0]
        return device_of_view(session.devices, view)


class _Function:
    """One export: its Python callable, how its arguments and results are
    packed, and its C side (the NativeFunction IREE's shim calls)."""

    __slots__ = ("module", "native", "name", "full_name", "cconv", "arg_kinds",
                 "result_kinds", "target", "args", "results", "_what")

    def __init__(self, module: _ModuleState, name: str, cconv: str, target: Callable) -> None:
        parsed = parse_cconv(cconv) if isinstance(cconv, str) else None
        if parsed is None:
            raise ValueError(
                f"{module.name}.{name}: {cconv!r} is not a calling convention a Python "
                f"function can have: '0', then one letter per argument, '_', one per "
                f"result (i i32, I i64, f f32, F f64, r ref; 'v' for none), e.g. '0ri_r'")
        if not callable(target):
            raise TypeError(f"{module.name}.{name}: {target!r} is not callable")
        self.module = module
        self.name = name
        self.full_name = f"{module.name}.{name}"
        self.cconv = cconv
        self.arg_kinds, self.result_kinds = parsed
        self.target = target
        self.args = struct.Struct("=" + "".join(_PACKING[k] for k in self.arg_kinds))
        self.results = struct.Struct("=" + "".join(_PACKING[k] for k in self.result_kinds))
        self._what = f"{self.full_name} (calling convention {cconv!r})"
        self.native = _cext.NativeFunction(target, self.arg_kinds, self.result_kinds,
                                           self.call_general, self.pack,
                                           status_address_from_exception)

    def call_general(self, args_address: int, rets_address: int, state_address: int) -> None:
        """The call the shim leaves to Python (refs among the arguments):
        unpacks the arguments at `args_address`, calls the function, packs
        what it returned at `rets_address`."""
        module_state = ffi.cast("void*", state_address)
        packed = self.args.unpack(ffi.buffer(ffi.cast("char*", args_address),
                                             self.args.size)) if self.args.size else ()
        args = []
        position = 0
        for i, kind in enumerate(self.arg_kinds):
            if kind == "r":
                ptr, type_id = packed[position], packed[position + 1]
                position += 2
                pointer = ffi.cast("void*", ptr)
                device = self.module.device_of(module_state, pointer if ptr else None)
                args.append(object_from_ref(pointer, type_id, device,
                                            f"argument {i + 1} of {self._what}"))
            else:
                args.append(packed[position])
                position += 1
        self.pack(self.target(*args), rets_address, state_address)

    def pack(self, returned: Any, rets_address: int, state_address: int) -> None:
        """Packs what the Python function returned at `rets_address` (the
        results the shim does not pack itself), or raises a typed error
        naming the function and its convention."""
        kinds = self.result_kinds
        if not kinds:
            if returned is not None:
                raise TypeError(f"{self._what} returns nothing, but the Python function "
                                f"returned {describe(returned)}")
            return
        if len(kinds) == 1:
            values = (returned,)
        elif isinstance(returned, (tuple, list)) and len(returned) == len(kinds):
            values = tuple(returned)
        else:
            got = (f"{len(returned)} values" if isinstance(returned, (tuple, list))
                   else describe(returned))
            raise TypeError(f"{self._what} returns {len(kinds)} results: the Python "
                            f"function must return a tuple of {len(kinds)}, not {got}")
        fields: list[Any] = []
        refs: list[CData] = []
        try:
            for i, (kind, value) in enumerate(zip(kinds, values)):
                where = f"result {i} of {self._what}"
                if kind == "r":
                    ref = ffi.new("iree_vm_ref_t*")
                    retain_ref(_as_ref_value(value, where), ref,
                               self.module.device_of(ffi.cast("void*", state_address)), where)
                    refs.append(ref)
                    fields += (int(ffi.cast("uintptr_t", ref.ptr)), ref.type)
                elif kind in "iI":
                    fields.append(_result(as_int, value, kind, where))
                else:
                    fields.append(_result(as_float, value, kind, where))
            packed = self.results.pack(*fields)
        except BaseException:
            for ref in refs:
                lib.iree_vm_ref_release(ref)
            raise
        # The refs' references are the caller's now.
        ffi.memmove(ffi.cast("char*", rets_address), packed, len(packed))


def _as_ref_value(value: Any, where: str) -> Any:
    """A ref result as retain_ref takes it: a tuple is refused (it is more
    likely several results returned for one than a list)."""
    if isinstance(value, tuple):
        raise TypeError(f"{where} is one ref; the Python function returned a tuple "
                        f"(return a list or an ireec.vm.List for a list)")
    if isinstance(value, (bool, int, float, np.number)):
        raise TypeError(f"{where} is a ref; the Python function returned "
                        f"{describe(value)} {value!r}")
    return value


def _result(convert: Callable[[Any, str, str], Any], value: Any, kind: str, where: str) -> Any:
    try:
        return convert(value, kind, where)
    except (TypeError, InvalidArgumentError) as error:
        raise type(error)(f"{where} is an {KIND_NAMES[kind]}; the Python function "
                          f"returned {describe(value)} {value!r}") from None


class NativeModule(Module):
    """A VM module whose functions are Python callables: an IREE native
    module (iree_vm_native_module_create, an `iree_vm_module_t`).

    Examples
    --------
    ::

        module = ireec.vm.NativeModule("custom", {
            "call.sync": ("0r_r", call_sync),     # a BufferView in, one out
            "add": ("0ii_i", lambda a, b: a + b),
        })
        session.append_module(module)            # before the modules importing it
        session.load_module("example.vmfb")

    Each function has IREE's calling convention: "0", a letter per argument,
    "_", a letter per result (i i32, I i64, f f32, F f64, r ref; "v" for
    none). Arguments arrive as Python ints and floats, refs as ireec objects
    (BufferView, Fence, vm.List, vm.Buffer, the objects of a type registered
    with `ireec.vm.register_type`; None for a null ref). A function with one
    result returns it, one with several a tuple, one with none None; a ref
    result may also be a numpy or DLPack array (copied to the session's
    device), a list (a vm.List) or bytes (a vm.Buffer). A coarse-fences import
    (`iree.abi.model = "coarse-fences"`, IREE's custom_module/async) takes
    its wait and signal fences as its last two arguments: it returns at once
    and signals the signal fence (or fails it) when its results are ready.

    What the function raises is what the caller's `session.call` raises,
    with IREE's frames as a note; a result of the wrong type or number
    raises TypeError naming the function and its convention. Calls run with
    the GIL, taken on entry; the module may be appended to several sessions
    and called from several threads.

    Parameters
    ----------
    name : str
        The module's name (without "."), which programs import its
        functions by.
    functions : mapping of str to (str, callable)
        Each function's name and its (calling convention, callable).
    instance : ireec.Instance, optional
        Whose `iree_vm_instance_t` the module is made in (the process's
        default one otherwise).
    version : int, optional
        The module's version (iree_vm_native_module_descriptor_t's), which
        importing programs may require at least.

    Raises
    ------
    ValueError
        A bad module name or calling convention.
    TypeError
        An entry that is not (calling convention, callable).
    """

    __slots__ = ("_state",)

    def __init__(self, name: str, functions: Mapping[str, tuple[str, Callable[..., Any]]], *,
                 instance: _cext.InstanceHandle | None = None, version: int = 0) -> None:
        if not isinstance(name, str) or not name or "." in name:
            raise ValueError(f"a module's name must be a non-empty str without '.', "
                             f"not {name!r}")
        if not isinstance(functions, Mapping):
            raise TypeError(f"functions must map each name to (calling convention, "
                            f"callable), not {type(functions).__name__}")
        state = _ModuleState(name)
        for function_name in sorted(functions, key=lambda n: str(n).encode()):
            entry = functions[function_name]
            if not isinstance(function_name, str) or not function_name:
                raise TypeError(f"{name}: function names must be non-empty strs, "
                                f"not {function_name!r}")
            if not (isinstance(entry, tuple) and len(entry) == 2):
                raise TypeError(f"{name}.{function_name}: give (calling convention, "
                                f"callable), not {entry!r}")
            state.functions.append(_Function(state, function_name, *entry))
        if instance is not None:
            instance._require_open()
        # Every Instance's VM instance is the process's one.
        vm_instance = shared_vm_instance()
        descriptor = _describe(state, checked_int(version, UINT32, "version"))
        interface = ffi.new("iree_vm_module_t*")
        check_status(lib.iree_vm_module_initialize(interface, ffi.cast("void*", state.number)))
        interface.destroy = lib.ireec_vm_python_module_destroy
        interface.alloc_state = ffi.addressof(lib, "ireec_vm_module_numbered_state_alloc")
        interface.free_state = ffi.addressof(lib, "ireec_vm_module_numbered_state_free")
        out = ffi.new("iree_vm_module_t**")
        _modules[state.number] = state
        try:
            check_status(lib.iree_vm_native_module_create(
                interface, descriptor, vm_instance, lib.iree_allocator_system(), out))
        except BaseException:
            _forget(state.number)  # never made: IREE will not destroy it
            raise
        state.address = int(ffi.cast("uintptr_t", out[0]))
        self._state = state
        self._own(out[0])

    def _context_added(self, module_state: CData, session: _cext.SessionHandle) -> None:
        """Records that the context whose state for this module is
        `module_state` is `session`'s (Session.append_module)."""
        self._state.sessions[int(ffi.cast("uintptr_t", module_state))] = session


def _describe(state: _ModuleState, version: int) -> CData:
    """The iree_vm_native_module_descriptor_t of `state`'s functions, in
    memory `state` keeps (IREE reads it for as long as the module lives)."""
    count = len(state.functions)
    exports = ffi.new("iree_vm_native_export_descriptor_t[]", max(1, count))
    pointers = ffi.new("iree_vm_native_function_ptr_t[]", max(1, count))
    state.tables += [exports, pointers]
    for i, function in enumerate(state.functions):
        name, name_owner = string_view(function.name)
        cconv, cconv_owner = string_view(function.cconv)
        state.tables += [name_owner, cconv_owner]
        exports[i].local_name = name
        exports[i].calling_convention = cconv
        pointers[i].shim = _SHIM
        # Never called: IREE hands it back to the shim, which calls it.
        pointers[i].target = ffi.cast("iree_vm_native_function_target_t",
                                      function.native.address)
    descriptor = ffi.new("iree_vm_native_module_descriptor_t*")
    module_name, module_name_owner = string_view(state.name)
    state.tables += [descriptor, module_name_owner]
    descriptor.name = module_name
    descriptor.version = version
    descriptor.export_count = descriptor.function_count = count
    descriptor.exports = exports
    descriptor.functions = pointers
    return descriptor


def _forget(number: int) -> None:
    _modules.pop(number, None)


@ffi.def_extern()
def ireec_vm_python_module_destroy(self: CData) -> None:
    """IREE destroys the module (its last reference went): its Python side
    goes."""
    if not exiting():
        _forget(int(ffi.cast("uintptr_t", self)))


@atexit.register
def _keep_modules_past_exit() -> None:
    # A module released while the interpreter finalizes would call back into
    # it: every live one keeps one more reference, and its Python side stays.
    for state in list(_modules.values()):
        if state.address:
            lib.iree_vm_module_retain(ffi.cast("iree_vm_module_t*", state.address))
