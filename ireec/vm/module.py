"""VM modules (iree/vm/module.h): a module (`Module`, any iree_vm_module_t:
bytecode, native C, or written in Python, ireec/vm/native_module.py), the
modules of a context and what they export.

`session.modules` is a `ModuleList`: the modules' names in load order, the
HAL module first (a list of str, as before), that also takes a name:
`session.modules["module"].functions` maps each exported function's short
name to its `ExportedFunction` (name, calling convention, and the
declaration iree-compile recorded). `bytecode_module_name` reads a module's
name from its bytes before it is loaded, so that a second module of the same
name can be refused (IREE would silently resolve calls to the first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple, SupportsIndex, overload

from .. import _cext
from .._core.handle import Handle, use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import from_string_view
from ..errors import IreeError
from .function import calling_convention, read_attributes

if TYPE_CHECKING:
    from ..types import CData


class Module(Handle, _cext.VmModuleHandle):
    """An `iree_vm_module_t` reference: a module to append to sessions.

    `Session.append_module` (iree_runtime_session_append_module) adds it
    before the modules that import from it. Adopt any module made with the
    raw layer (a native C module, a bytecode module) with
    `Module.from_handle(ptr)` (released with iree_vm_module_release);
    `ireec.vm.NativeModule` makes one whose functions are Python callables.
    One module may be appended to several sessions: each session's context
    keeps its own reference and state.
    """

    __slots__ = ()

    @property
    def name(self) -> str:
        """The module's name (iree_vm_module_name).

        Returns
        -------
        str
            The name its functions are imported by ("custom" for
            `custom.add`).
        """
        with use(self) as (module,):
            return from_string_view(lib.iree_vm_module_name(module))

    @property
    def functions(self) -> dict[str, ExportedFunction]:
        """What the module exports (iree_vm_module_lookup_function_by_ordinal).

        Returns
        -------
        dict of str to ExportedFunction
            Each exported function by short name, in the module's order.
        """
        with use(self) as (module,):
            return exported_functions(module)

    def __repr__(self) -> str:
        if self.closed:
            return f"<ireec.vm.{type(self).__name__} closed>"
        return f"<ireec.vm.{type(self).__name__} {self.name!r} functions={list(self.functions)}>"


class ExportedFunction(NamedTuple):
    """A function a module exports (iree_vm_module_lookup_function_by_ordinal)."""

    name: str
    # The calling convention, e.g. "0rr_r" (iree_vm_function_signature).
    signature: str
    # iree-compile's "iree.abi.declaration" reflection attribute, e.g.
    # "sync func @simple_mul(%input0: tensor<4xf32>, ...) -> (...)", or None.
    declaration: str | None

    def __str__(self) -> str:
        return self.declaration or f"{self.name}({self.signature})"


class ModuleInfo:
    """A module in a session's context, read when `session.modules[name]` is."""

    __slots__ = {
        "name": "The module's name (iree_vm_module_name).",
        "functions": "{name: ExportedFunction} of every function it exports.",
    }
    name: str
    functions: dict[str, ExportedFunction]

    def __init__(self, name: str, functions: dict[str, ExportedFunction]) -> None:
        self.name = name
        # Exported functions by short name, in the module's order; IREE's
        # internal ones (`__init`, names with `$`) left out.
        self.functions = functions

    def __repr__(self) -> str:
        return f"<ireec.ModuleInfo {self.name!r} functions={list(self.functions)}>"


class ModuleList(list[str]):
    """The names of a session's modules in load order (a list of str) that
    also looks a module up by name: `modules["module"].functions`."""

    def __init__(self, names: list[str], lookup: Callable[[str], ModuleInfo]) -> None:
        super().__init__(names)
        # Reads a module's exports when asked for (names are all most uses need).
        self._lookup = lookup

    @overload
    def __getitem__(self, key: SupportsIndex) -> str: ...
    @overload
    def __getitem__(self, key: slice) -> list[str]: ...
    @overload
    def __getitem__(self, key: str) -> ModuleInfo: ...
    def __getitem__(self, key: SupportsIndex | slice | str) -> str | list[str] | ModuleInfo:
        if isinstance(key, str):
            if key not in self:
                raise KeyError(f"no module named {key!r} is loaded; the session has "
                               f"{list(self)}")
            return self._lookup(key)
        return super().__getitem__(key)


def exported_functions(module: CData) -> dict[str, ExportedFunction]:
    """What an iree_vm_module_t* exports, by short name, in its order."""
    functions = {}
    function = ffi.new("iree_vm_function_t*")
    for i in range(lib.iree_vm_module_signature(module).export_function_count):
        check_status(lib.iree_vm_module_lookup_function_by_ordinal(
            module, lib.IREE_VM_FUNCTION_LINKAGE_EXPORT, i, function))
        name = from_string_view(lib.iree_vm_function_name(function))
        if name.startswith("__") or "$" in name:
            continue
        signature = calling_convention(function)
        declaration = read_attributes(function).get("iree.abi.declaration")
        functions[name] = ExportedFunction(name, signature, declaration)
    return functions


def context_module_names(context: CData) -> list[str]:
    """The names of an iree_vm_context_t's modules, in order."""
    return [from_string_view(lib.iree_vm_module_name(lib.iree_vm_context_module_at(context, i)))
            for i in range(lib.iree_vm_context_module_count(context))]


def find_module(context: CData, name: str) -> ModuleInfo:
    """The first module of `name` in an iree_vm_context_t (the one IREE
    resolves calls to), with its exports; KeyError if there is none."""
    for i in range(lib.iree_vm_context_module_count(context)):
        module = lib.iree_vm_context_module_at(context, i)
        if from_string_view(lib.iree_vm_module_name(module)) == name:
            return ModuleInfo(name, exported_functions(module))
    raise KeyError(f"no module named {name!r} is loaded")


def bytecode_module_name(vm_instance: CData, data: CData, size: int) -> str | None:
    """The name of the bytecode module in `data` (iree_vm_bytecode_module_create
    in `vm_instance` on the bytes, borrowed, then released), or None if IREE
    refuses the bytes: loading them then fails with IREE's own error."""
    module = _cext.VmModuleHandle()
    try:
        module._create(None, None, lib.iree_vm_bytecode_module_create, vm_instance,
                       lib.iree_make_const_byte_span(data, size), lib.iree_allocator_null(),
                       lib.iree_allocator_system())
    except IreeError:
        return None
    try:
        with use(module) as (module_ptr,):
            return from_string_view(lib.iree_vm_module_name(module_ptr))
    finally:
        module.close()
