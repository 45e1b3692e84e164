"""VM ref types whose objects are Python objects (iree_vm_instance_register_type).

A compiled program can carry values of a type a module defines, as IREE's
custom_module/basic sample does with `!custom.string`: the program only
passes them between the module's functions. `register_type("custom.string",
Message)` registers the type `custom.string` in the process's VM instance
(every ireec Instance shares it) so that a NativeModule function may return
a `Message` where its calling convention has a ref result, and receives
that same Python object where it takes one.

Each such value is a small C object IREE reference-counts (its counter
first, then the number under which the Python object is kept here). IREE
calls the type's destroy when the last reference goes, from whichever
thread drops it; the Python object is then let go. Registrations last for
the process: compiled modules resolve their types by name when loaded.
"""

from __future__ import annotations

import itertools
import threading
from typing import TYPE_CHECKING, Any

from .._core.exiting import exiting
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import from_string_view, string_view
from .._core.vm_instance import shared_vm_instance

if TYPE_CHECKING:
    from ..types import CData

# Where a value keeps the number of its Python object: after the counter,
# at a whole word.
_TOKEN_OFFSET = 8
_OBJECT_SIZE = 16

# token -> the Python object each live C object stands for (ireec._cext,
# given this table, reads it for a call's results).
objects_by_token: dict[int, Any] = {}
_tokens = itertools.count(1)
_lock = threading.RLock()  # (a destroy may come while it is held)


class RefType:
    """A registered VM ref type of Python objects (an `iree_vm_ref_type_t`
    registered with iree_vm_instance_register_type; made by
    `register_type`).

    Attributes
    ----------
    name : str
        IREE's type name, e.g. "custom.string".
    cls : type
        The Python class its values are instances of.
    type_id : int
        The iree_vm_ref_type_t.
    """

    __slots__ = ("name", "cls", "type_id", "_descriptor", "_name")
    name: str
    cls: type
    type_id: int

    def __init__(self, name: str, cls: type, type_id: int, descriptor: CData,
                 name_owner: CData) -> None:
        self.name = name
        self.cls = cls
        self.type_id = type_id
        self._descriptor = descriptor  # must outlive the registration
        self._name = name_owner

    def wrap(self, value: Any) -> CData:
        """A new C object of this type standing for `value` (allocated with
        iree_allocator_malloc; its `iree_atomic_ref_count_t` first).

        Parameters
        ----------
        value : object
            The Python object it stands for, kept until IREE destroys it.

        Returns
        -------
        cffi `void*`
            The object, with one reference: the caller's.
        """
        out = ffi.new("void**")
        check_status(lib.iree_allocator_malloc(lib.iree_allocator_system(), _OBJECT_SIZE, out))
        ptr = out[0]
        token = next(_tokens)
        with _lock:
            objects_by_token[token] = value
        bytes_ = ffi.cast("char*", ptr)
        ffi.cast("iree_atomic_ref_count_t*", bytes_)[0] = 1  # the counter, first
        ffi.cast("uint64_t*", bytes_ + _TOKEN_OFFSET)[0] = token
        return ptr

    def __repr__(self) -> str:
        return f"<ireec.vm.RefType {self.name} of {self.cls.__qualname__}>"


# Registered types: by Python class (what a result's value is boxed as) and
# by type id (what an argument's ref is unboxed from; ireec._cext reads it
# for a call's results).
_by_class: dict[type, RefType] = {}
types_by_id: dict[int, RefType] = {}


def register_type(name: str, cls: type) -> RefType:
    """Registers a VM ref type whose values are Python objects
    (iree_vm_instance_register_type on the process's VM instance).

    Parameters
    ----------
    name : str
        IREE's name of the type, e.g. "custom.string" (`!custom.string` in
        a program).
    cls : type
        The class of its values: a NativeModule function's ref result of
        this class becomes a value of the type, and a value of the type it
        receives is that same object.

    Returns
    -------
    RefType
        The registered type; registering the same name and class again
        returns the same one.

    Raises
    ------
    ValueError
        The name is IREE's or another class's already, or the class has
        another name.
    TypeError
        `name` is not a non-empty str or `cls` not a class.
    """
    if not isinstance(name, str) or not name:
        raise TypeError(f"a ref type's name must be a non-empty str, not {name!r}")
    if not isinstance(cls, type):
        raise TypeError(f"register_type takes the class of the type's values, not {cls!r}")
    with _lock:
        for registered in types_by_id.values():
            if registered.name == name:
                if registered.cls is cls:
                    return registered
                raise ValueError(f"the ref type {name!r} is registered already, for "
                                 f"{registered.cls.__qualname__}")
        if cls in _by_class:
            raise ValueError(f"{cls.__qualname__} is registered already, as the ref type "
                             f"{_by_class[cls].name!r}")
        vm_instance = shared_vm_instance()
        view, name_owner = string_view(name)
        if lib.iree_vm_instance_lookup_type(vm_instance, view):
            raise ValueError(f"the ref type {name!r} exists already in IREE")
        descriptor = ffi.new("iree_vm_ref_type_descriptor_t*")
        descriptor.destroy = lib.ireec_vm_python_ref_destroy
        descriptor.type_name = view
        descriptor.offsetof_counter = 0
        out = ffi.new("iree_vm_ref_type_t*")
        check_status(lib.iree_vm_instance_register_type(vm_instance, descriptor, out))
        ref_type = RefType(name, cls, int(out[0]), descriptor, name_owner)
        _by_class[cls] = ref_type
        types_by_id[ref_type.type_id] = ref_type
        return ref_type


def ref_type_of(value: Any) -> RefType | None:
    """The registered RefType of `value`'s class (or of a base class), or None."""
    for cls in type(value).__mro__:
        ref_type = _by_class.get(cls)
        if ref_type is not None:
            return ref_type
    return None


def registered_types() -> list[RefType]:
    """Every RefType registered so far."""
    return list(types_by_id.values())


def registered(type_id: int) -> RefType | None:
    """The RefType of a type id, if it is one of Python objects."""
    return types_by_id.get(type_id)


def object_of(ptr: CData | int) -> Any:
    """The Python object a C object of a registered type stands for."""
    address = ptr if isinstance(ptr, int) else int(ffi.cast("uintptr_t", ptr))
    return objects_by_token[ffi.cast("uint64_t*", address + _TOKEN_OFFSET)[0]]


@ffi.def_extern()
def ireec_vm_python_ref_destroy(ptr: CData) -> None:
    """IREE's destroy of a value of a registered type: its last reference
    went. Lets the Python object go and frees the C object."""
    if exiting():
        return  # the process is going: nothing to give back
    token = ffi.cast("uint64_t*", ffi.cast("char*", ptr) + _TOKEN_OFFSET)[0]
    with _lock:
        value = objects_by_token.pop(token, None)
    lib.iree_allocator_free(lib.iree_allocator_system(), ptr)
    del value  # (its own __del__, if any, runs here)


def live_object_count() -> int:
    """How many Python objects IREE still holds as values of registered types."""
    return len(objects_by_token)


def type_name(type_id: int) -> str:
    """IREE's name of a ref type (iree_vm_ref_type_name)."""
    return from_string_view(lib.iree_vm_ref_type_name(type_id))
