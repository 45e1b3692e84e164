"""VM lists (iree/vm/list.h): `!util.list<T>` in a program, `vm.list` to
IREE's tools."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Iterator, SupportsIndex, overload

from .. import _cext
from .._core.handle import Handle, keep_in_use, use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.validate import checked_capacity, checked_object
from ..errors import InvalidArgumentError
from ..hal.device import Device
from .declaration import list_element_declaration, vm_type_name
from .ref import RefTypes
from .ref_type import type_name as ref_type_name
from .value import VALUE_TYPE_NAMES, VALUE_TYPES, set_value, value_type_of
from .variant import object_from_variant, ref_type_id, retain_ref, variant_type_name

if TYPE_CHECKING:
    from ..types import CData

# The element type of a list of variants (IREE's `!util.list<?>`).
VARIANT = "variant"
_VARIANT_NAMES = (VARIANT, "?")

# A variant emptied before each read: assigning into one that still holds a
# ref would release it.
_VARIANT_SIZE = ffi.sizeof("iree_vm_variant_t")


def _type_def(element_type: str) -> CData:
    """The iree_vm_type_def_t of an element type's name."""
    if element_type in _VARIANT_NAMES:
        return lib.iree_vm_make_undefined_type_def()
    value_type = VALUE_TYPES.get(element_type)
    if value_type is not None:
        return lib.iree_vm_make_value_type_def(value_type[0])
    type_id = ref_type_id(element_type)
    if type_id is None:
        raise ValueError(
            f"{element_type!r} is not an element type: give a value type (i8, i16, i32, "
            f"i64, f32, f64), a ref type (hal.buffer_view, hal.fence, vm.list, "
            f"vm.buffer, or one registered with ireec.vm.register_type), or "
            f"{VARIANT!r}")
    return lib.iree_vm_make_ref_type_def(type_id)


def _type_def_name(type_def: CData) -> str:
    if type_def.ref_type_bits:
        # (A type def keeps the type's descriptor, not its low tag bits.)
        return ref_type_name(type_def.ref_type_bits << 3)
    return VALUE_TYPE_NAMES.get(type_def.value_type_bits, VARIANT)


# Lists and vm.Buffers may be, or hold, a module's constant (a
# util.buffer.constant, over the module's own bytes), which IREE aborts the
# process for if still referenced when its module goes. A call's list or
# vm.Buffer result keeps the call's module (csrc/python/results.c); an
# element of either kind read from a List keeps that List, and a List keeps
# each one appended, so that no close() releases a module under a constant.
_MAY_HOLD_CONSTANTS = (_cext.VmListHandle, _cext.VmBufferHandle)


# The deepest nesting of lists converted (Python lists into Lists, Lists
# into Python lists): each level is a few Python frames, and Python's own
# limit (1000 frames) is then far away.
MAX_NESTING = 100


def check_nesting(values: list[Any], what: str) -> None:
    """InvalidArgumentError naming `what` if the Python lists and tuples
    in `values` nest more than MAX_NESTING levels deep, or hold
    themselves (a list IREE cannot hold: its lists are made from the
    innermost out)."""
    deepest: dict[int, int] = {}  # id -> the deepest level it was seen at
    pending: list[tuple[Any, int, frozenset[int]]] = [(values, 1, frozenset())]
    while pending:
        sequence, depth, outer = pending.pop()
        if id(sequence) in outer:
            raise InvalidArgumentError(f"{what}: a list holds itself; a List cannot",
                                       lib.IREE_STATUS_INVALID_ARGUMENT)
        if depth > MAX_NESTING:
            raise InvalidArgumentError(f"{what}: lists nest more than {MAX_NESTING} levels "
                                       f"deep", lib.IREE_STATUS_INVALID_ARGUMENT)
        if deepest.get(id(sequence), 0) >= depth:
            continue  # (held twice: checked from as deep already)
        deepest[id(sequence)] = depth
        inner = outer | {id(sequence)}
        pending.extend((value, depth + 1, inner) for value in sequence
                       if isinstance(value, (list, tuple)))


class List(Handle, _cext.VmListHandle):
    """An `iree_vm_list_t`: IREE's list, with its element type.

    Made with iree_vm_list_create. Values keep their IREE types: an i32
    stays an i32 (`type_at(i)` says which each element is). Into a list of
    variants a Python int goes as an i64, a float as an f64, a numpy scalar
    at its own width, a numpy or DLPack array (a JAX array) as a BufferView
    (a copy), a list or tuple as a List, bytes as a Buffer, None as a null
    ref. Read back (iree_vm_list_get_variant_assign), values are Python ints
    and floats, refs the ireec objects (ireec/vm/variant.py).

    A function's `!util.list` result is a List, and a List can be passed
    back in as it is; a Python list or tuple passed where a function takes
    a list becomes one, with the element type the function declares.

    Parameters
    ----------
    values : iterable, optional
        The elements, appended in order (see `append`).
    element_type : str, optional
        A value type ("i8" ... "i64", "f32", "f64"), a ref type
        ("hal.buffer_view", "vm.list", "vm.buffer", "hal.fence", or one
        registered with `ireec.vm.register_type`), or "variant" (the
        default: each element keeps its own type, IREE's `!util.list<?>`).
    capacity : int, optional
        Room to reserve (at least `len(values)`); at most what an
        allocation of 2**63 - 1 bytes holds.
    device : ireec.Device, optional
        Where numpy arrays put into the list are copied to, and the device
        of the BufferViews read from it.

    Raises
    ------
    TypeError
        `values` is not an iterable of values, or an element does not
        convert to the element type.
    ValueError
        `element_type` names no element type.
    """

    __slots__ = ()

    def __init__(self, values: Iterable[Any] = (), element_type: str | None = None, *,
                 capacity: int | None = None, device: Device | None = None) -> None:
        if element_type is None:
            element_type = VARIANT
        if not isinstance(element_type, str):
            raise TypeError(f"element_type must be a str, not {type(element_type).__name__}")
        checked_object(device, Device, "device", optional=True)
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise TypeError(f"a List is made from an iterable of values, not "
                            f"{type(values).__name__}")
        values = list(values)
        check_nesting(values, "List(values)")
        RefTypes.load()  # the type IREE releases the list through
        type_def = _type_def(element_type)
        if capacity is not None:
            # IREE rounds a capacity up to 64 elements and multiplies it by
            # the element's size unchecked; an element is at most a variant.
            capacity = checked_capacity(capacity, _VARIANT_SIZE, "the list capacity",
                                        rounding=64)
        self._create(device, None, lib.iree_vm_list_create, type_def,
                     max(len(values), capacity or 0), lib.iree_allocator_system())
        self.extend(values)

    @classmethod
    def create(cls, capacity: int, element_type: str | None = None) -> "List":
        """An empty list with room for `capacity` elements (iree_vm_list_create).

        Parameters
        ----------
        capacity : int
            How many elements to reserve room for.
        element_type : str, optional
            As the class takes it ("variant" by default).

        Returns
        -------
        List
            The new, empty list.
        """
        return cls((), element_type, capacity=capacity)

    @classmethod
    def from_handle(cls, ptr: CData, *, retain: bool = False,
                    device: Device | None = None) -> "List":
        """Adopts a raw `iree_vm_list_t*` (see Handle.from_handle).

        Parameters
        ----------
        ptr : cffi `iree_vm_list_t*`
            The list.
        retain : bool, optional
            Take a reference of its own (iree_vm_list_retain) instead of
            the caller's.
        device : ireec.Device, optional
            The device its BufferViews are read as on.

        Returns
        -------
        List
            The list, released (iree_vm_list_release) when closed.
        """
        self = cls.__new__(cls)
        self._own(ptr, retain=retain, parent=device)
        return self

    @property
    def device(self) -> Device | None:
        """The device of the list's tensors (its `iree_vm_list_t` holds
        `iree_hal_buffer_view_t` refs of no device of their own).

        Returns
        -------
        ireec.Device or None
            Where numpy arrays appended are copied to and BufferViews read
            are on.
        """
        return self._parent

    @property
    def element_type(self) -> str:
        """The element type (iree_vm_list_element_type).

        Returns
        -------
        str
            A value type's name ("i32"), a ref type's ("hal.buffer_view"),
            or "variant".
        """
        with use(self) as (vm_list,):
            return _type_def_name(lib.iree_vm_list_element_type(vm_list))

    def __len__(self) -> int:
        """The number of elements (iree_vm_list_size)."""
        with use(self) as (vm_list,):
            return int(lib.iree_vm_list_size(vm_list))

    @staticmethod
    def _variant(vm_list: CData, index: SupportsIndex) -> CData:
        """Element `index` (negative from the end) of the list `vm_list` (in
        use by the caller) as a borrowed variant: valid while the list holds
        it."""
        size = int(lib.iree_vm_list_size(vm_list))
        i = index.__index__()
        position = i + size if i < 0 else i
        if not 0 <= position < size:
            raise IndexError(f"index {i} is out of range for a List of {size}")
        variant = ffi.new("iree_vm_variant_t*")
        check_status(lib.iree_vm_list_get_variant_assign(vm_list, position, variant))
        return variant

    @overload
    def __getitem__(self, index: SupportsIndex) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> Any:
        """Element `index` as a Python value (iree_vm_list_get_variant_assign);
        a slice gives a Python list of them."""
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        with use(self) as (vm_list,):  # the element's ref is borrowed until wrapped
            element = object_from_variant(self._variant(vm_list, index), self.device,
                                          f"element {index.__index__()} of the List")
            if isinstance(element, _MAY_HOLD_CONSTANTS):
                # It keeps this list, which keeps what it keeps (the module
                # of the call that made it): see _MAY_HOLD_CONSTANTS.
                keep_in_use(element, self)
            return element

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self)):
            yield self[i]

    def type_at(self, index: SupportsIndex) -> str | None:
        """What element `index` holds (the type of its `iree_vm_variant_t`,
        from iree_vm_list_get_variant_assign).

        Parameters
        ----------
        index : int
            The element (negative from the end).

        Returns
        -------
        str or None
            IREE's name of its type ("i32", "f64", "hal.buffer_view",
            "vm.list", ...: a ref's from iree_vm_ref_type_name), or None for
            an empty variant.

        Raises
        ------
        IndexError
            `index` is out of range.
        """
        with use(self) as (vm_list,):
            return variant_type_name(self._variant(vm_list, index))

    def append(self, value: Any) -> None:
        """Appends `value` (iree_vm_list_push_value, iree_vm_list_push_ref_move).

        Parameters
        ----------
        value : object
            Converted to the element type; in a list of variants it keeps
            its own type (see the class docstring).

        Raises
        ------
        TypeError
            `value` does not convert to the element type.
        InvalidArgumentError
            An int does not fit the element type.
        """
        with use(self) as (vm_list,):
            element_type = _type_def_name(lib.iree_vm_list_element_type(vm_list))
            where = f"element {int(lib.iree_vm_list_size(vm_list))} of a List of {element_type}"
            scalar = element_type if element_type in VALUE_TYPES else None
            if element_type == VARIANT:
                scalar = value_type_of(value)
            if scalar is not None:
                out = ffi.new("iree_vm_value_t*")
                set_value(out, scalar, value, where)
                check_status(lib.iree_vm_list_push_value(vm_list, out))
                return
            ref = ffi.new("iree_vm_ref_t*")
            retain_ref(value, ref, self.device, where)
            if (ref.ptr != ffi.NULL and element_type != VARIANT
                    and ref_type_id(element_type) != ref.type):
                lib.iree_vm_ref_release(ref)
                raise TypeError(f"{where} must be a {element_type}, not {type(value).__name__}")
            status = lib.iree_vm_list_push_ref_move(vm_list, ref)
            if status:  # a NULL iree_status_t is OK
                lib.iree_vm_ref_release(ref)
                check_status(status)
            if isinstance(value, _MAY_HOLD_CONSTANTS):
                keep_in_use(self, value)  # and what it keeps (_MAY_HOLD_CONSTANTS)

    def extend(self, values: Iterable[Any]) -> None:
        """Appends each of `values`, as `append` does (iree_vm_list_push_value,
        iree_vm_list_push_ref_move).

        Parameters
        ----------
        values : iterable
            The values, in order.
        """
        for value in values:
            self.append(value)

    def to_list(self) -> list[Any]:
        """The elements as a Python list (iree_vm_list_get_variant_assign each).

        Returns
        -------
        list
            Python ints and floats, ireec objects for refs, and nested
            Lists as nested Python lists.
        """
        return self._to_list({}, 1)

    def _to_list(self, made: dict[int, list[Any]], depth: int) -> list[Any]:
        """to_list, with `made` the Python list already made for each IREE
        list on the way (by address: a list holding itself, directly or
        not, becomes a Python list holding itself, and a list held twice
        one Python list held twice), `depth` this list's nesting level."""
        if depth > MAX_NESTING:
            raise InvalidArgumentError(
                f"to_list: the List nests Lists more than {MAX_NESTING} levels deep",
                lib.IREE_STATUS_INVALID_ARGUMENT)
        result: list[Any] = []
        made[self._address] = result
        for value in self:
            if isinstance(value, List):
                seen = made.get(value._address)
                value = seen if seen is not None else value._to_list(made, depth + 1)
            result.append(value)
        return result

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.vm.List closed>"
        try:
            shown = repr(self.to_list())
        except TypeError:  # a ref ireec does not convert
            shown = f"({len(self)} elements)"
        return f"<ireec.vm.List of {self.element_type} {shown}>"


# The name this class had before it was a list.
VmList = List


def list_from_values(values: Iterable[Any], declared: str, device: Device | None) -> List:
    """A new List of `values` for an argument declared `declared` (a
    `!util.list<T>`): of T's element type (a list of variants for `?` or a
    type ireec does not know), each nested list made from its own
    declaration."""
    inner = list_element_declaration(declared)
    element_type = vm_type_name(inner) or VARIANT
    if element_type not in VALUE_TYPES and element_type != VARIANT \
            and ref_type_id(element_type) is None:
        element_type = VARIANT
    values = list(values)
    check_nesting(values, "a list argument")
    result = List((), element_type, capacity=len(values), device=device)
    for value in values:
        if element_type == "vm.list" and isinstance(value, (list, tuple)):
            nested = list_from_values(value, inner, device)
            result.append(nested)
            nested.close()  # the outer list holds it
        else:
            result.append(value)
    return result
